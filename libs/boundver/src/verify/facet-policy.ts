import { availableFacets, FACETS, type BoundverConfig, type ComponentConfig, type Facet } from '../config/config-types.js';
import { consumerGraph, sliceMembers } from '../engine/slice-entry.js';
import { compareCodePoints } from '../formats/string-order.js';

/** Facets sorted by name (the order the reference reports them in). */
export function sortFacets(facets: Iterable<Facet>): Facet[] {
  return [...new Set(facets)].sort(compareCodePoints);
}

/**
 * The facets verify gates for a component: explicit `--facets`, else the component's
 * `verify_facets`, else `defaults.verify_facets`, else every facet the component can produce.
 * Sorted by name.
 */
export function effectiveFacets(config: BoundverConfig, component: ComponentConfig, explicit: readonly Facet[] | null): Facet[] {
  return sortFacets(explicit ?? component.verifyFacets ?? config.defaultVerifyFacets ?? availableFacets(component));
}

/**
 * Whether a gated facet must exist on both sides: true as soon as any explicit policy applies
 * (CLI facets, the component's list, or `defaults.verify_facets`). The policy-free fallback
 * gates only what is available, so a null there is ordinary drift.
 */
export function availabilityRequired(config: BoundverConfig, component: ComponentConfig, explicit: readonly Facet[] | null): boolean {
  return explicit !== null || component.verifyFacets !== null || config.defaultVerifyFacets !== null;
}

/** The effective gate policy, as verify's JSON reports it. Maps are sorted by name. */
export interface FacetPolicy {
  /** Explicit `--facets` (sorted, unique) or null. */
  readonly explicit: Facet[] | null;
  /** `defaults.verify_facets` (sorted, unique) or null. */
  readonly defaults: Facet[] | null;
  readonly components: Map<string, Facet[]>;
  readonly slices: Map<string, { mode: Facet; gated: boolean }>;
}

/**
 * The policy of a config under explicit facets: per component its effective facets, per slice
 * its mode and whether it gates (mode among the explicit facets, or without them, among the
 * effective facets of any member).
 */
export function facetPolicy(config: BoundverConfig, explicit: readonly Facet[] | null): FacetPolicy {
  const components = new Map(
    [...config.components].sort((a, b) => compareCodePoints(a.name, b.name)).map((component) => [component.name, effectiveFacets(config, component, explicit)]),
  );
  const graph = consumerGraph(config);
  const slices = new Map<string, { mode: Facet; gated: boolean }>();
  for (const slice of [...config.slices].sort((a, b) => compareCodePoints(a.name, b.name))) {
    const gated = explicit !== null ? explicit.includes(slice.mode) : sliceMembers(slice, graph).some((member) => components.get(member)?.includes(slice.mode) ?? false);
    slices.set(slice.name, { mode: slice.mode, gated });
  }
  return {
    explicit: explicit === null ? null : sortFacets(explicit),
    defaults: config.defaultVerifyFacets === null ? null : sortFacets(config.defaultVerifyFacets),
    components,
    slices,
  };
}

/** Splits a comma-separated facet list; returns the known facets and the unknown names. */
export function parseFacetList(values: readonly string[]): { facets: Facet[]; unknown: string[] } {
  const known = new Set<string>(FACETS);
  const facets: Facet[] = [];
  const unknown: string[] = [];
  for (const value of values) {
    if (known.has(value)) facets.push(value as Facet);
    else unknown.push(value);
  }
  return { facets: sortFacets(facets), unknown: [...new Set(unknown)].sort(compareCodePoints) };
}
