import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemEditorLauncher } from './editor-launcher.js';

describe('systemEditorLauncher', () => {
  it('reports an editor that cannot be started, or that fails, instead of an edit', () => {
    // A path inside a fresh directory is missing on every machine (a fixed one like /nonexistent
    // may exist, as a directory, where it is some account's home).
    const dir = mkdtempSync(join(tmpdir(), 'editor-launcher-'));
    try {
      const missing = join(dir, 'no-such-editor');
      expect(systemEditorLauncher({ EDITOR: missing })('/tmp/x', 1)).toEqual({ ok: false, message: `could not start the editor \`${missing}\` (ENOENT); set $EDITOR` });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(systemEditorLauncher({ EDITOR: 'false' })('/tmp/x', 1)).toEqual({ ok: false, message: 'the editor `false` exited with status 1' });
    expect(systemEditorLauncher({ EDITOR: 'true' })('/tmp/x', 1)).toEqual({ ok: true });
  });
});
