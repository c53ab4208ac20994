import { type Family, isReferenceFamily } from '@driftgate/syntax';
import { ResolveError } from '../errors.js';
import type { Recipe } from './stamp.js';

/**
 * Which recipes a language family can be hashed under. Recipes 1 and 2 are the reference's, byte
 * for byte, so they exist only for the families the reference parses; every later family
 * (Java first) is recipe 3 only. This is the one place that rule lives: hashing, check, verify,
 * lint and the advisory magnitude all ask here instead of testing a family by name.
 */
export function recipeCovers(family: Family, recipe: Recipe): boolean {
  return recipe === 'v3' || isReferenceFamily(family);
}

/** Throws the typed `SURF_RECIPE_LANGUAGE` resolve error when {@link recipeCovers} does not hold. */
export function assertRecipeCovers(family: Family, recipe: Recipe, file?: string): void {
  if (!recipeCovers(family, recipe)) throw ResolveError.recipeLanguage(family, recipe, file);
}

/**
 * The recipe the advisory magnitude measures token distance under: v2 where it exists (its
 * streams are what every existing magnitude was computed from), else v3.
 */
export function measureRecipe(family: Family): Recipe {
  return isReferenceFamily(family) ? 'v2' : 'v3';
}
