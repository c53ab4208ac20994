import type { TriageMode } from './state.js';

/** What a key does; the app maps each to a reducer action or a side effect (editor). */
export type Command =
  | 'up'
  | 'down'
  | 'page-up'
  | 'page-down'
  | 'first'
  | 'last'
  | 'accept'
  | 'follow'
  | 'skip'
  | 'undo'
  | 'filter-hub'
  | 'filter-kind'
  | 'filter-magnitude'
  | 'clear-filters'
  | 'open-hub'
  | 'open-code'
  | 'write'
  | 'confirm'
  | 'back'
  | 'help'
  | 'quit'
  | 'cancel';

/** One binding: key names (see {@link keyName}), the command, and its help-bar label. */
export interface KeyBinding {
  readonly keys: readonly string[];
  readonly command: Command;
  /** Short label for the help bar, e.g. `accept`. */
  readonly label: string;
  /** Modes the binding is active in. */
  readonly modes: readonly TriageMode[];
  /** Shown in the one-line help bar (the rest only in the full help). */
  readonly primary: boolean;
}

const BROWSE: readonly TriageMode[] = ['browse'];

/** Every key of the claims view. Ctrl-C cancels from anywhere and writes nothing. */
export const TRIAGE_BINDINGS: readonly KeyBinding[] = [
  { keys: ['up', 'k'], command: 'up', label: 'up', modes: BROWSE, primary: false },
  { keys: ['down', 'j'], command: 'down', label: 'down', modes: BROWSE, primary: false },
  { keys: ['pageup'], command: 'page-up', label: 'page up', modes: BROWSE, primary: false },
  { keys: ['pagedown'], command: 'page-down', label: 'page down', modes: BROWSE, primary: false },
  { keys: ['g', 'home'], command: 'first', label: 'first', modes: BROWSE, primary: false },
  { keys: ['G', 'end'], command: 'last', label: 'last', modes: BROWSE, primary: false },
  { keys: ['a'], command: 'accept', label: 'accept', modes: BROWSE, primary: true },
  { keys: ['f'], command: 'follow', label: 'follow', modes: BROWSE, primary: true },
  { keys: ['s'], command: 'skip', label: 'skip', modes: BROWSE, primary: true },
  { keys: ['u'], command: 'undo', label: 'undo', modes: BROWSE, primary: true },
  { keys: ['h'], command: 'filter-hub', label: 'hub filter', modes: BROWSE, primary: false },
  { keys: ['t'], command: 'filter-kind', label: 'kind filter', modes: BROWSE, primary: false },
  { keys: ['m'], command: 'filter-magnitude', label: 'magnitude filter', modes: BROWSE, primary: false },
  { keys: ['x'], command: 'clear-filters', label: 'clear filters', modes: BROWSE, primary: false },
  { keys: ['e'], command: 'open-hub', label: 'edit hub', modes: BROWSE, primary: false },
  { keys: ['o'], command: 'open-code', label: 'edit code', modes: BROWSE, primary: false },
  { keys: ['w'], command: 'write', label: 'write+quit', modes: BROWSE, primary: true },
  { keys: ['y', 'return'], command: 'confirm', label: 'write', modes: ['confirm'], primary: true },
  { keys: ['n', 'escape'], command: 'back', label: 'back', modes: ['confirm', 'help'], primary: true },
  { keys: ['?'], command: 'help', label: 'help', modes: ['browse', 'help'], primary: true },
  { keys: ['q'], command: 'quit', label: 'quit', modes: ['browse', 'help'], primary: true },
  { keys: ['ctrl+c'], command: 'cancel', label: 'cancel', modes: ['browse', 'help', 'confirm'], primary: false },
];

/** Keys of the read-only boundary view. */
export const BOUNDARY_BINDINGS: readonly KeyBinding[] = [
  { keys: ['up', 'k'], command: 'up', label: 'up', modes: BROWSE, primary: true },
  { keys: ['down', 'j'], command: 'down', label: 'down', modes: BROWSE, primary: true },
  { keys: ['q', 'escape'], command: 'quit', label: 'quit', modes: BROWSE, primary: true },
  { keys: ['ctrl+c'], command: 'cancel', label: 'cancel', modes: BROWSE, primary: false },
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
  return [...input];
}

/** The command bound to `name` in `mode`, if any. */
export function commandFor(bindings: readonly KeyBinding[], mode: TriageMode, name: string): Command | undefined {
  return bindings.find((b) => b.modes.includes(mode) && b.keys.includes(name))?.command;
}

/** `key label` pairs for the help bar of `mode` (primary ones only unless `all`). */
export function helpEntries(bindings: readonly KeyBinding[], mode: TriageMode, all = false): Array<{ key: string; label: string }> {
  return bindings
    .filter((b) => b.modes.includes(mode) && (all || b.primary))
    .map((b) => ({ key: b.keys.map(displayKey).join('/'), label: b.label }));
}

function displayKey(name: string): string {
  const names: Record<string, string> = { up: '↑', down: '↓', return: '⏎', escape: 'esc', 'ctrl+c': '^C', pageup: 'PgUp', pagedown: 'PgDn' };
  return names[name] ?? name;
}
