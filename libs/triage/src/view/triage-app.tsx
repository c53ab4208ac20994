import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Divergence } from '@driftgate/surf';
import { Box, Text, useApp, useInput, useStdin } from 'ink';
import { useEffect, useMemo, useReducer } from 'react';
import { ConfirmDialog } from './confirm-dialog.js';
import { DetailPane, ScrolledRows, detailRows, maxScroll } from './detail-pane.js';
import type { EditorLauncher } from '../decisions/editor-launcher.js';
import type { FollowPreview } from '../model/follow-preview.js';
import { HeaderBar } from './header-bar.js';
import { HelpBar, HelpScreen, helpRows } from './help-bar.js';
import { ItemList, listRule } from './item-list.js';
import { type Command, type KeyBinding, TRIAGE_BINDINGS, commandFor, keyNames } from '../model/key-bindings.js';
import { displayLine, fit, wrapCells } from './labels.js';
import { type TriageAction, type TriageState, initialState, isEnded, selectedItem, triageReducer } from '../model/state.js';
import { DEFAULT_THEME, type Theme } from './theme.js';
import { type TerminalSize, claimsLayout, useTerminalSize } from './terminal-size.js';

/** Row counts the reducer needs for paging and scrolling, measured from the frame being shown. */
interface Geometry {
  readonly list: number;
  readonly detailPage: number;
  readonly detailMax: number;
  readonly helpPage: number;
  readonly helpMax: number;
}

/** A key press by binding name, with the geometry it applies to. */
interface KeyEvent {
  readonly key: string;
  readonly geometry: Geometry;
}

/** How a session ended: `write` (confirmed; apply `state.decisions`), `cancelled` or `interrupted` (write nothing). */
export interface TriageEnd {
  readonly mode: 'write' | 'cancelled' | 'interrupted';
  readonly state: TriageState;
}

export interface TriageAppProps {
  /** Absolute workspace root (hub and code paths are relative to it). */
  readonly root: string;
  /** The check's divergences, any order. */
  readonly divergences: readonly Divergence[];
  /** What `follow` would write, per divergence (see `previewFollows`); without it `f` is refused. */
  readonly follows?: ReadonlyMap<Divergence, FollowPreview>;
  /** Called once when the session ends; the app then exits ink. */
  readonly onEnd: (end: TriageEnd) => void;
  /** Opens `$EDITOR`; without one the open keys only show a notice. */
  readonly launcher?: EditorLauncher;
  /**
   * Checks the workspace again, as the session's check did: every divergence as it now is. Called
   * after `e` edited a hub (the list then shows the hub as it is: new lines, added or removed
   * claims), after `o` edited code, and on `w` before the confirmation, so an accepted claim whose
   * code changed since it was accepted goes back to undecided with its new diff. Without it the
   * list shows what the session's check found, and only the write itself refuses changed code.
   */
  readonly recheck?: () => Promise<readonly Divergence[]>;
  readonly bindings?: readonly KeyBinding[];
  readonly theme?: Theme;
  /** A fixed size instead of the terminal's (tests). */
  readonly size?: TerminalSize;
}

/** Lines after the key list in the full help. */
const HELP_NOTES = [
  '',
  'Nothing is written until w and y. q or Esc ask before dropping decisions; Ctrl-C drops them.',
  'Enter never accepts: a stamp says the code was read.',
  'In the full-screen detail: j/k, Space, PgUp/PgDn scroll; Esc, q or Enter go back.',
  'In / search: type, Enter keeps the search, Esc drops it; x clears filters and search.',
];

/** The claims view: header, list, detail (or a dialog, the full help or the pager), notice and help bar. */
export function TriageApp(props: TriageAppProps) {
  const bindings = props.bindings ?? TRIAGE_BINDINGS;
  const theme = props.theme ?? DEFAULT_THEME;
  const size = useTerminalSize(props.size);
  // Keys resolve against the state the reducer sees, not the last rendered one, so keys typed
  // faster than a frame (pasted, or a test) are never applied in the wrong mode.
  const [state, dispatch] = useReducer(
    (current: TriageState, event: TriageAction | KeyEvent): TriageState => {
      if (!('key' in event)) return triageReducer(current, event);
      // While searching, typed characters are the query, whatever they are bound to elsewhere;
      // decided here, per key, so a chunk that starts with / and goes on typing is read right.
      if (current.mode === 'search' && isTypedCharacter(event.key)) return triageReducer(current, { type: 'search-type', text: event.key });
      const command = commandFor(bindings, current.mode, event.key);
      const action = command === undefined ? undefined : actionOf(command, event.geometry, current.mode === 'help' ? 'help' : 'detail');
      return action === undefined ? current : triageReducer(current, action);
    },
    undefined,
    () => initialState(props.divergences, props.follows),
  );
  const { exit } = useApp();
  const { setRawMode, isRawModeSupported } = useStdin();
  const ended = isEnded(state.mode);
  const status = ended
    ? state.mode === 'write'
      ? 'writing…'
      : 'cancelled: no file was changed'
    : state.mode === 'search'
      ? `/${displayLine(state.query)}▏  (${state.visible.length} match${state.visible.length === 1 ? '' : 'es'}; Enter keeps, Esc drops)`
      : (state.notice ?? ' ');
  const statusRows = noticeRows(status, size.columns - 1);
  const layout = claimsLayout(size, state.visible.length, state.showDetail, statusRows.length);
  const selected = selectedItem(state);
  const follow = selected === undefined ? undefined : state.follows.get(selected.id);
  // Kept while the selection and the diff toggle stay, so the memoised detail pane is not redrawn.
  const detailOptions = useMemo(() => ({ showDiff: state.showDiff, follow }), [state.showDiff, follow]);
  // The selected item's rows at the full width: the pager shows them and they bound the detail
  // scroll. Worked out only when the pager is drawn or a key needs the bound (a cursor move
  // needs neither), once per selection.
  const rows = useMemo(() => once(() => (selected === undefined ? [] : detailRows(selected.divergence, theme, detailOptions, size.columns))), [selected?.divergence, theme, detailOptions, size.columns]);
  // The pager takes the rows between the header and the notice and help bar.
  const pagerHeight = Math.max(1, size.rows - 1 - 2 - statusRows.length - 1);
  const bodyHeight = layout.list + 1 + layout.detail;
  const help = useMemo(() => helpRows(bindings, 'browse', size.columns, HELP_NOTES), [bindings, size.columns]);
  const detailHeight = state.mode === 'pager' ? pagerHeight : layout.detail;
  const geometry: Geometry = {
    list: layout.list,
    detailPage: Math.max(1, detailHeight - 2),
    get detailMax() {
      return maxScroll(rows().length, detailHeight);
    },
    helpPage: Math.max(1, bodyHeight - 2),
    helpMax: maxScroll(help.length, bodyHeight),
  };

  useEffect(() => {
    if (!isEnded(state.mode)) return;
    props.onEnd({ mode: state.mode, state });
    exit();
  }, [state.mode]);

  useInput((input, key) => {
    // Every key goes through the reducer, which knows the mode after the keys before it in the
    // chunk (a chunk may start a search and type `o` in it: that is no editor key).
    for (const name of keyNames(input, key)) dispatch({ key: name, geometry });
  });

  useEffect(() => {
    if (state.editRequest === undefined) return;
    const which = state.editRequest;
    const current = selectedItem(state);
    const { notice, edited } = openInEditor(which);
    if (edited === undefined || props.recheck === undefined || current === undefined) {
      dispatch({ type: 'edit-done', notice });
      return;
    }
    // Keys wait (editRequest stays set) until the workspace is read again: the hub's claims, or
    // the claims over the edited code, are then shown as they now are.
    const hub = which === 'hub' ? current.divergence.hub : undefined;
    props.recheck().then(
      (divergences) => dispatch({ type: 'rechecked', hubs: 'all', divergences, notice: `edited ${displayLine(edited)}; read again`, ...(hub !== undefined ? { edited: hub } : {}) }),
      (error: unknown) => dispatch({ type: 'edit-done', notice: `edited ${displayLine(edited)}, but it could not be read again: ${displayLine((error as Error)?.message ?? String(error))}` }),
    );
  }, [state.editRequest]);

  useEffect(() => {
    if (!state.writeCheck) return;
    if (props.recheck === undefined) {
      dispatch({ type: 'rechecked', hubs: [], divergences: [], notice: undefined, then: 'confirm' });
      return;
    }
    props.recheck().then(
      (divergences) => dispatch({ type: 'rechecked', hubs: 'all', divergences, notice: undefined, then: 'confirm' }),
      (error: unknown) => dispatch({ type: 'edit-done', notice: `the accepted claims could not be checked again, so nothing is written yet: ${displayLine((error as Error)?.message ?? String(error))}` }),
    );
  }, [state.writeCheck]);

  /**
   * Runs the editor on the selected item's hub or code: the notice to show after, and the file
   * when its bytes changed (an editor left without saving changed nothing to read again).
   */
  function openInEditor(which: 'hub' | 'code'): { notice: string; edited?: string } {
    const current = selectedItem(state);
    if (current === undefined) return { notice: ' ' };
    const d = current.divergence;
    const target = which === 'hub' ? { file: d.hub, line: d.hubLine ?? 1 } : codeTarget(d, state.follows.get(current.id));
    if (target === undefined) return { notice: 'this item has no code location' };
    const path = join(props.root, target.file);
    // A moved or deleted file: opening its old path would create an empty file there.
    if (!existsSync(path)) return { notice: `${displayLine(target.file)} does not exist (moved or deleted?); nothing to open` };
    if (props.launcher === undefined) return { notice: 'no editor available here' };
    const before = readIfPresent(path);
    // Hand the terminal to the editor: cooked mode while it runs (it blocks the event loop, so
    // ink draws nothing meanwhile), raw mode again after.
    if (isRawModeSupported) setRawMode(false);
    let result;
    try {
      result = props.launcher(path, target.line);
    } finally {
      if (isRawModeSupported) setRawMode(true);
    }
    if (typeof result === 'object' && result !== null && result.ok === false) return { notice: displayLine(result.message) };
    const after = readIfPresent(path);
    if (before !== undefined && after !== undefined && before.equals(after)) return { notice: `no change to ${displayLine(target.file)}` };
    if (props.recheck === undefined) return { notice: `edited ${displayLine(target.file)}; edits are read again only when a stamp is written` };
    return { notice: `edited ${displayLine(target.file)}`, edited: target.file };
  }

  return (
    <Box flexDirection="column" width={size.columns}>
      <HeaderBar state={state} theme={theme} width={size.columns} />
      {state.mode === 'help' ? (
        <HelpScreen bindings={bindings} mode="browse" theme={theme} width={size.columns} height={bodyHeight} scroll={state.helpScroll} extra={HELP_NOTES} />
      ) : state.mode === 'pager' ? (
        <ScrolledRows rows={rows()} scroll={state.detailScroll} height={pagerHeight} width={size.columns} theme={theme} hint="j/k Space scroll · Esc back" />
      ) : state.mode === 'confirm' || state.mode === 'confirm-all' || state.mode === 'confirm-quit' ? (
        <Box height={bodyHeight} flexDirection="column" overflow="hidden">
          <ConfirmDialog state={state} theme={theme} width={size.columns - 1} height={bodyHeight} />
        </Box>
      ) : (
        <>
          <ItemList state={state} theme={theme} width={size.columns - 1} height={layout.list} />
          <Text color={theme.muted}>{listRule(state, layout.list, size.columns)}</Text>
          {state.showDetail ? <DetailPane divergence={selected?.divergence} theme={theme} width={size.columns - 1} height={layout.detail} options={detailOptions} scroll={state.detailScroll} /> : null}
        </>
      )}
      {statusRows.map((row, i) => (
        <Text key={i} wrap="truncate-end" color={state.mode === 'search' ? theme.accent : theme.danger}>
          {row}
        </Text>
      ))}
      {ended ? null : <HelpBar bindings={bindings} mode={state.mode} theme={theme} width={size.columns} />}
    </Box>
  );
}

/** A file's bytes, or undefined when it cannot be read (gone, or not a file). */
function readIfPresent(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/** `make()`, worked out on the first call and kept. */
function once<T>(make: () => T): () => T {
  let value: { readonly v: T } | undefined;
  return () => (value ??= { v: make() }).v;
}

/** Most rows a notice takes; the detail pane gives them up while it is shown. */
const NOTICE_MAX_ROWS = 3;

/**
 * The notice wrapped to `width` cells (an editor error at 60 columns is read whole, not cut), at
 * most {@link NOTICE_MAX_ROWS} rows, the last cut with `…` beyond that.
 */
function noticeRows(text: string, width: number): string[] {
  const rows = wrapCells(text, width);
  if (rows.length <= NOTICE_MAX_ROWS) return rows;
  return [...rows.slice(0, NOTICE_MAX_ROWS - 1), fit(`${rows[NOTICE_MAX_ROWS - 1]!}…`, width)];
}

/** A key name that is one printable character (named keys such as `up` have longer names). */
function isTypedCharacter(name: string): boolean {
  return [...name].length === 1 && !/[\u0000-\u001f\u007f]/.test(name);
}

function actionOf(command: Command, g: Geometry, scrolling: 'detail' | 'help'): TriageAction | undefined {
  const max = scrolling === 'help' ? g.helpMax : g.detailMax;
  const page = scrolling === 'help' ? g.helpPage : g.detailPage;
  const scroll = (delta: number): TriageAction => ({ type: 'scroll', target: scrolling, delta, max });
  switch (command) {
    case 'up':
      return { type: 'move', delta: -1 };
    case 'down':
      return { type: 'move', delta: 1 };
    case 'first':
      return { type: 'move-to', where: 'first' };
    case 'last':
      return { type: 'move-to', where: 'last' };
    case 'scroll-up':
      return scroll(-1);
    case 'scroll-down':
      return scroll(1);
    case 'scroll-page-up':
      return scroll(-page);
    case 'scroll-page-down':
      return scroll(page);
    case 'scroll-top':
      return scroll(-Number.MAX_SAFE_INTEGER);
    case 'scroll-bottom':
      return scroll(Number.MAX_SAFE_INTEGER);
    case 'accept':
    case 'follow':
    case 'skip':
      return { type: 'decide', decision: command };
    case 'accept-all':
      return { type: 'request-all', decision: 'accept' };
    case 'skip-all':
      return { type: 'request-all', decision: 'skip' };
    case 'undo':
      return { type: 'undo' };
    case 'search-next':
      return { type: 'search-step', delta: 1 };
    case 'search-previous':
      return { type: 'search-step', delta: -1 };
    case 'toggle-diff':
      return { type: 'toggle-diff' };
    case 'toggle-detail':
      return { type: 'toggle-detail' };
    case 'pager':
      return { type: 'open-pager' };
    case 'search':
      return { type: 'start-search' };
    case 'search-commit':
      return { type: 'search-commit' };
    case 'search-erase':
      return { type: 'search-erase' };
    case 'filter-hub':
      return { type: 'cycle-filter', filter: 'hub' };
    case 'filter-kind':
      return { type: 'cycle-filter', filter: 'kind' };
    case 'filter-magnitude':
      return { type: 'cycle-filter', filter: 'magnitude' };
    case 'clear-filters':
      return { type: 'clear-filters' };
    case 'write':
      return { type: 'request-write' };
    case 'yes':
      return { type: 'yes' };
    case 'back':
      return { type: 'back' };
    case 'help':
      return { type: 'toggle-help' };
    case 'quit':
      return { type: 'quit' };
    case 'cancel':
      return { type: 'interrupt' };
    case 'open-hub':
      return { type: 'request-edit', target: 'hub' };
    case 'open-code':
      return { type: 'request-edit', target: 'code' };
  }
}

/**
 * Where the anchored code is: the resolved span, else (a moved file `follow` found) the file it
 * moved to, else the first site's file at line 1.
 */
function codeTarget(d: Divergence, follow: FollowPreview | undefined): { file: string; line: number } | undefined {
  if (d.location !== undefined) return { file: d.location.file, line: d.location.startLine };
  const site = follow !== undefined && 'newAt' in follow ? follow.newAt : d.sites[0];
  if (site === undefined || !site.includes('>')) return undefined;
  return { file: site.slice(0, site.indexOf('>')).trim(), line: 1 };
}
