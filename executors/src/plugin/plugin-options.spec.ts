import { describe, expect, it } from 'vitest';
import { normalizePluginOptions } from './plugin-options.js';
import { normalizeFormats, reportFilePath } from '../reports/report-files.js';

describe('plugin options', () => {
  it('applies the defaults', () => {
    expect(normalizePluginOptions(undefined)).toEqual({
      verifyClaimsTargetName: 'verify-claims',
      stampClaimsTargetName: 'stamp-claims',
      verifyBoundaryTargetName: 'verify-boundary',
      generateBoundaryTargetName: 'generate-boundary',
      reportDirectory: 'reports/driftgate',
      formats: ['human', 'json'],
      boundaryConfig: undefined,
      boundaryLock: 'boundary.lock.json',
      boundarySource: 'working-tree',
      workspaceProjectName: undefined,
      boundarySync: false,
      projectPlugins: ['@monodon/rust', '@nx-go/nx-go', '@nx/dotnet', '@nx/gradle', '@nx/maven', '@nxlv/python'],
    });
    expect(normalizePluginOptions({ projectPlugins: [] }).projectPlugins).toEqual([]);
    expect(normalizePluginOptions({ reportDirectory: './out//gates/', formats: ['sarif', 'json', 'human', 'json'] })).toMatchObject({ reportDirectory: 'out/gates', formats: ['human', 'json', 'sarif'] });
    expect(normalizePluginOptions({ formats: ['junit', 'sarif', 'json', 'human'] }).formats).toEqual(['human', 'json', 'junit', 'sarif']);
  });

  it('reads the deprecated format name text as human', () => {
    expect(normalizePluginOptions({ formats: ['text', 'json', 'human'] }).formats).toEqual(['human', 'json']);
    expect(normalizeFormats(['text'], 'formats')).toEqual(['human']);
  });

  it('rejects options that would make broken targets', () => {
    for (const bad of [
      { formats: ['xml'] },
      { formats: 'json' },
      { formats: [42] },
      { reportDirectory: '../out' },
      { reportDirectory: '/abs' },
      { boundaryLock: 'a\\b.json' },
      { boundarySource: 'HEAD' },
      { verifyClaimsTargetName: 'has space' },
      { verifyClaimsTargetName: 'same', verifyBoundaryTargetName: 'same' },
      { projectPlugins: '@nx/gradle' },
      { projectPlugins: [''] },
    ]) {
      expect(() => normalizePluginOptions(bad as never)).toThrow(expect.objectContaining({ code: 'DRIFTGATE_NX_BAD_OPTIONS' }));
    }
  });

  it('puts each project’s reports under its root, the workspace-level project’s at the top', () => {
    expect(reportFilePath('reports/driftgate', 'libs/a', 'verify-claims', 'json')).toBe('reports/driftgate/libs/a/verify-claims.json');
    expect(reportFilePath('reports/driftgate', '.', 'verify-boundary', 'human')).toBe('reports/driftgate/verify-boundary.txt');
  });

  it('names each report file with its format’s conventional extension', () => {
    expect(['human', 'json', 'junit', 'sarif', 'github', 'markdown', 'codequality'].map((format) => reportFilePath('r', 'libs/a', 'verify-claims', format as never))).toEqual([
      'r/libs/a/verify-claims.txt',
      'r/libs/a/verify-claims.json',
      'r/libs/a/verify-claims.xml',
      'r/libs/a/verify-claims.sarif',
      'r/libs/a/verify-claims.github.txt',
      'r/libs/a/verify-claims.md',
      'r/libs/a/verify-claims.codequality.json',
    ]);
  });
});
