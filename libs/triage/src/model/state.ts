import type { Divergence, DivergenceKind, Magnitude } from '@driftgate/surf';
import type { FollowPreview } from './follow-preview.js';
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
 * `browse`: the list; `help`: the full key list; `search`: typing a `/` query; `pager`: the
 * selected item's detail full-screen; `confirm`: the write-and-quit dialog; `confirm-all`: the
 * accept/skip-all-remaining dialog; `confirm-quit`: quitting would discard pending decisions;
 * `write`: the user confirmed (the caller applies the decisions); `cancelled`: quit with every file
 * untouched; `interrupted`: Ctrl-C, every file untouched (the CLI exits 130, as a shell expects).
 */
export type TriageMode =
  | 'browse'
  | 'help'
  | 'search'
  | 'pager'
  | 'confirm'
  | 'confirm-all'
  | 'confirm-quit'
  | 'write'
  | 'cancelled'
  | 'interrupted';

/** One undoable step: the items it decided and the decision each had before (undefined: none). */
export interface UndoEntry {
  readonly item: number;
  readonly previous: Decision | undefined;
  /** Further items decided by the same step (`A`/`S`), undone together. */
  readonly also?: ReadonlyArray<{ readonly item: number; readonly previous: Decision | undefined }>;
}

export interface TriageState {
  /** Every divergence in reading order (see `orderDivergences`); item ids are indexes here. */
  readonly items: readonly Divergence[];
  /** What `follow` would do per item id (from a dry look at the workspace); absent: not known. */
  readonly follows: ReadonlyMap<number, FollowPreview>;
  readonly filters: TriageFilters;
  /** The `/` search text (case-insensitive, over claim, anchor and hub path); empty: none. */
  readonly query: string;
  /** The query in force before `/` was pressed, restored by Esc. */
  readonly queryBefore: string;
  /** Item ids that pass {@link filters} and {@link query}, in reading order. */
  readonly visible: readonly number[];
  /** 0-based position in {@link visible}; 0 when nothing is visible. */
  readonly cursor: number;
  /** Pending decisions by item id. */
  readonly decisions: ReadonlyMap<number, Decision>;
  /** Most recent last. */
  readonly undo: readonly UndoEntry[];
  readonly mode: TriageMode;
  /** What `confirm-all` would apply to every remaining shown item. */
  readonly bulk: 'accept' | 'skip' | undefined;
  /** Whether the detail pane is shown (`i`) and whether it carries the code diff (`d`). */
  readonly showDetail: boolean;
  readonly showDiff: boolean;
  /** First shown row of the detail pane (and pager) and of the help list. */
  readonly detailScroll: number;
  readonly helpScroll: number;
  /** `e`/`o` pressed: the view opens the editor, then sends `edit-done`; keys wait meanwhile. */
  readonly editRequest: 'hub' | 'code' | undefined;
  /** A one-line notice for the user (why an action did nothing); cleared by the next action. */
  readonly notice: string | undefined;
  /**
   * `w` pressed with accepted claims: the view checks them again before the confirmation (keys
   * wait meanwhile), so a claim whose code changed since it was accepted is never confirmed blind.
   */
  readonly writeCheck: boolean;
  /**
   * Item ids whose acceptance was withdrawn because their code changed after it; an id leaves the
   * set when the item is decided again. Writing with any left reports them as not written.
   */
  readonly changedSinceAccepted: ReadonlySet<number>;
}

export type TriageAction =
  | { readonly type: 'move'; readonly delta: number }
  | { readonly type: 'move-to'; readonly where: 'first' | 'last' }
  | { readonly type: 'cycle-filter'; readonly filter: keyof TriageFilters }
  | { readonly type: 'clear-filters' }
  | { readonly type: 'decide'; readonly decision: Decision }
  | { readonly type: 'request-all'; readonly decision: 'accept' | 'skip' }
  | { readonly type: 'undo' }
  | { readonly type: 'toggle-help' }
  | { readonly type: 'toggle-detail' }
  | { readonly type: 'toggle-diff' }
  | { readonly type: 'open-pager' }
  /** Scrolls the detail/pager or the help by `delta` rows, within `[0, max]` (`max` from the view). */
  | { readonly type: 'scroll'; readonly target: 'detail' | 'help'; readonly delta: number; readonly max: number }
  | { readonly type: 'start-search' }
  | { readonly type: 'search-type'; readonly text: string }
  | { readonly type: 'search-erase' }
  | { readonly type: 'search-commit' }
  /** `n`/`N`: the next or previous item matching the search, wrapping around. */
  | { readonly type: 'search-step'; readonly delta: 1 | -1 }
  | { readonly type: 'request-edit'; readonly target: 'hub' | 'code' }
  | { readonly type: 'edit-done'; readonly notice: string }
  /**
   * The workspace was checked again (after `e` edited a hub, `o` edited code, or `w`): the items
   * of `hubs` become `divergences` (theirs, as the check now reports them), decisions carried over
   * by claim identity (`id`, else anchor and prose). An accepted claim whose code changed since
   * (another new hash) loses its acceptance (see {@link TriageState.changedSinceAccepted}). `edited`:
   * the hub whose anchors may have been edited, whose follow previews are stale. `then: 'confirm'`:
   * open the write confirmation, unless an acceptance was withdrawn.
   */
  | {
      readonly type: 'rechecked';
      readonly hubs: 'all' | readonly string[];
      readonly divergences: readonly Divergence[];
      readonly notice: string | undefined;
      readonly edited?: string;
      readonly then?: 'confirm';
    }
  | { readonly type: 'request-write' }
  | { readonly type: 'confirm-write' }
  /** `y` in a dialog: write, apply the bulk decision, or discard and quit. */
  | { readonly type: 'yes' }
  | { readonly type: 'back' }
  /** `q`/Esc: quits at once when nothing is pending, else asks first. */
  | { readonly type: 'quit' }
  /** Ctrl-C: ends at once, writing nothing. */
  | { readonly type: 'interrupt' }
  | { readonly type: 'notice'; readonly text: string };

/** Modes after which the session is over. */
export function isEnded(mode: TriageMode): mode is 'write' | 'cancelled' | 'interrupted' {
  return mode === 'write' || mode === 'cancelled' || mode === 'interrupted';
}

/**
 * A fresh session over a check's divergences (any order; they are sorted here). `follows` says,
 * per divergence object, what `follow` would do.
 */
export function initialState(divergences: readonly Divergence[], follows: ReadonlyMap<Divergence, FollowPreview> = new Map()): TriageState {
  const items = orderDivergences(divergences);
  const byId = new Map<number, FollowPreview>();
  items.forEach((d, i) => {
    const preview = follows.get(d);
    if (preview !== undefined) byId.set(i, preview);
  });
  return {
    items,
    follows: byId,
    filters: {},
    query: '',
    queryBefore: '',
    visible: items.map((_, i) => i),
    cursor: 0,
    decisions: new Map(),
    undo: [],
    mode: 'browse',
    bulk: undefined,
    showDetail: true,
    showDiff: true,
    detailScroll: 0,
    helpScroll: 0,
    editRequest: undefined,
    notice: undefined,
    writeCheck: false,
    changedSinceAccepted: new Set(),
  };
}

/** The item under the cursor, if any is visible. */
export function selectedItem(state: TriageState): { readonly id: number; readonly divergence: Divergence } | undefined {
  const id = state.visible[state.cursor];
  return id === undefined ? undefined : { id, divergence: state.items[id]! };
}

/**
 * Why `decision` cannot apply to `d`, or undefined when it can. `follow` needs a preview that found
 * the new anchor: `surf verify --follow` would refuse anything else, but only at write time.
 */
export function decisionProblem(d: Divergence, decision: Decision, follow?: FollowPreview): string | undefined {
  if (decision === 'skip') return undefined;
  if (decision === 'accept') {
    return d.kind === 'changed' || d.kind === 'unverified'
      ? undefined
      : d.kind === 'unresolvable'
        ? 'an unresolvable claim cannot be re-stamped: follow it (rename) or fix its anchor'
        : 'a stale referenced hub has no stamp of its own: triage its claims instead';
  }
  if (d.kind !== 'unresolvable') return 'follow re-points a renamed anchor: only for unresolvable claims';
  if (d.sites.length !== 1) return 'follow supports single-site claims only';
  if (follow === undefined) return 'follow is not available: the new anchor could not be worked out';
  return 'problem' in follow ? `follow is not possible: ${follow.problem}` : undefined;
}

/** Pending decision counts. */
export function decisionCounts(state: TriageState): Readonly<Record<Decision, number>> {
  const counts = { accept: 0, follow: 0, skip: 0 };
  for (const decision of state.decisions.values()) counts[decision]++;
  return counts;
}

/** Shown items without a decision, in reading order: what `A`/`S` would decide. */
export function remainingShown(state: TriageState): number[] {
  return state.visible.filter((id) => !state.decisions.has(id));
}

/** The pure transition function of a triage session. */
export function triageReducer(state: TriageState, action: TriageAction): TriageState {
  if (isEnded(state.mode)) return state;
  if (action.type === 'edit-done') return { ...state, editRequest: undefined, writeCheck: false, notice: action.notice };
  if (action.type === 'rechecked') return rechecked(state, action);
  // The editor has the terminal (or the check runs): what was typed meanwhile is not for the list.
  if (state.editRequest !== undefined || state.writeCheck) return state;
  const s: TriageState = state.notice === undefined ? state : { ...state, notice: undefined };
  switch (action.type) {
    case 'interrupt':
      return { ...s, mode: 'interrupted' };
    case 'notice':
      return { ...s, notice: action.text };
    case 'quit':
      // A stamp decision is work: never drop it without asking (a second q/Esc does not either).
      if (s.mode === 'confirm-quit') return s;
      return s.decisions.size === 0 ? { ...s, mode: 'cancelled' } : { ...s, mode: 'confirm-quit', bulk: undefined };
    case 'back':
      if (s.mode === 'search') return withView(s, s.filters, s.queryBefore, 'browse');
      return s.mode === 'browse' ? s : { ...s, mode: 'browse', bulk: undefined };
    case 'yes':
      if (s.mode === 'confirm') return { ...s, mode: 'write' };
      if (s.mode === 'confirm-quit') return { ...s, mode: 'cancelled' };
      if (s.mode === 'confirm-all') return decideAll(s);
      return s;
    case 'confirm-write':
      return s.mode === 'confirm' ? { ...s, mode: 'write' } : s;
    case 'toggle-help':
      if (s.mode === 'help') return { ...s, mode: 'browse' };
      return s.mode === 'browse' || s.mode === 'pager' ? { ...s, mode: 'help', helpScroll: 0 } : s;
    case 'scroll': {
      const key = action.target === 'help' ? 'helpScroll' : 'detailScroll';
      return { ...s, [key]: Math.max(0, Math.min(action.max, s[key] + action.delta)) };
    }
  }
  if (s.mode === 'search') {
    switch (action.type) {
      case 'search-type':
        return withView(s, s.filters, s.query + action.text, 'search');
      case 'search-erase':
        return withView(s, s.filters, [...s.query].slice(0, -1).join(''), 'search');
      case 'search-commit':
        return { ...s, mode: 'browse' };
      default:
        return s;
    }
  }
  if (s.mode === 'pager' && action.type === 'open-pager') return { ...s, mode: 'browse' };
  if (s.mode !== 'browse') return s;
  switch (action.type) {
    case 'move':
      return moved(s, clamp(s.cursor + action.delta, s.visible.length));
    case 'move-to':
      return moved(s, action.where === 'first' ? 0 : Math.max(0, s.visible.length - 1));
    case 'cycle-filter':
      return withView(s, { ...s.filters, [action.filter]: nextValue(filterValues(s.items, action.filter), s.filters[action.filter]) }, s.query, 'browse');
    case 'clear-filters':
      return withView(s, {}, '', 'browse');
    case 'decide':
      return decide(s, action.decision);
    case 'request-all':
      if (remainingShown(s).length === 0) return { ...s, notice: 'nothing remains undecided here' };
      return { ...s, mode: 'confirm-all', bulk: action.decision };
    case 'undo':
      return undo(s);
    case 'toggle-detail':
      return { ...s, showDetail: !s.showDetail };
    case 'toggle-diff':
      return { ...s, showDiff: !s.showDiff, detailScroll: 0 };
    case 'open-pager':
      return selectedItem(s) === undefined ? s : { ...s, mode: 'pager' };
    case 'start-search':
      return { ...s, mode: 'search', queryBefore: s.query };
    case 'request-write':
      return [...s.decisions.values()].includes('accept') ? { ...s, writeCheck: true, notice: 'checking the accepted claims again…' } : { ...s, mode: 'confirm' };
    case 'request-edit':
      return selectedItem(s) === undefined ? s : { ...s, editRequest: action.target };
    case 'search-step':
      if (s.query === '') return { ...s, notice: 'no search: / starts one' };
      if (s.visible.length === 0) return s;
      return moved(s, (s.cursor + action.delta + s.visible.length) % s.visible.length);
    default:
      return s;
  }
}

/** The cursor at `cursor`; the detail of a newly selected item starts at its top. */
function moved(s: TriageState, cursor: number): TriageState {
  return cursor === s.cursor ? s : { ...s, cursor, detailScroll: 0 };
}

function decide(s: TriageState, decision: Decision): TriageState {
  const selected = selectedItem(s);
  if (selected === undefined) return s;
  const problem = decisionProblem(selected.divergence, decision, s.follows.get(selected.id));
  if (problem !== undefined) return { ...s, notice: problem };
  const decisions = new Map(s.decisions);
  decisions.set(selected.id, decision);
  const undoEntry: UndoEntry = { item: selected.id, previous: s.decisions.get(selected.id) };
  const changedSinceAccepted = without(s.changedSinceAccepted, [selected.id]);
  // Move on to the next undecided visible item (after the cursor, then from the top).
  const order = [...s.visible.keys()].map((k) => (s.cursor + 1 + k) % s.visible.length);
  const next = order.find((k) => !decisions.has(s.visible[k]!));
  return offerWrite(moved({ ...s, decisions, changedSinceAccepted, undo: [...s.undo, undoEntry] }, next ?? s.cursor));
}

/**
 * Once every item has a decision, say so and how to write, as insta ends its review. The write
 * still waits for `w` and `y`: a key typed ahead must not land in a dialog it did not open.
 */
function offerWrite(s: TriageState): TriageState {
  return s.decisions.size === s.items.length && s.items.length > 0 ? { ...s, notice: 'every item is decided: w writes the stamps, q quits' } : s;
}

/** `A`/`S` confirmed: every remaining shown item that can take the decision gets it (one undo step). */
function decideAll(s: TriageState): TriageState {
  const decision = s.bulk ?? 'skip';
  const ids = remainingShown(s).filter((id) => decisionProblem(s.items[id]!, decision, s.follows.get(id)) === undefined);
  const base: TriageState = { ...s, mode: 'browse', bulk: undefined };
  if (ids.length === 0) return { ...base, notice: `no remaining item can be ${decision === 'accept' ? 'accepted' : 'skipped'}` };
  const decisions = new Map(s.decisions);
  for (const id of ids) decisions.set(id, decision);
  const [first, ...rest] = ids.map((item) => ({ item, previous: undefined }));
  const left = remainingShown({ ...base, decisions }).length;
  const next: TriageState = {
    ...base,
    decisions,
    changedSinceAccepted: without(s.changedSinceAccepted, ids),
    undo: [...s.undo, { ...first!, also: rest }],
    notice: left > 0 ? `${left} item(s) could not be ${decision === 'accept' ? 'accepted' : 'skipped'} and stay undecided` : undefined,
  };
  return left > 0 ? next : offerWrite(next);
}

function undo(s: TriageState): TriageState {
  const last = s.undo[s.undo.length - 1];
  if (last === undefined) return { ...s, notice: 'nothing to undo' };
  const decisions = new Map(s.decisions);
  for (const step of [...(last.also ?? []), last]) {
    if (step.previous === undefined) decisions.delete(step.item);
    else decisions.set(step.item, step.previous);
  }
  // Show the undone item again, even if the filters or the search hide it now.
  const base = s.visible.includes(last.item) ? s : withView(s, {}, '', 'browse');
  return moved({ ...base, decisions, undo: s.undo.slice(0, -1) }, base.visible.indexOf(last.item));
}

/** A claim's identity across an edit of its hub: its `id`, else its anchor and prose. */
function claimKey(d: Divergence): string {
  return d.id !== undefined ? `id\0${d.id}` : `at\0${d.kind}\0${d.at}\0${d.prose}`;
}

/** `set` without `ids` (the same object when none of them is in it). */
function without(set: ReadonlySet<number>, ids: readonly number[]): ReadonlySet<number> {
  if (!ids.some((id) => set.has(id))) return set;
  const next = new Set(set);
  for (const id of ids) next.delete(id);
  return next;
}

function rechecked(s: TriageState, action: Extract<TriageAction, { type: 'rechecked' }>): TriageState {
  const inScope = (hub: string) => action.hubs === 'all' || action.hubs.includes(hub);
  const items = orderDivergences([...s.items.filter((d) => !inScope(d.hub)), ...action.divergences.filter((d) => inScope(d.hub))]);
  // Old id → new id: the same object for hubs not checked again, the same claim for the others.
  const byObject = new Map(items.map((d, i) => [d, i] as const));
  const byKey = new Map(items.flatMap((d, i) => (inScope(d.hub) ? [[claimKey(d), i] as const] : [])));
  const remap = (id: number): number | undefined => {
    const d = s.items[id]!;
    return inScope(d.hub) ? byKey.get(claimKey(d)) : byObject.get(d);
  };
  const decisions = new Map<number, Decision>();
  const withdrawn = new Set<number>();
  let gone = 0;
  for (const [id, decision] of s.decisions) {
    const now = remap(id);
    if (now === undefined) gone++;
    // The code under an accepted claim changed: what was read is not what would be stamped.
    else if (decision === 'accept' && items[now]!.newHash !== s.items[id]!.newHash) withdrawn.add(now);
    else decisions.set(now, decision);
  }
  const fresh = [...withdrawn].sort((a, b) => a - b);
  for (const id of s.changedSinceAccepted) {
    const now = remap(id);
    if (now !== undefined && !decisions.has(now)) withdrawn.add(now);
  }
  const follows = new Map<number, FollowPreview>();
  for (const [id, preview] of s.follows) {
    // A follow preview of an edited hub is stale (its anchor may have been edited).
    const now = s.items[id]!.hub === action.edited ? undefined : remap(id);
    if (now !== undefined) follows.set(now, preview);
  }
  const undoSteps = s.undo.flatMap((entry): UndoEntry[] => {
    const step = (item: number, previous: Decision | undefined) => {
      const now = remap(item);
      // Undo never brings back an acceptance withdrawn for changed code.
      return now === undefined ? undefined : { item: now, previous: previous === 'accept' && withdrawn.has(now) ? undefined : previous };
    };
    const head = step(entry.item, entry.previous);
    if (head === undefined) return [];
    const also = (entry.also ?? []).flatMap((other) => step(other.item, other.previous) ?? []);
    return [{ ...head, ...(also.length > 0 ? { also } : {}) }];
  });
  const notices = [
    action.notice,
    fresh.length > 0 ? `${fresh.length} accepted claim(s): the code changed since you accepted it; back to undecided: read the new diff, then decide again` : undefined,
    gone > 0 ? `${gone} decided item(s) left the list: their claims no longer diverge or were removed` : undefined,
  ].filter((n): n is string => n !== undefined && n.trim() !== '');
  const current = s.visible[s.cursor];
  const firstWithdrawn = fresh[0];
  const selected = firstWithdrawn ?? (current === undefined ? undefined : remap(current));
  const base: TriageState = {
    ...s,
    items,
    decisions,
    follows,
    changedSinceAccepted: withdrawn,
    undo: undoSteps,
    editRequest: undefined,
    writeCheck: false,
    notice: notices.length > 0 ? notices.join('; ') : undefined,
    visible: [],
    cursor: 0,
  };
  const confirm = action.then === 'confirm' && fresh.length === 0 && gone === 0;
  // A withdrawn item is shown even when the filters or the search would hide it.
  const view = firstWithdrawn !== undefined ? withView(base, {}, '', 'browse') : withView(base, s.filters, s.query, confirm ? 'confirm' : s.mode === 'pager' ? 'pager' : 'browse');
  const at = selected === undefined ? -1 : view.visible.indexOf(selected);
  return at >= 0 ? moved(view, at) : view;
}

function withView(s: TriageState, filters: TriageFilters, query: string, mode: TriageMode): TriageState {
  const clean: { -readonly [K in keyof TriageFilters]: TriageFilters[K] } = {};
  if (filters.hub !== undefined) clean.hub = filters.hub;
  if (filters.kind !== undefined) clean.kind = filters.kind;
  if (filters.magnitude !== undefined) clean.magnitude = filters.magnitude;
  const needle = query.toLowerCase();
  const visible = s.items.flatMap((d, i) => (passes(d, clean) && matches(d, needle) ? [i] : []));
  // Keep the same item selected when it stays visible.
  const current = s.visible[s.cursor];
  const kept = current === undefined ? -1 : visible.indexOf(current);
  const next: TriageState = { ...s, filters: clean, query, visible, mode };
  return kept >= 0 ? { ...next, cursor: kept } : { ...next, cursor: 0, detailScroll: 0 };
}

function passes(d: Divergence, f: TriageFilters): boolean {
  return (
    (f.hub === undefined || d.hub === f.hub) &&
    (f.kind === undefined || d.kind === f.kind) &&
    (f.magnitude === undefined || (d.magnitude ?? 'none') === f.magnitude)
  );
}

/** A search matches the claim's prose, its anchor (so its code path) or its hub path. */
function matches(d: Divergence, needle: string): boolean {
  return needle === '' || [d.prose, d.at, d.hub].some((text) => text.toLowerCase().includes(needle));
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
