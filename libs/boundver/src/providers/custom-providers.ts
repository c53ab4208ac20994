import { createRequire } from 'node:module';
import { isAbsolute, join, relative, resolve as resolvePath, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CustomProviderDeclaration } from './custom-provider-declaration.js';
import type { CustomProvider } from './custom-provider-types.js';
import { MAX_CUSTOM_PROVIDERS } from '../limits.js';

/** A custom provider, imported and constructed for one operation. */
export interface LoadedCustomProvider {
  readonly name: string;
  readonly version: string;
  readonly declaration: CustomProviderDeclaration;
  readonly instance: CustomProvider;
}

/** Result of {@link loadCustomProviders}: providers by name, or the reasons loading failed. */
export interface CustomProviderLoad {
  readonly providers: ReadonlyMap<string, LoadedCustomProvider>;
  /** One line per failure; empty when every declaration loaded. */
  readonly errors: string[];
}

/** The message when a config declares custom providers and the caller did not opt in. */
export const CUSTOM_PROVIDERS_DISABLED =
  'Config declares custom providers but loading is not enabled. Pass --allow-custom-providers (or the equivalent trusted API argument).';

/**
 * Imports the custom providers a config declares. Nothing is imported without `allow`, and more
 * than 100 declarations are refused before any import. `module` is a repository-relative path of
 * an ES module (`./providers/x.js`, `tools/x.mjs`) or a package name resolved from the repository
 * root. Modules are loaded from disk: they are trusted code, not hashed content.
 */
export async function loadCustomProviders(
  declarations: readonly CustomProviderDeclaration[],
  options: { root: string; allow: boolean },
): Promise<CustomProviderLoad> {
  if (declarations.length === 0) return { providers: new Map(), errors: [] };
  if (declarations.length > MAX_CUSTOM_PROVIDERS) {
    return { providers: new Map(), errors: [`Config declares ${declarations.length} custom providers, more than the ${MAX_CUSTOM_PROVIDERS}-provider limit`] };
  }
  if (!options.allow) return { providers: new Map(), errors: [CUSTOM_PROVIDERS_DISABLED] };
  const providers = new Map<string, LoadedCustomProvider>();
  const errors: string[] = [];
  for (const declaration of declarations) {
    try {
      providers.set(declaration.name, await loadOne(declaration, options.root));
    } catch (cause) {
      errors.push(`Provider '${declaration.name}' (module ${declaration.module}, class ${declaration.className}): ${(cause as Error)?.message ?? String(cause)}`);
    }
  }
  return { providers, errors };
}

async function loadOne(declaration: CustomProviderDeclaration, root: string): Promise<LoadedCustomProvider> {
  const url = moduleUrl(declaration.module, root);
  const namespace = (await import(url)) as Record<string, unknown>;
  const exported = namespace[declaration.className];
  if (typeof exported !== 'function') {
    throw new Error(`the module has no exported class named ${declaration.className}; export it by that name`);
  }
  const instance = new (exported as new () => CustomProvider)();
  if (typeof instance?.resolve !== 'function') throw new Error('the class has no resolve(context) method');
  const version = instance.version ?? (exported as { version?: unknown }).version ?? '1';
  if (typeof version !== 'string' || version === '') throw new Error('its version must be a non-empty string');
  return { name: declaration.name, version, declaration, instance };
}

function moduleUrl(specifier: string, root: string): string {
  const looksLikePath = specifier.startsWith('.') || specifier.startsWith('/') || /\.(?:m?js|cjs)$/.test(specifier);
  if (!looksLikePath) {
    try {
      return pathToFileURL(createRequire(join(root, 'package.json')).resolve(specifier)).href;
    } catch {
      throw new Error(`cannot resolve package '${specifier}' from the repository root; install it or use a repository-relative module path`);
    }
  }
  const absolute = resolvePath(root, specifier);
  const rel = relative(root, absolute);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
    throw new Error('module paths must stay inside the repository');
  }
  return pathToFileURL(absolute).href;
}
