import { findRepoRoot, isGitError, isShallowRepository, resolveCommit, uniqueMergeBase, type ResolvedCommit, type Snapshot } from '@driftgate/git';
import { comparableJson } from '../formats/comparable-json.js';
import { loadConfigFromSource, requireValidConfig } from '../config/config-source.js';
import { DEFAULT_LOCK_NAME, FACETS, type BoundverConfig, type Facet } from '../config/config-types.js';
import type { ConsumerNode } from '../config/consumers.js';
import type { EngineLimits } from '../engine/engine-limits.js';
import { BoundverError, isBoundverError } from '../errors.js';
import { facetPolicy, parseFacetList, type FacetPolicy } from '../verify/facet-policy.js';
import type { JsonValue } from '../formats/json-value.js';
import { readLock } from '../lock/lock-read.js';
import { COMPONENT_METADATA_FIELDS, type Lock } from '../lock/lock-types.js';
import { lockComponentValue, lockSliceValue } from '../lock/lock-write.js';
import { captureOperationSource, readSourceFile, resolveRepoFile } from '../source/operation-source.js';
import { canonicalDocuments } from './review-canonical-documents.js';
import { structuralChanges } from './review-structural.js';
import {
  type ChangePair,
  type ComponentTransition,
  type ConsumerEdge,
  REVIEW_SCHEMA,
  type ReviewConsumerImpact,
  type ReviewEndpoint,
  type ReviewFacetPolicy,
  type ReviewResult,
  type ReviewSource,
  type SliceImpact,
  type SliceTransition,
  type SourcedName,
} from './review-types.js';
import { consumerGraph } from '../engine/slice-entry.js';
import { compareCodePoints } from '../formats/string-order.js';
import { verifyLockInSnapshot } from '../verify/verify.js';

/** Options of {@link reviewRange}. */
export interface ReviewOptions {
  readonly cwd: string;
  /** Base revision (`BASE` of `BASE..TARGET`). */
  readonly base: string;
  readonly target: string;
  /** Compare the unique merge base of base and target with target (what a pull request changes). */
  readonly mergeBase?: boolean;
  /** Config path at both endpoints; undefined: `boundary.config.json`, then `.yaml`, `.yml`, `.toml`. */
  readonly config?: string;
  /** Lock path at both endpoints. Default `boundary.lock.json`. */
  readonly lock?: string;
  /** Explicit gate policy (every facet is compared whatever it is). Empty: each endpoint's config. */
  readonly facets?: readonly string[];
  /** Consumer impact over the transitive closure instead of direct consumers. */
  readonly transitive?: boolean;
  readonly allowCustomProviders?: boolean;
  readonly limits?: EngineLimits;
}

/** How many endpoint problems a stale-endpoint error lists. */
const MAX_ENDPOINT_ISSUES = 20;

const sortNames = (names: Iterable<string>): string[] => [...new Set(names)].sort(compareCodePoints);

function reviewError(message: string, cause?: unknown): BoundverError {
  return new BoundverError('BOUNDVER_REVIEW', message, cause === undefined ? {} : { cause });
}

function sourceOf(sources: ReadonlySet<'base' | 'target'>): ReviewSource {
  return sources.size === 2 ? 'both' : sources.has('base') ? 'base' : 'target';
}

/** One endpoint, read and checked: config and lock of its commit, and the lock matches the commit. */
interface LoadedEndpoint {
  readonly payload: ReviewEndpoint;
  readonly config: BoundverConfig;
  readonly lock: Lock;
}

async function loadEndpoint(
  snapshot: Snapshot,
  label: 'base' | 'target',
  requested: { ref: string; commit: string },
  resolved: ResolvedCommit,
  options: ReviewOptions,
): Promise<LoadedEndpoint> {
  const at = `${label} endpoint ${resolved.commit}`;
  let config: BoundverConfig;
  let lock: Lock;
  let configPath: string;
  const lockFile = resolveRepoFile(snapshot.root, options.lock ?? DEFAULT_LOCK_NAME);
  try {
    const loaded = await loadConfigFromSource(snapshot, options.config);
    configPath = loaded.file.relative ?? loaded.file.display;
    config = requireValidConfig(loaded, { requireSliceFacets: false });
    const found = await readSourceFile(snapshot, lockFile, 'lock');
    if (found === null) throw reviewError(`The ${at} has no ${lockFile.display}; commit the lock at both endpoints before reviewing them.`);
    const read = readLock(found.bytes, { source: `${lockFile.display} at ${resolved.commit}` });
    if (read.lock === null) throw reviewError(`The ${at} has an invalid lock:\n${read.issues.map((issue) => `  ${issue}`).join('\n')}`);
    lock = read.lock;
  } catch (error) {
    if (!isBoundverError(error) || error.code === 'BOUNDVER_REVIEW') throw error;
    throw reviewError(`The ${at} is incomplete: ${error.message}`, error);
  }
  // A lock that does not describe its own commit would make the comparison about something else.
  const verified = await verifyLockInSnapshot(snapshot, {
    cwd: snapshot.root,
    source: 'head',
    ...(options.config === undefined ? {} : { config: options.config }),
    lock: options.lock ?? DEFAULT_LOCK_NAME,
    allowCustomProviders: options.allowCustomProviders ?? false,
    ...(options.limits === undefined ? {} : { limits: options.limits }),
  });
  const drift = [...verified.issues, ...verified.observations];
  if (drift.length > 0) {
    const shown = drift.slice(0, MAX_ENDPOINT_ISSUES).map((issue) => `  ${issue}`);
    if (drift.length > MAX_ENDPOINT_ISSUES) shown.push(`  +${drift.length - MAX_ENDPOINT_ISSUES} more`);
    throw reviewError(
      `The ${at} is stale: its ${lockFile.display} does not match commit ${resolved.commit}:\n${shown.join('\n')}\nRegenerate the lock at that commit (\`boundver generate\`) and commit it; review compares reconciled endpoints only.`,
    );
  }
  return {
    payload: {
      requested_ref: requested.ref,
      requested_commit: requested.commit,
      commit: resolved.commit,
      tree: resolved.tree,
      source: 'git-commit',
      config: `${resolved.commit}:${configPath}`,
      lock: `${resolved.commit}:${lockFile.relative ?? lockFile.display}`,
    },
    config,
    lock,
  };
}

function policyPayload(policy: FacetPolicy): ReviewFacetPolicy {
  return {
    explicit: policy.explicit,
    defaults: policy.defaults,
    components: Object.fromEntries(policy.components),
    slices: Object.fromEntries([...policy.slices].map(([name, slice]) => [name, { mode: slice.mode, gated: slice.gated }])),
  };
}

/** Consumers of `seed` at one endpoint: direct, or the closure; edges walked. */
function walk(graph: ReadonlyMap<string, ConsumerNode>, seed: string, transitive: boolean): { internal: Set<string>; external: Set<string>; edges: Set<string> } {
  const internal = new Set<string>();
  const external = new Set<string>();
  const edges = new Set<string>();
  const seen = new Set([seed]);
  const pending = [seed];
  while (pending.length > 0) {
    const from = pending.shift()!;
    const node = graph.get(from);
    if (node !== undefined) {
      for (const consumer of sortNames(node.consumers)) {
        if (!graph.has(consumer)) continue;
        edges.add(JSON.stringify([from, consumer, 'component']));
        if (consumer !== seed) internal.add(consumer);
        if (transitive && !seen.has(consumer)) {
          seen.add(consumer);
          pending.push(consumer);
        }
      }
      for (const label of sortNames(node.externalConsumers)) {
        edges.add(JSON.stringify([from, label, 'external']));
        external.add(label);
      }
    }
    if (!transitive) break;
  }
  return { internal, external, edges };
}

function consumerImpact(
  graphs: { base: ReadonlyMap<string, ConsumerNode>; target: ReadonlyMap<string, ConsumerNode> },
  component: string,
  triggers: Array<'boundary' | 'compat'>,
  graphChanged: boolean,
  transitive: boolean,
): ReviewConsumerImpact {
  const internal = new Map<string, Set<'base' | 'target'>>();
  const external = new Map<string, Set<'base' | 'target'>>();
  const edges = new Map<string, Set<'base' | 'target'>>();
  for (const endpoint of ['base', 'target'] as const) {
    const found = walk(graphs[endpoint], component, transitive);
    const add = (into: Map<string, Set<'base' | 'target'>>, key: string) => into.set(key, new Set([...(into.get(key) ?? []), endpoint]));
    for (const name of found.internal) add(internal, name);
    for (const name of found.external) add(external, name);
    for (const edge of found.edges) add(edges, edge);
  }
  const rows = (from: Map<string, Set<'base' | 'target'>>): SourcedName[] => sortNames(from.keys()).map((name) => ({ name, source: sourceOf(from.get(name)!) }));
  const edgeRows = [...edges]
    .map(([key, sources]) => {
      const [from, to, kind] = JSON.parse(key) as [string, string, ConsumerEdge['kind']];
      return { from, to, kind, source: sourceOf(sources) };
    })
    .sort((a, b) => compareCodePoints(a.from, b.from) || compareCodePoints(a.to, b.to) || compareCodePoints(a.kind, b.kind));
  return { component, trigger_facets: triggers, graph_changed: graphChanged, transitive, components: rows(internal), external_consumers: rows(external), edges: edgeRows };
}

function componentTransitions(
  base: LoadedEndpoint,
  target: LoadedEndpoint,
  policies: { base: FacetPolicy; target: FacetPolicy },
  transitive: boolean,
): { changed: ComponentTransition[]; unchanged: string[]; impacts: ReviewConsumerImpact[] } {
  const graphs = { base: consumerGraph(base.config), target: consumerGraph(target.config) };
  const changed: ComponentTransition[] = [];
  const unchanged: string[] = [];
  const impacts: ReviewConsumerImpact[] = [];
  for (const name of sortNames([...base.lock.components.keys(), ...target.lock.components.keys()])) {
    const before = base.lock.components.get(name);
    const after = target.lock.components.get(name);
    const status = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
    const baseSelected = new Set(policies.base.components.get(name) ?? []);
    const targetSelected = new Set(policies.target.components.get(name) ?? []);
    const facets = FACETS.flatMap((facet) => {
      const old = before?.fingerprints[facet] ?? null;
      const now = after?.fingerprints[facet] ?? null;
      if (old === now) return [];
      const selected = { base: baseSelected.has(facet), target: targetSelected.has(facet), effective: baseSelected.has(facet) || targetSelected.has(facet) };
      return [{ facet, before: old, after: now, selected }];
    });
    const metadata: Record<string, ChangePair> = {};
    if (before !== undefined && after !== undefined) {
      const was = lockComponentValue(before);
      const is = lockComponentValue(after);
      for (const field of COMPONENT_METADATA_FIELDS) {
        const old = was.get(field) ?? null;
        const now = is.get(field) ?? null;
        if (comparableJson(old) !== comparableJson(now)) metadata[field] = { before: old, after: now };
      }
      if (facets.length === 0 && Object.keys(metadata).length === 0) {
        unchanged.push(name);
        continue;
      }
    }
    changed.push({ name, status, before_version: before?.version ?? null, after_version: after?.version ?? null, facets, metadata });
    const triggers = facets.map((change) => change.facet).filter((facet): facet is 'boundary' | 'compat' => facet === 'boundary' || facet === 'compat');
    const hasConsumers = (entry: typeof before) => entry !== undefined && (entry.consumers.length > 0 || entry.external_consumers.length > 0);
    const graphChanged = (status !== 'changed' && (hasConsumers(before) || hasConsumers(after))) || 'consumers' in metadata || 'external_consumers' in metadata;
    if (triggers.length > 0 || graphChanged) impacts.push(consumerImpact(graphs, name, triggers, graphChanged, transitive));
  }
  return { changed, unchanged, impacts };
}

const SLICE_FIELDS = ['description', 'mode', 'components', 'component_digests'] as const;

function sliceTransitions(base: Lock, target: Lock): { changed: SliceTransition[]; unchanged: string[] } {
  const changed: SliceTransition[] = [];
  const unchanged: string[] = [];
  for (const name of sortNames([...base.slices.keys(), ...target.slices.keys()])) {
    const before = base.slices.get(name);
    const after = target.slices.get(name);
    const status = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
    const metadata: Record<string, ChangePair> = {};
    if (before !== undefined && after !== undefined) {
      const was = lockSliceValue(before);
      const is = lockSliceValue(after);
      for (const field of SLICE_FIELDS) {
        const old = (was.get(field) ?? null) as JsonValue;
        const now = (is.get(field) ?? null) as JsonValue;
        if (comparableJson(old) !== comparableJson(now)) metadata[field] = { before: old, after: now };
      }
      if (before.fingerprint === after.fingerprint && Object.keys(metadata).length === 0) {
        unchanged.push(name);
        continue;
      }
    }
    changed.push({ name, status, before: before?.fingerprint ?? null, after: after?.fingerprint ?? null, metadata });
  }
  return { changed, unchanged };
}

/** Slices that hold a changed component or a consumer it reaches, or that changed themselves. */
function sliceImpact(base: Lock, target: Lock, changed: readonly ComponentTransition[], impacts: readonly ReviewConsumerImpact[], changedSlices: readonly SliceTransition[]): SliceImpact[] {
  const roles = new Map<string, Set<'changed' | 'consumer'>>();
  for (const component of changed) roles.set(component.name, new Set(['changed']));
  for (const impact of impacts) for (const component of impact.components) roles.set(component.name, new Set([...(roles.get(component.name) ?? []), 'consumer']));
  const membership = new Map<string, Map<string, Set<'base' | 'target'>>>();
  const sources = new Map<string, Set<'base' | 'target'>>();
  for (const [endpoint, lock] of [['base', base], ['target', target]] as const) {
    for (const [slice, entry] of lock.slices) {
      for (const member of entry.components) {
        if (!roles.has(member)) continue;
        sources.set(slice, new Set([...(sources.get(slice) ?? []), endpoint]));
        const members = membership.get(slice) ?? new Map<string, Set<'base' | 'target'>>();
        members.set(member, new Set([...(members.get(member) ?? []), endpoint]));
        membership.set(slice, members);
      }
    }
  }
  const changedByName = new Map(changedSlices.map((slice) => [slice.name, slice]));
  for (const [name, transition] of changedByName) {
    if (sources.has(name)) continue;
    const from = new Set<'base' | 'target'>();
    if (transition.status !== 'added') from.add('base');
    if (transition.status !== 'removed') from.add('target');
    sources.set(name, from);
  }
  return sortNames(sources.keys()).map((name) => {
    const members = membership.get(name) ?? new Map<string, Set<'base' | 'target'>>();
    return {
      name,
      source: sourceOf(sources.get(name)!),
      changed: changedByName.has(name),
      components: sortNames(members.keys()).map((member) => ({ name: member, roles: [...roles.get(member)!].sort(compareCodePoints), source: sourceOf(members.get(member)!) })),
    };
  });
}

/**
 * `boundver review BASE..TARGET`: compares two immutable endpoints. Each ref is resolved once to a
 * commit (the base to the unique merge base with `mergeBase`); each endpoint's config and lock
 * are read from its own commit, and its lock must describe that commit (verified from the commit's
 * tree; a stale endpoint is an error naming the commit). Then per component, which facets changed
 * and how (added / removed / changed, gating at either endpoint or only observed), its metadata,
 * the consumers affected at either endpoint (direct or transitive), the structural explanation of
 * API-surface boundaries, and the slices changed or touched. All four facets are always compared;
 * `facets` only overrides the policy shown. Throws `BOUNDVER_REVIEW` (or `BOUNDVER_USAGE`) when the
 * review cannot be complete: a review is never partial.
 */
export async function reviewRange(options: ReviewOptions): Promise<ReviewResult> {
  let explicit: Facet[] | null = null;
  if (options.facets !== undefined && options.facets.length > 0) {
    const parsed = parseFacetList(options.facets);
    if (parsed.unknown.length > 0) throw new BoundverError('BOUNDVER_USAGE', `Unknown review facet(s): ${parsed.unknown.join(', ')}; use exact, behavior, boundary or compat.`);
    explicit = FACETS.filter((facet) => parsed.facets.includes(facet));
  }
  const root = await findRepoRoot(options.cwd);
  const shallow = await isShallowRepository(root);
  let requestedBase: ResolvedCommit;
  let effectiveBase: ResolvedCommit;
  let target: ResolvedCommit;
  try {
    requestedBase = await resolveCommit(root, options.base, 'base');
    target = await resolveCommit(root, options.target, 'target');
    effectiveBase = options.mergeBase ? await resolveCommit(root, await uniqueMergeBase(root, requestedBase.commit, target.commit), 'merge base') : requestedBase;
  } catch (error) {
    if (!isGitError(error)) throw error;
    const hint = shallow ? ' The repository is a shallow clone; fetch complete history first (GitHub Actions: fetch-depth: 0; GitLab: GIT_DEPTH: 0).' : '';
    throw reviewError(`Cannot resolve the review endpoints: ${error.message}${hint}`, error);
  }
  // Both snapshots stay open until the structural explanation has read what it needs.
  const snapshots: Snapshot[] = [];
  try {
    const open = async (label: 'base' | 'target', requested: { ref: string; commit: string }, resolved: ResolvedCommit): Promise<LoadedEndpoint & { snapshot: Snapshot }> => {
      const snapshot = await captureOperationSource(root, 'head', options.limits, resolved.commit);
      snapshots.push(snapshot);
      return { ...(await loadEndpoint(snapshot, label, requested, resolved, options)), snapshot };
    };
    const base = await open('base', { ref: options.base, commit: requestedBase.commit }, effectiveBase);
    const head = await open('target', { ref: options.target, commit: target.commit }, target);
    return await compareEndpoints(base, head, explicit, options, shallow);
  } finally {
    for (const snapshot of snapshots) await snapshot.close();
  }
}

async function compareEndpoints(
  base: LoadedEndpoint & { snapshot: Snapshot },
  head: LoadedEndpoint & { snapshot: Snapshot },
  explicit: Facet[] | null,
  options: ReviewOptions,
  shallow: boolean,
): Promise<ReviewResult> {
  for (const field of ['schema', 'config_contract'] as const) {
    if (base.lock[field] !== head.lock[field]) {
      throw reviewError(`The review endpoints' locks differ in ${field} (base ${JSON.stringify(base.lock[field])}, target ${JSON.stringify(head.lock[field])}); regenerate the base's lock with the same boundver, or review a range within one lock version.`);
    }
  }
  const policies = { base: facetPolicy(base.config, explicit), target: facetPolicy(head.config, explicit) };
  const transitive = options.transitive ?? false;
  const components = componentTransitions(base, head, policies, transitive);
  const slices = sliceTransitions(base.lock, head.lock);
  const impactedSlices = sliceImpact(base.lock, head.lock, components.changed, components.impacts, slices.changed);
  const metadata: Record<string, ChangePair> = {};
  for (const field of ['project', 'config_contract', 'config_digest'] as const) {
    if (base.lock[field] !== head.lock[field]) metadata[field] = { before: base.lock[field], after: head.lock[field] };
  }
  const endpoints = { base: base.payload, target: head.payload };
  return {
    schema: REVIEW_SCHEMA,
    complete: true,
    request: { base: options.base, target: options.target, merge_base: options.mergeBase ?? false },
    history: {
      repository_shallow: shallow,
      requirement: options.mergeBase ? 'one merge base of the two refs, and the trees of both endpoints' : 'the two endpoint commits and their trees; the commits between them are not read',
    },
    endpoints,
    policy: { compared_facets: [...FACETS], explicit_facets: explicit, impact: transitive ? 'transitive' : 'direct', base: policyPayload(policies.base), target: policyPayload(policies.target) },
    metadata,
    components: { changed: components.changed, unchanged: components.unchanged },
    structural_changes: await structuralChanges(components.changed, { base: base.lock.components, target: head.lock.components }, endpoints, async (endpoint, name) => {
      const at = endpoint === 'base' ? base : head;
      return await canonicalDocuments(at.snapshot, at.config.components.find((component) => component.name === name)!);
    }),
    consumer_impact: components.impacts,
    slices,
    slice_impact: impactedSlices,
    summary: { changed_components: components.changed.length, consumer_impacts: components.impacts.length, changed_slices: slices.changed.length, impacted_slices: impactedSlices.length },
  };
}
