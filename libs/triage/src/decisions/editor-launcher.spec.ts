import { describe, expect, it } from 'vitest';
import { systemEditorLauncher } from './editor-launcher.js';

describe('systemEditorLauncher', () => {
  it('reports an editor that cannot be started, or that fails, instead of an edit', () => {
    expect(systemEditorLauncher({ EDITOR: '/nonexistent' })('/tmp/x', 1)).toEqual({ ok: false, message: 'could not start the editor `/nonexistent` (ENOENT); set $EDITOR' });
    expect(systemEditorLauncher({ EDITOR: 'false' })('/tmp/x', 1)).toEqual({ ok: false, message: 'the editor `false` exited with status 1' });
    expect(systemEditorLauncher({ EDITOR: 'true' })('/tmp/x', 1)).toEqual({ ok: true });
  });
});
