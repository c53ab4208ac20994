import { spawnSync } from 'node:child_process';

/** How an editor run went: `ok`, or why the file was not (or may not have been) edited. */
export type EditorResult = { readonly ok: true } | { readonly ok: false; readonly message: string };

/**
 * Opens a file at a 1-based line; returns once the editor exits. Injected so tests need no editor.
 * A launcher that returns nothing is taken to have succeeded.
 */
export type EditorLauncher = (file: string, line: number) => EditorResult | void;

/**
 * `$VISUAL`, else `$EDITOR`, else `vi`, started as `<editor> +<line> <file>` (understood by vi,
 * vim, nano, emacs, micro, helix and code's `-g`-less form) with the terminal inherited. The editor
 * string may carry arguments (`code --wait`); it is split on spaces, not run through a shell. An
 * editor that cannot be started, or exits with an error, is reported rather than taken as an edit.
 */
export function systemEditorLauncher(env: Readonly<Record<string, string | undefined>>): EditorLauncher {
  const command = (env.VISUAL || env.EDITOR || 'vi').trim().split(/\s+/);
  return (file, line) => {
    const run = spawnSync(command[0]!, [...command.slice(1), `+${line}`, file], { stdio: 'inherit' });
    if (run.error !== undefined) return { ok: false, message: `could not start the editor \`${command[0]}\` (${(run.error as NodeJS.ErrnoException).code ?? run.error.message}); set $EDITOR` };
    if (run.status !== 0) return { ok: false, message: `the editor \`${command[0]}\` exited with ${run.status === null ? `signal ${run.signal}` : `status ${run.status}`}` };
    return { ok: true };
  };
}
