import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemEditorLauncher } from './editor-launcher.js';

describe('systemEditorLauncher', () => {
  it('reports an editor that cannot be started, or that fails, instead of an edit', () => {
    // A path inside a fresh directory is missing for sure; a fixed one such as /nonexistent can
    // exist on a shared machine.
    const dir = mkdtempSync(join(tmpdir(), 'driftgate-editor-'));
    try {
      const missing = join(dir, 'no-such-editor');
      expect(systemEditorLauncher({ EDITOR: missing })(join(dir, 'x'), 1)).toEqual({ ok: false, message: `could not start the editor \`${missing}\` (ENOENT); set $EDITOR` });
      expect(systemEditorLauncher({ EDITOR: 'false' })(join(dir, 'x'), 1)).toEqual({ ok: false, message: 'the editor `false` exited with status 1' });
      expect(systemEditorLauncher({ EDITOR: 'true' })(join(dir, 'x'), 1)).toEqual({ ok: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
