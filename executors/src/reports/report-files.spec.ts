import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ProjectGraphProjectNode, getOutputsForTargetAndConfiguration } from '@nx/devkit';
import { REPORT_FORMAT_NAMES, type ReportFormat, fromSurfLint } from '@driftgate/report';
import { afterEach, describe, expect, it } from 'vitest';
import { PLUGIN_VERSION, type ReportKind, type ReportLocation, removeReportFiles, reportFilePath, reportOutputs, writeReportFiles } from './report-files.js';

/** What Nx caches for a verify target of `projectRoot` run with `overrides`, through Nx's own interpolation. */
function cachedOutputs(projectRoot: string, kind: ReportKind, overrides: Record<string, unknown>): string[] {
  const node: ProjectGraphProjectNode = {
    name: 'p',
    type: 'lib',
    data: { root: projectRoot, targets: { verify: { executor: `@driftgate/nx:${kind}`, outputs: reportOutputs(projectRoot, kind), options: { reportDirectory: 'reports/driftgate', formats: ['human', 'json'] } } } },
  };
  return getOutputsForTargetAndConfiguration({ project: 'p', target: 'verify' }, overrides, node).sort();
}

const pathsOf = (reportDirectory: string, projectRoot: string, kind: ReportKind, formats: readonly ReportFormat[]): string[] =>
  formats.map((format) => reportFilePath(reportDirectory, projectRoot, kind, format)).sort();

describe('reportOutputs', () => {
  it('declares, through Nx interpolation of the options in effect, the report of every format', () => {
    for (const projectRoot of ['libs/a', '.']) {
      for (const kind of ['verify-claims', 'verify-boundary'] as const) {
        expect(cachedOutputs(projectRoot, kind, {})).toEqual(pathsOf('reports/driftgate', projectRoot, kind, REPORT_FORMAT_NAMES));
        expect(cachedOutputs(projectRoot, kind, { formats: ['junit'] })).toEqual(pathsOf('reports/driftgate', projectRoot, kind, REPORT_FORMAT_NAMES));
        expect(cachedOutputs(projectRoot, kind, { reportDirectory: 'other/dir', formats: ['sarif'] })).toEqual(pathsOf('other/dir', projectRoot, kind, REPORT_FORMAT_NAMES));
      }
    }
    // The workspace-level project's reports sit directly in the report directory.
    expect(cachedOutputs('.', 'verify-claims', { reportDirectory: 'out' })).toContain('out/verify-claims.xml');
  });
});

describe('report files on disk', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  // An empty lint result is a real outcome of `surf lint` (a clean workspace).
  const report = fromSurfLint({ findings: [], blocks: 0, warnings: 0, passed: true }, { version: '0.0.0', project: 'a' });
  const location: ReportLocation = { reportDirectory: 'reports/driftgate', projectRoot: 'libs/a', kind: 'verify-claims' };
  const listing = (root: string): string[] => readdirSync(join(root, 'reports/driftgate/libs/a')).sort();

  it('writes the requested formats and removes this kind’s reports of the others, nothing else', async () => {
    const root = mkdtempSync(join(tmpdir(), 'report-files-'));
    dirs.push(root);
    await mkdir(join(root, 'reports/driftgate/libs/a'), { recursive: true });
    for (const name of ['verify-claims.txt', 'verify-claims.sarif', 'verify-boundary.txt', 'notes.md']) writeFileSync(join(root, 'reports/driftgate/libs/a', name), 'stale\n');
    const written = await writeReportFiles(report, root, location, ['json', 'junit']);
    expect(written.map((file) => file.path)).toEqual(['reports/driftgate/libs/a/verify-claims.json', 'reports/driftgate/libs/a/verify-claims.xml']);
    expect(listing(root)).toEqual(['notes.md', 'verify-boundary.txt', 'verify-claims.json', 'verify-claims.xml']);
  });

  it('removes every format of this kind for a run that could not check', async () => {
    const root = mkdtempSync(join(tmpdir(), 'report-files-'));
    dirs.push(root);
    await writeReportFiles(report, root, location, REPORT_FORMAT_NAMES);
    await removeReportFiles(root, location);
    expect(listing(root)).toEqual([]);
    // Absent files are fine.
    await removeReportFiles(root, { ...location, reportDirectory: 'nowhere' });
    expect(existsSync(join(root, 'nowhere'))).toBe(false);
  });
});

describe('PLUGIN_VERSION', () => {
  it("is the version of the plugin's own package.json, whichever folder the module sits in", () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
    expect(manifest.name).toBe('@driftgate/nx');
    expect(PLUGIN_VERSION).toBe(manifest.version);
  });
});

describe('executor schemas', () => {
  for (const kind of ['verify-claims', 'verify-boundary'] as const) {
    it(`${kind} accepts exactly the report format names (and the text alias)`, () => {
      const schema = JSON.parse(readFileSync(new URL(`../executors/${kind}/schema.json`, import.meta.url), 'utf8'));
      expect(schema.properties.formats.items.enum).toEqual([...REPORT_FORMAT_NAMES, 'text']);
    });
  }
});
