import { describe, expect, it } from 'vitest';
import { normalizePluginOptions } from './plugin-options.js';
import { reportFilePath } from './report-files.js';

describe('plugin options', () => {
  it('applies the defaults', () => {
    expect(normalizePluginOptions(undefined)).toEqual({
      verifyClaimsTargetName: 'verify-claims',
      stampClaimsTargetName: 'stamp-claims',
      verifyBoundaryTargetName: 'verify-boundary',
      generateBoundaryTargetName: 'generate-boundary',
      reportDirectory: 'reports/driftgate',
      formats: ['json', 'text'],
      boundaryConfig: undefined,
      boundaryLock: 'boundary.lock.json',
      boundarySource: 'working-tree',
      workspaceProjectName: undefined,
    });
    expect(normalizePluginOptions({ reportDirectory: './out//gates/', formats: ['text', 'json', 'text'] })).toMatchObject({ reportDirectory: 'out/gates', formats: ['json', 'text'] });
  });

  it('rejects options that would make broken targets', () => {
    for (const bad of [
      { formats: ['sarif'] },
      { reportDirectory: '../out' },
      { reportDirectory: '/abs' },
      { boundaryLock: 'a\\b.json' },
      { boundarySource: 'HEAD' },
      { verifyClaimsTargetName: 'has space' },
      { verifyClaimsTargetName: 'same', verifyBoundaryTargetName: 'same' },
    ]) {
      expect(() => normalizePluginOptions(bad as never)).toThrow(expect.objectContaining({ code: 'DRIFTGATE_NX_BAD_OPTIONS' }));
    }
  });

  it('puts each project’s reports under its root, the workspace-level project’s at the top', () => {
    expect(reportFilePath('reports/driftgate', 'libs/a', 'verify-claims', 'json')).toBe('reports/driftgate/libs/a/verify-claims.json');
    expect(reportFilePath('reports/driftgate', '.', 'verify-boundary', 'text')).toBe('reports/driftgate/verify-boundary.txt');
  });
});
