import type { TriageMode } from './state.js';

/** What a key does; the app maps each to a reducer action or a side effect (editor). */
export type Command =
  | 'up'
  | 'down'
  | 'first'
  | 'last'
  | 'scroll-up'
  | 'scroll-down'
  | 'scroll-page-up'
  | 'scroll-page-down'
  | 'scroll-top'
  | 'scroll-bottom'
  | 'accept'
  | 'follow'
  | 'skip'
  | 'accept-all'
  | 'skip-all'
  | 'undo'
  | 'toggle-diff'
  | 'toggle-detail'
  | 'pager'
  | 'search'
  | 'search-commit'
  | 'search-erase'
  | 'search-next'
  | 'search-previous'
  | 'filter-hub'
  | 'filter-kind'
  | 'filter-magnitude'
  | 'clear-filters'
  | 'open-hub'
  | 'open-code'
  | 'write'
  | 'yes'
  | 'back'
  | 'help'
  | 'quit'
  | 'cancel';

/** One binding: key names (see {@link keyName}), the command, and its help-bar label. */
export interface KeyBinding {
  readonly keys: readonly string[];
  readonly command: Command;
  /** Label in the full help, e.g. `accept`; the help bar's too unless {@link barLabel}. */
  readonly label: string;
  /** A shorter label for the one-line help bar, where every cell counts. */
  readonly barLabel?: string;
  /** Modes the binding is active in. */
  readonly modes: readonly TriageMode[];
  /** Shown in the one-line help bar (the rest only in the full help). */
  readonly primary: boolean;
}

const BROWSE: readonly TriageMode[] = ['browse'];
const SCROLLING: readonly TriageMode[] = ['help', 'pager'];
const DIALOGS: readonly TriageMode[] = ['confirm', 'confirm-all', 'confirm-quit'];
const LIVE: readonly TriageMode[] = ['browse', 'help', 'search', 'pager', ...DIALOGS];

/**
 * Every key of the claims view, after the conventions of snapshot reviewers (cargo insta, jest)
 * and lazygit (see docs/triage.md for the choices). Enter never accepts: a stamp attests that the code was read, so it takes its own
 * key. Ctrl-C ends from anywhere and writes nothing.
 */
export const TRIAGE_BINDINGS: readonly KeyBinding[] = [
  // `u` accepts as jest's snapshot mode "updates", `r` skips as insta "rejects" (the stamp stays),
  // and undo is lazygit's `z`: a jest user's `u` must not undo their last decision.
  { keys: ['a', 'u'], command: 'accept', label: 'accept', modes: BROWSE, primary: true },
  { keys: ['s', 'r'], command: 'skip', label: 'skip', modes: BROWSE, primary: true },
  { keys: ['f'], command: 'follow', label: 'follow', modes: BROWSE, primary: true },
  { keys: ['z'], command: 'undo', label: 'undo', modes: BROWSE, primary: true },
  { keys: ['A'], command: 'accept-all', label: 'accept all remaining', modes: BROWSE, primary: false },
  { keys: ['S'], command: 'skip-all', label: 'skip all remaining', modes: BROWSE, primary: false },
  { keys: ['w'], command: 'write', label: 'write', modes: BROWSE, primary: true },
  { keys: ['up', 'k'], command: 'up', label: 'previous', modes: BROWSE, primary: false },
  { keys: ['down', 'j'], command: 'down', label: 'next', modes: BROWSE, primary: false },
  { keys: ['g', 'home'], command: 'first', label: 'first', modes: BROWSE, primary: false },
  { keys: ['G', 'end'], command: 'last', label: 'last', modes: BROWSE, primary: false },
  { keys: ['pageup'], command: 'scroll-page-up', label: 'scroll detail up', modes: BROWSE, primary: false },
  { keys: ['pagedown'], command: 'scroll-page-down', label: 'scroll detail down', modes: BROWSE, primary: false },
  { keys: ['return'], command: 'pager', label: 'detail full-screen', modes: BROWSE, primary: false },
  { keys: ['d'], command: 'toggle-diff', label: 'toggle diff', modes: BROWSE, primary: false },
  { keys: ['i'], command: 'toggle-detail', label: 'toggle detail', modes: BROWSE, primary: false },
  { keys: ['/'], command: 'search', label: 'search claim or path', barLabel: 'search', modes: BROWSE, primary: true },
  { keys: ['n'], command: 'search-next', label: 'next match', modes: BROWSE, primary: false },
  { keys: ['N'], command: 'search-previous', label: 'previous match', modes: BROWSE, primary: false },
  { keys: ['h'], command: 'filter-hub', label: 'hub filter', modes: BROWSE, primary: false },
  { keys: ['t'], command: 'filter-kind', label: 'kind filter', modes: BROWSE, primary: false },
  { keys: ['m'], command: 'filter-magnitude', label: 'magnitude filter', modes: BROWSE, primary: false },
  { keys: ['x'], command: 'clear-filters', label: 'clear filters and search', modes: BROWSE, primary: false },
  { keys: ['e'], command: 'open-hub', label: 'edit hub', modes: BROWSE, primary: false },
  { keys: ['o'], command: 'open-code', label: 'edit code', modes: BROWSE, primary: false },
  { keys: ['up', 'k'], command: 'scroll-up', label: 'scroll up', modes: SCROLLING, primary: false },
  { keys: ['down', 'j'], command: 'scroll-down', label: 'scroll down', modes: SCROLLING, primary: true },
  { keys: ['pageup', 'b'], command: 'scroll-page-up', label: 'page up', modes: SCROLLING, primary: false },
  { keys: ['pagedown', ' '], command: 'scroll-page-down', label: 'page down', modes: SCROLLING, primary: true },
  { keys: ['g', 'home'], command: 'scroll-top', label: 'top', modes: SCROLLING, primary: false },
  { keys: ['G', 'end'], command: 'scroll-bottom', label: 'bottom', modes: SCROLLING, primary: false },
  { keys: ['return'], command: 'search-commit', label: 'done', modes: ['search'], primary: true },
  { keys: ['backspace', 'delete'], command: 'search-erase', label: 'erase', modes: ['search'], primary: true },
  { keys: ['y'], command: 'yes', label: 'yes', modes: DIALOGS, primary: true },
  { keys: ['n', 'escape'], command: 'back', label: 'no', modes: DIALOGS, primary: true },
  { keys: ['escape'], command: 'back', label: 'back', modes: ['search'], primary: true },
  { keys: ['escape', 'q', 'return'], command: 'back', label: 'back', modes: ['pager'], primary: true },
  { keys: ['?', 'escape'], command: 'help', label: 'close help', modes: ['help'], primary: true },
  { keys: ['?'], command: 'help', label: 'help', modes: ['browse', 'pager'], primary: true },
  { keys: ['q', 'escape'], command: 'quit', label: 'quit', modes: BROWSE, primary: true },
  // In the help, Esc closes it (above): only q quits from there.
  { keys: ['q'], command: 'quit', label: 'quit', modes: ['help'], primary: true },
  { keys: ['ctrl+c'], command: 'cancel', label: 'cancel, write nothing', modes: LIVE, primary: false },
];

/** Keys of the read-only boundary view (same navigation, help and quit keys as the claims view). */
export const BOUNDARY_BINDINGS: readonly KeyBinding[] = [
  { keys: ['up', 'k'], command: 'up', label: 'up', modes: BROWSE, primary: true },
  { keys: ['down', 'j'], command: 'down', label: 'down', modes: BROWSE, primary: true },
  { keys: ['g', 'home'], command: 'first', label: 'first', modes: BROWSE, primary: false },
  { keys: ['G', 'end'], command: 'last', label: 'last', modes: BROWSE, primary: false },
  { keys: ['return'], command: 'pager', label: 'issue whole', modes: BROWSE, primary: true },
  { keys: ['up', 'k'], command: 'up', label: 'scroll up', modes: ['pager'], primary: false },
  { keys: ['down', 'j'], command: 'down', label: 'scroll down', modes: ['pager'], primary: true },
  { keys: ['escape', 'q', 'return'], command: 'back', label: 'back', modes: ['pager'], primary: true },
  { keys: ['?'], command: 'help', label: 'help', modes: ['browse', 'help'], primary: true },
  { keys: ['escape'], command: 'back', label: 'close help', modes: ['help'], primary: true },
  { keys: ['q', 'escape'], command: 'quit', label: 'quit', modes: BROWSE, primary: true },
  { keys: ['q'], command: 'quit', label: 'quit', modes: ['help'], primary: false },
  { keys: ['ctrl+c'], command: 'cancel', label: 'cancel', modes: ['browse', 'help', 'pager'], primary: false },
];

/** The subset of ink's key flags {@link keyName} reads. */
export interface KeyFlags {
  readonly upArrow?: boolean;
  readonly downArrow?: boolean;
  readonly pageUp?: boolean;
  readonly pageDown?: boolean;
  readonly home?: boolean;
  readonly end?: boolean;
  readonly return?: boolean;
  readonly escape?: boolean;
  readonly backspace?: boolean;
  readonly delete?: boolean;
  readonly ctrl?: boolean;
}

/** A key press as a binding name: `up`, `return`, `ctrl+c`, or the typed character. */
export function keyName(input: string, key: KeyFlags): string {
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.pageUp) return 'pageup';
  if (key.pageDown) return 'pagedown';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.return) return 'return';
  if (key.escape) return 'escape';
  if (key.backspace) return 'backspace';
  if (key.delete) return 'delete';
  if (key.ctrl) return `ctrl+${input}`;
  return input;
}

/**
 * The key names of one input event. A terminal delivers keys typed faster than a frame (a held
 * key, a paste, `tmux send-keys jjj`) as one chunk, so plain text is one key per character; an
 * arrow, Return, Escape or a Ctrl chord is one key.
 */
export function keyNames(input: string, key: KeyFlags): string[] {
  const single = keyName(input, key);
  if (single !== input || key.ctrl || [...input].length <= 1) return [single];
  // Within a chunk, Enter, Backspace and Tab arrive as their bytes: name them as ink would alone.
  const names: Record<string, string> = { '\r': 'return', '\n': 'return', '\u007f': 'backspace', '\b': 'backspace', '\t': 'tab' };
  return [...input].map((ch) => names[ch] ?? ch);
}

/** The command bound to `name` in `mode`, if any. */
export function commandFor(bindings: readonly KeyBinding[], mode: TriageMode, name: string): Command | undefined {
  return bindings.find((b) => b.modes.includes(mode) && b.keys.includes(name))?.command;
}

/** `key label` pairs for the help bar of `mode` (primary ones only unless `all`). */
export function helpEntries(bindings: readonly KeyBinding[], mode: TriageMode, all = false): Array<{ key: string; label: string; command: Command }> {
  return bindings
    .filter((b) => b.modes.includes(mode) && (all || b.primary))
    .map((b) => ({ key: b.keys.map(displayKey).join('/'), label: all ? b.label : (b.barLabel ?? b.label), command: b.command }));
}

function displayKey(name: string): string {
  const names: Record<string, string> = {
    up: '↑',
    down: '↓',
    return: 'Enter',
    escape: 'Esc',
    'ctrl+c': '^C',
    pageup: 'PgUp',
    pagedown: 'PgDn',
    home: 'Home',
    end: 'End',
    ' ': 'Space',
    backspace: 'Bksp',
    delete: 'Del',
  };
  return names[name] ?? name;
}
