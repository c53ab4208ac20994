import type { Divergence, DivergenceKind, Magnitude } from '@driftgate/surf';
import { orderDivergences } from './order-items.js';

/** What the person decided for one item. Nothing is written until a confirmed write-and-quit. */
export type Decision = 'accept' | 'follow' | 'skip';

/** Magnitude filter values: a magnitude, or `none` for items that carry none. */
export type MagnitudeFilter = Magnitude | 'none';

/** Active filters; an absent key does not filter. */
export interface TriageFilters {
  readonly hub?: string;
  readonly kind?: DivergenceKind;
  readonly magnitude?: MagnitudeFilter;
}

/**
 * `browse`: the list; `help`: the full key list; `confirm`: the write-and-quit dialog; `write`:
 * the user confirmed (the caller applies the decisions); `cancelled`: quit with every file untouched.
 */
export type TriageMode = 'browse' | 'help' | 'confirm' | 'write' | 'cancelled';

/** One undoable step: the item and the decision it had before (undefined: none). */
export interface UndoEntry {
  readonly item: number;
  readonly previous: Decision | undefined;
}

export interface TriageState {
  /** Every divergence in reading order (see `orderDivergences`); item ids are indexes here. */
  readonly items: readonly Divergence[];
  readonly filters: TriageFilters;
  /** Item ids that pass {@link filters}, in reading order. */
  readonly visible: readonly number[];
  /** 0-based position in {@link visible}; 0 when nothing is visible. */
  readonly cursor: number;
  /** Pending decisions by item id. */
  readonly decisions: ReadonlyMap<number, Decision>;
  /** Most recent last. */
  readonly undo: readonly UndoEntry[];
  readonly mode: TriageMode;
  /** A one-line notice for the user (why an action did nothing); cleared by the next action. */
  readonly notice: string | undefined;
}

export type TriageAction =
  | { readonly type: 'move'; readonly delta: number }
  | { readonly type: 'move-to'; readonly where: 'first' | 'last' }
  | { readonly type: 'cycle-filter'; readonly filter: keyof TriageFilters }
  | { readonly type: 'clear-filters' }
  | { readonly type: 'decide'; readonly decision: Decision }
  | { readonly type: 'undo' }
  | { readonly type: 'toggle-help' }
  | { readonly type: 'request-write' }
  | { readonly type: 'confirm-write' }
  | { readonly type: 'back' }
  | { readonly type: 'quit' }
  | { readonly type: 'notice'; readonly text: string };

/** A fresh session over a check's divergences (any order; they are sorted here). */
export function initialState(divergences: readonly Divergence[]): TriageState {
  const items = orderDivergences(divergences);
  return {
    items,
    filters: {},
    visible: items.map((_, i) => i),
    cursor: 0,
    decisions: new Map(),
    undo: [],
    mode: 'browse',
    notice: undefined,
  };
}

/** The item under the cursor, if any is visible. */
export function selectedItem(state: TriageState): { readonly id: number; readonly divergence: Divergence } | undefined {
  const id = state.visible[state.cursor];
  return id === undefined ? undefined : { id, divergence: state.items[id]! };
}

/** Why `decision` cannot apply to `d`, or undefined when it can. */
export function decisionProblem(d: Divergence, decision: Decision): string | undefined {
  if (decision === 'skip') return undefined;
  if (decision === 'accept') {
    return d.kind === 'changed' || d.kind === 'unverified'
      ? undefined
      : d.kind === 'unresolvable'
        ? 'an unresolvable claim cannot be re-stamped: follow it (rename) or fix its anchor'
        : 'a stale referenced hub has no stamp of its own: triage its claims instead';
  }
  if (d.kind !== 'unresolvable') return 'follow re-points a renamed anchor: only for unresolvable claims';
  return d.sites.length === 1 ? undefined : 'follow supports single-site claims only';
}

/** Pending decision counts. */
export function decisionCounts(state: TriageState): Readonly<Record<Decision, number>> {
  const counts = { accept: 0, follow: 0, skip: 0 };
  for (const decision of state.decisions.values()) counts[decision]++;
  return counts;
}

/** The pure transition function of a triage session. */
export function triageReducer(state: TriageState, action: TriageAction): TriageState {
  if (state.mode === 'write' || state.mode === 'cancelled') return state;
  const s: TriageState = state.notice === undefined ? state : { ...state, notice: undefined };
  switch (action.type) {
    case 'quit':
      return { ...s, mode: 'cancelled' };
    case 'notice':
      return { ...s, notice: action.text };
    case 'toggle-help':
      return { ...s, mode: s.mode === 'help' ? 'browse' : 'help' };
    case 'back':
      return s.mode === 'browse' ? s : { ...s, mode: 'browse' };
    case 'request-write':
      return { ...s, mode: 'confirm' };
    case 'confirm-write':
      return s.mode === 'confirm' ? { ...s, mode: 'write' } : s;
  }
  if (s.mode !== 'browse') return s;
  switch (action.type) {
    case 'move':
      return { ...s, cursor: clamp(s.cursor + action.delta, s.visible.length) };
    case 'move-to':
      return { ...s, cursor: action.where === 'first' ? 0 : Math.max(0, s.visible.length - 1) };
    case 'cycle-filter':
      return withFilters(s, { ...s.filters, [action.filter]: nextValue(filterValues(s.items, action.filter), s.filters[action.filter]) });
    case 'clear-filters':
      return withFilters(s, {});
    case 'decide':
      return decide(s, action.decision);
    case 'undo':
      return undo(s);
  }
}

function decide(s: TriageState, decision: Decision): TriageState {
  const selected = selectedItem(s);
  if (selected === undefined) return s;
  const problem = decisionProblem(selected.divergence, decision);
  if (problem !== undefined) return { ...s, notice: problem };
  const decisions = new Map(s.decisions);
  decisions.set(selected.id, decision);
  const undoEntry: UndoEntry = { item: selected.id, previous: s.decisions.get(selected.id) };
  // Move on to the next undecided visible item (after the cursor, then from the top).
  const order = [...s.visible.keys()].map((k) => (s.cursor + 1 + k) % s.visible.length);
  const next = order.find((k) => !decisions.has(s.visible[k]!));
  return { ...s, decisions, undo: [...s.undo, undoEntry], cursor: next ?? s.cursor };
}

function undo(s: TriageState): TriageState {
  const last = s.undo[s.undo.length - 1];
  if (last === undefined) return { ...s, notice: 'nothing to undo' };
  const decisions = new Map(s.decisions);
  if (last.previous === undefined) decisions.delete(last.item);
  else decisions.set(last.item, last.previous);
  // Show the undone item again, even if the filters hide it now.
  const base = s.visible.includes(last.item) ? s : withFilters(s, {});
  return { ...base, decisions, undo: s.undo.slice(0, -1), cursor: base.visible.indexOf(last.item) };
}

function withFilters(s: TriageState, filters: TriageFilters): TriageState {
  const clean: { -readonly [K in keyof TriageFilters]: TriageFilters[K] } = {};
  if (filters.hub !== undefined) clean.hub = filters.hub;
  if (filters.kind !== undefined) clean.kind = filters.kind;
  if (filters.magnitude !== undefined) clean.magnitude = filters.magnitude;
  const visible = s.items.flatMap((d, i) => (passes(d, clean) ? [i] : []));
  // Keep the same item selected when it stays visible.
  const current = s.visible[s.cursor];
  const kept = current === undefined ? -1 : visible.indexOf(current);
  return { ...s, filters: clean, visible, cursor: kept >= 0 ? kept : 0 };
}

function passes(d: Divergence, f: TriageFilters): boolean {
  return (
    (f.hub === undefined || d.hub === f.hub) &&
    (f.kind === undefined || d.kind === f.kind) &&
    (f.magnitude === undefined || (d.magnitude ?? 'none') === f.magnitude)
  );
}

/** The values a filter cycles through: those present among the items, in reading order. */
export function filterValues(items: readonly Divergence[], filter: keyof TriageFilters): string[] {
  const values = items.map((d) => (filter === 'hub' ? d.hub : filter === 'kind' ? d.kind : (d.magnitude ?? 'none')));
  return [...new Set(values)];
}

/** undefined → first → … → last → undefined. */
function nextValue<T extends string>(values: readonly string[], current: T | undefined): T | undefined {
  if (current === undefined) return values[0] as T | undefined;
  const at = values.indexOf(current);
  return at < 0 || at + 1 >= values.length ? undefined : (values[at + 1] as T);
}

function clamp(value: number, length: number): number {
  return length === 0 ? 0 : Math.min(Math.max(value, 0), length - 1);
}
