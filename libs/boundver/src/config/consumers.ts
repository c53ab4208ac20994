import { compareCodePoints } from '../formats/string-order.js';

/** What the consumer graph needs of a component: its direct downstream edges. */
export interface ConsumerNode {
  readonly consumers: readonly string[];
  readonly externalConsumers: readonly string[];
}

/**
 * Every configured component reachable from `seeds` along `consumers` edges (the direction a
 * boundary change propagates): breadth-first over sorted edges, cycle-safe, unknown names
 * ignored. Sorted by code point; seeds included only when `includeSeeds`.
 */
export function consumerClosure(
  components: ReadonlyMap<string, ConsumerNode>,
  seeds: Iterable<string>,
  includeSeeds = false,
): string[] {
  const seedSet = new Set(seeds);
  const seen = new Set(seedSet);
  const queue = [...seedSet].sort(compareCodePoints);
  for (let head = 0; head < queue.length; head += 1) {
    const node = components.get(queue[head]);
    if (node === undefined) continue;
    const next = [...new Set(node.consumers)].filter((name) => components.has(name)).sort(compareCodePoints);
    for (const consumer of next) {
      if (seen.has(consumer)) continue;
      seen.add(consumer);
      queue.push(consumer);
    }
  }
  if (!includeSeeds) for (const seed of seedSet) seen.delete(seed);
  return [...seen].sort(compareCodePoints);
}

/** Downstream impact of one component, internal and external, each sorted. */
export interface AffectedConsumers {
  readonly components: string[];
  readonly externalConsumers: string[];
}

/**
 * Direct mode: the component's configured consumers and its external labels. Transitive mode:
 * the whole closure, and the external labels of the component and of every reached component.
 */
export function affectedConsumers(
  components: ReadonlyMap<string, ConsumerNode>,
  componentName: string,
  transitive = false,
): AffectedConsumers {
  const node = components.get(componentName);
  const internal = transitive
    ? consumerClosure(components, [componentName])
    : [...new Set(node?.consumers ?? [])].filter((name) => components.has(name)).sort(compareCodePoints);
  const scope = transitive ? [componentName, ...internal] : [componentName];
  const external = new Set<string>();
  for (const name of scope) for (const label of components.get(name)?.externalConsumers ?? []) external.add(label);
  return { components: internal, externalConsumers: [...external].sort(compareCodePoints) };
}

/** `a, b, c` for at most `limit` names, then `, +N more`. */
export function previewNames(names: readonly string[], limit = 8): string {
  const shown = names.slice(0, limit).join(', ');
  return names.length > limit ? `${shown}, +${names.length - limit} more` : shown;
}

/**
 * The verify line that follows a gated boundary or compat mismatch:
 * `AFFECTED CONSUMERS[ (TRANSITIVE)] <component>: a, b, +N more`, over the sorted union of
 * internal consumers and external labels. Null when nothing is downstream.
 */
export function affectedConsumersLine(
  components: ReadonlyMap<string, ConsumerNode>,
  componentName: string,
  transitive = false,
): string | null {
  const impact = affectedConsumers(components, componentName, transitive);
  const names = [...new Set([...impact.components, ...impact.externalConsumers])].sort(compareCodePoints);
  if (names.length === 0) return null;
  return `AFFECTED CONSUMERS${transitive ? ' (TRANSITIVE)' : ''} ${componentName}: ${previewNames(names)}`;
}
