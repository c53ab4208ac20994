import type { Facet } from '@driftgate/boundver';
import type { BoundverRuleKey } from '../model/rules.js';

const FACET_NAMES: readonly Facet[] = ['exact', 'behavior', 'boundary', 'compat'];

/** What a verify issue (or observation) is about. */
export type IssueSubject =
  | { readonly kind: 'component'; readonly name: string; readonly facet?: Facet }
  | { readonly kind: 'slice'; readonly name: string; readonly mode?: Facet }
  | { readonly kind: 'lock'; readonly name?: string };

/** A classified verify line: its rule and its subject; `affected` marks an AFFECTED CONSUMERS line. */
export interface ClassifiedIssue {
  readonly text: string;
  readonly rule: BoundverRuleKey | null;
  readonly subject: IssueSubject;
  /** `AFFECTED CONSUMERS …` and `API CHANGE …` lines carry no rule: they belong to a drift line. */
  readonly affected: boolean;
  /**
   * An `API CHANGE …` line: the exported symbols behind its component's boundary drift, so it
   * belongs to that component's `boundary` line (its subject names the facet), wherever boundver
   * listed it.
   */
  readonly apiChange?: true;
}

/**
 * Classifies one line of `boundver verify`'s issues or observations (spec §11) by its fixed
 * prefix. `components` and `slices` are the configured names: a name may contain `.` or `:`, so
 * the longest known name that fits the line wins; unknown names fall back to the last `.` before
 * the facet.
 */
export function classifyIssue(text: string, components: readonly string[], slices: readonly string[]): ClassifiedIssue {
  const lock = (rule: BoundverRuleKey, name?: string): ClassifiedIssue => ({
    text,
    rule,
    subject: name === undefined ? { kind: 'lock' } : { kind: 'lock', name },
    affected: false,
  });
  const component = (rule: BoundverRuleKey, name: string, facet?: Facet): ClassifiedIssue => ({
    text,
    rule,
    subject: facet === undefined ? { kind: 'component', name } : { kind: 'component', name, facet },
    affected: false,
  });
  const slice = (rule: BoundverRuleKey, name: string, mode?: Facet): ClassifiedIssue => ({
    text,
    rule,
    subject: mode === undefined ? { kind: 'slice', name } : { kind: 'slice', name, mode },
    affected: false,
  });

  if (text.startsWith('SLICE MISMATCH ')) {
    const hit = dotted(text, 'SLICE MISMATCH ', slices, FACET_NAMES);
    if (hit) return slice('slice-mismatch', hit.name, hit.suffix as Facet);
  }
  if (text.startsWith('MISMATCH ')) {
    const hit = dotted(text, 'MISMATCH ', components, FACET_NAMES);
    if (hit) return component(hit.suffix as Facet, hit.name, hit.suffix as Facet);
  }
  if (text.startsWith('UNAVAILABLE FACET ')) {
    const isSlice = text.includes(': slice members lack ');
    const hit = dotted(text, 'UNAVAILABLE FACET ', isSlice ? slices : components, FACET_NAMES);
    if (hit) return isSlice ? slice('unavailable-facet', hit.name, hit.suffix as Facet) : component('unavailable-facet', hit.name, hit.suffix as Facet);
  }
  if (text.startsWith('METADATA MISMATCH config_digest:') || text.startsWith('METADATA MISMATCH project:')) return lock('metadata');
  if (text.startsWith('METADATA MISMATCH ')) {
    const hit = dotted(text, 'METADATA MISMATCH ', components, null);
    if (hit) return component('metadata', hit.name);
  }
  const named = (prefix: string): string | null => (text.startsWith(prefix) ? text.slice(prefix.length) : null);
  let name = named('NEW component not in lockfile: ');
  if (name !== null) return component('new-component', name);
  name = named('REMOVED component still in lockfile: ');
  if (name !== null) return lock('removed-component', name);
  name = named('NEW slice not in lockfile: ');
  if (name !== null) return slice('new-slice', name);
  name = named('REMOVED slice still in lockfile: ');
  if (name !== null) return lock('removed-slice', name);
  for (const prefix of ['CURRENT DIGEST ERROR ', 'LOCKED DIGEST ERROR ']) {
    if (!text.startsWith(prefix)) continue;
    const owner = knownPrefix(text.slice(prefix.length), components, ': ');
    if (owner !== null) return component('digest-error', owner);
    return lock('digest-error');
  }
  // The exported symbols behind a boundary change: details of that component's boundary line.
  if (text.startsWith('API CHANGE ')) {
    const owner = knownPrefix(text.slice('API CHANGE '.length), components, ': ');
    const subject: IssueSubject = owner === null ? { kind: 'lock' } : { kind: 'component', name: owner, facet: 'boundary' };
    return { text, rule: null, subject, affected: true, apiChange: true };
  }
  const affected = /^AFFECTED CONSUMERS(?: \(TRANSITIVE\))? /.exec(text);
  if (affected) {
    const owner = knownPrefix(text.slice(affected[0].length), components, ': ');
    return { text, rule: null, subject: owner === null ? { kind: 'lock' } : { kind: 'component', name: owner }, affected: true };
  }
  if (text.startsWith('LOCKFILE')) return lock('lockfile-error');
  if (text.startsWith('Config') || text.startsWith('Custom provider loading failed')) return lock('config-error');
  return lock('verification-error');
}

/** `<prefix><name>.<suffix>:` with `name` known (longest wins) or, failing that, up to the last `.` before `<suffix>:`. */
function dotted(text: string, prefix: string, names: readonly string[], suffixes: readonly string[] | null): { name: string; suffix: string } | null {
  const rest = text.slice(prefix.length);
  let best: { name: string; suffix: string } | null = null;
  for (const name of names) {
    if (!rest.startsWith(`${name}.`) || (best !== null && best.name.length >= name.length)) continue;
    const tail = rest.slice(name.length + 1);
    const colon = tail.indexOf(':');
    if (colon <= 0) continue;
    const suffix = tail.slice(0, colon);
    if (suffixes === null ? /^[a-z_]+$/.test(suffix) : suffixes.includes(suffix)) best = { name, suffix };
  }
  if (best !== null) return best;
  const pattern = suffixes === null ? /^([\s\S]+)\.([a-z_]+): / : new RegExp(`^([\\s\\S]+)\\.(${suffixes.join('|')}): `);
  const match = pattern.exec(rest);
  return match ? { name: match[1]!, suffix: match[2]! } : null;
}

/** The longest known name that `text` starts with, followed by `separator`. */
function knownPrefix(text: string, names: readonly string[], separator: string): string | null {
  let best: string | null = null;
  for (const name of names) {
    if (text.startsWith(`${name}${separator}`) && (best === null || name.length > best.length)) best = name;
  }
  if (best !== null) return best;
  const at = text.indexOf(separator);
  return at > 0 ? text.slice(0, at) : null;
}
