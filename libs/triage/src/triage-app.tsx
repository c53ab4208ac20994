import { join } from 'node:path';
import type { Divergence } from '@driftgate/surf';
import { Box, Text, useApp, useInput, useStdin } from 'ink';
import { useEffect, useReducer } from 'react';
import { ConfirmDialog } from './confirm-dialog.js';
import { DetailPane } from './detail-pane.js';
import type { EditorLauncher } from './editor-launcher.js';
import { HeaderBar } from './header-bar.js';
import { HelpBar } from './help-bar.js';
import { ItemList } from './item-list.js';
import { type Command, type KeyBinding, TRIAGE_BINDINGS, commandFor, keyNames } from './key-bindings.js';
import { displayLine, fit } from './labels.js';
import { type TriageAction, type TriageState, initialState, selectedItem, triageReducer } from './state.js';
import { DEFAULT_THEME, type Theme } from './theme.js';
import { type TerminalSize, claimsLayout, useTerminalSize } from './terminal-size.js';

/** A key press by binding name; `page` is the list height (for page up/down). */
interface KeyEvent {
  readonly key: string;
  readonly page: number;
}

/** How a session ended: `write` (confirmed; apply `state.decisions`) or `cancelled` (write nothing). */
export interface TriageEnd {
  readonly mode: 'write' | 'cancelled';
  readonly state: TriageState;
}

export interface TriageAppProps {
  /** Absolute workspace root (hub and code paths are relative to it). */
  readonly root: string;
  /** The check's divergences, any order. */
  readonly divergences: readonly Divergence[];
  /** Called once when the session ends; the app then exits ink. */
  readonly onEnd: (end: TriageEnd) => void;
  /** Opens `$EDITOR`; without one the open keys only show a notice. */
  readonly launcher?: EditorLauncher;
  readonly bindings?: readonly KeyBinding[];
  readonly theme?: Theme;
  /** A fixed size instead of the terminal's (tests). */
  readonly size?: TerminalSize;
}

/** The claims view: header, list, detail (or confirm dialog / full help), notice and help bar. */
export function TriageApp(props: TriageAppProps) {
  const bindings = props.bindings ?? TRIAGE_BINDINGS;
  const theme = props.theme ?? DEFAULT_THEME;
  const size = useTerminalSize(props.size);
  // Keys resolve against the state the reducer sees, not the last rendered one, so keys typed
  // faster than a frame (pasted, or a test) are never applied in the wrong mode.
  const [state, dispatch] = useReducer(
    (current: TriageState, event: TriageAction | KeyEvent): TriageState => {
      if (!('key' in event)) return triageReducer(current, event);
      const command = commandFor(bindings, current.mode, event.key);
      const action = command === undefined ? undefined : actionOf(command, event.page);
      return action === undefined ? current : triageReducer(current, action);
    },
    props.divergences,
    initialState,
  );
  const { exit } = useApp();
  const { setRawMode, isRawModeSupported } = useStdin();
  const layout = claimsLayout(size, state.visible.length);

  useEffect(() => {
    if (state.mode !== 'write' && state.mode !== 'cancelled') return;
    props.onEnd({ mode: state.mode, state });
    exit();
  }, [state.mode]);

  useInput((input, key) => {
    for (const name of keyNames(input, key)) {
      const command = commandFor(bindings, state.mode, name);
      if (command === 'open-hub' || command === 'open-code') {
        // The editor takes the terminal: what followed in the same chunk is not for the list.
        openInEditor(command);
        return;
      }
      dispatch({ key: name, page: layout.list });
    }
  });

  function openInEditor(command: 'open-hub' | 'open-code'): void {
    const selected = selectedItem(state)?.divergence;
    if (selected === undefined) return;
    const target = command === 'open-hub' ? { file: selected.hub, line: selected.hubLine ?? 1 } : codeTarget(selected);
    if (target === undefined) {
      dispatch({ type: 'notice', text: 'this item has no code location' });
      return;
    }
    if (props.launcher === undefined) {
      dispatch({ type: 'notice', text: 'no editor available here' });
      return;
    }
    // Hand the terminal to the editor: cooked mode while it runs (it blocks the event loop, so
    // ink draws nothing meanwhile), raw mode again after.
    if (isRawModeSupported) setRawMode(false);
    try {
      props.launcher(join(props.root, target.file), target.line);
    } finally {
      if (isRawModeSupported) setRawMode(true);
    }
    dispatch({ type: 'notice', text: `edited ${displayLine(target.file)}; edits are read again only when a stamp is written` });
  }

  const selected = selectedItem(state);
  const ended = state.mode === 'write' || state.mode === 'cancelled';
  return (
    <Box flexDirection="column" width={size.columns}>
      <HeaderBar state={state} theme={theme} width={size.columns} />
      {state.mode === 'help' ? (
        <Box height={layout.list + 1 + layout.detail} flexDirection="column" overflow="hidden">
          <HelpBar bindings={bindings} mode="browse" theme={theme} width={size.columns} all />
        </Box>
      ) : (
        <>
          <ItemList state={state} theme={theme} width={size.columns} height={layout.list} />
          <Text color={theme.muted}>{'─'.repeat(Math.max(0, size.columns - 1))}</Text>
          {state.mode === 'confirm' ? (
            <Box height={layout.detail} alignItems="flex-start">
              <ConfirmDialog state={state} theme={theme} width={size.columns} />
            </Box>
          ) : (
            <DetailPane divergence={selected?.divergence} theme={theme} width={size.columns} height={layout.detail} />
          )}
        </>
      )}
      <Text wrap="truncate-end" color={theme.danger}>
        {ended ? (state.mode === 'write' ? 'writing…' : 'cancelled: no file was changed') : fit(state.notice ?? ' ', size.columns)}
      </Text>
      {ended ? null : <HelpBar bindings={bindings} mode={state.mode} theme={theme} width={size.columns} />}
    </Box>
  );
}

function actionOf(command: Command, page: number): TriageAction | undefined {
  switch (command) {
    case 'up':
      return { type: 'move', delta: -1 };
    case 'down':
      return { type: 'move', delta: 1 };
    case 'page-up':
      return { type: 'move', delta: -page };
    case 'page-down':
      return { type: 'move', delta: page };
    case 'first':
      return { type: 'move-to', where: 'first' };
    case 'last':
      return { type: 'move-to', where: 'last' };
    case 'accept':
    case 'follow':
    case 'skip':
      return { type: 'decide', decision: command };
    case 'undo':
      return { type: 'undo' };
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
    case 'confirm':
      return { type: 'confirm-write' };
    case 'back':
      return { type: 'back' };
    case 'help':
      return { type: 'toggle-help' };
    case 'quit':
    case 'cancel':
      return { type: 'quit' };
    case 'open-hub':
    case 'open-code':
      return undefined;
  }
}

/** Where the anchored code is: the resolved span, else the first site's file at line 1. */
function codeTarget(d: Divergence): { file: string; line: number } | undefined {
  if (d.location !== undefined) return { file: d.location.file, line: d.location.startLine };
  const site = d.sites[0];
  if (site === undefined || !site.includes('>')) return undefined;
  return { file: site.slice(0, site.indexOf('>')).trim(), line: 1 };
}
