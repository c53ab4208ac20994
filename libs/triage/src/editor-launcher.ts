import { spawnSync } from 'node:child_process';

/** Opens a file at a 1-based line; returns once the editor exits. Injected so tests need no editor. */
export type EditorLauncher = (file: string, line: number) => void;

/**
 * `$VISUAL`, else `$EDITOR`, else `vi`, started as `<editor> +<line> <file>` (understood by vi,
 * vim, nano, emacs, micro, helix and code's `-g`-less form) with the terminal inherited. The editor
 * string may carry arguments (`code --wait`); it is split on spaces, not run through a shell.
 */
export function systemEditorLauncher(env: Readonly<Record<string, string | undefined>>): EditorLauncher {
  const command = (env.VISUAL || env.EDITOR || 'vi').trim().split(/\s+/);
  return (file, line) => {
    spawnSync(command[0]!, [...command.slice(1), `+${line}`, file], { stdio: 'inherit' });
  };
}
