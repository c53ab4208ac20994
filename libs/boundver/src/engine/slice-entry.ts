import type { BoundverConfig, SliceConfig } from '../config/config-types.js';
import { consumerClosure, type ConsumerNode } from '../config/consumers.js';
import { sliceFingerprint } from '../hashing/digests.js';
import { BoundverError } from '../errors.js';
import type { LockComponent, LockSlice } from '../lock/lock-types.js';
import { sortByCodePoint } from '../formats/string-order.js';

/** The consumer graph of a config: component name → direct downstream edges. */
export function consumerGraph(config: BoundverConfig): Map<string, ConsumerNode> {
  return new Map(config.components.map((component) => [component.name, { consumers: component.consumers, externalConsumers: component.externalConsumers }]));
}

/**
 * A slice's members, sorted by code point: its explicit components (de-duplicated), or the
 * `closure_of` seed with every component reachable along `consumers` edges.
 */
export function sliceMembers(slice: SliceConfig, graph: ReadonlyMap<string, ConsumerNode>): string[] {
  if (slice.closureOf !== null) return consumerClosure(graph, [slice.closureOf], true);
  return sortByCodePoint(new Set(slice.components ?? []));
}

/**
 * One slice entry: each member's digest for the slice mode (null for a member not in
 * `components`), fingerprinted as canonical JSON. `strict` (generation without
 * `--allow-partial`) refuses a null behavior/boundary/compat digest with
 * "Slice '<s>' requires <mode> digest for component '<c>'" (`BOUNDVER_GENERATION_FAILED`).
 */
export function computeSliceEntry(slice: SliceConfig, members: readonly string[], components: ReadonlyMap<string, LockComponent>, strict: boolean): LockSlice {
  const digests = new Map<string, string | null>();
  for (const member of members) {
    const entry = components.get(member);
    const digest = entry === undefined ? null : entry.fingerprints[slice.mode];
    if (entry !== undefined && digest === null && strict && slice.mode !== 'exact') {
      throw new BoundverError(
        'BOUNDVER_GENERATION_FAILED',
        `Slice '${slice.name}' requires ${slice.mode} digest for component '${member}'. Add the missing facet inputs, or pass --allow-partial to store null.`,
        { details: [`Slice '${slice.name}' requires ${slice.mode} digest for component '${member}'`] },
      );
    }
    digests.set(member, digest);
  }
  return { description: slice.description, mode: slice.mode, components: [...members], fingerprint: sliceFingerprint(digests), component_digests: digests };
}
