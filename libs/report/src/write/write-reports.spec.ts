import { execFileSync, spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderReport } from '../render/formats.js';
import { fromSurfLint } from '../adapt/from-surf-lint.js';
import { ReportError } from './report-error.js';
import { writeReports } from './write-reports.js';

// An empty lint result is a real outcome of `surf lint` (a clean workspace).
const report = fromSurfLint({ findings: [], blocks: 0, warnings: 0, passed: true }, { version: '1.2.3', project: 'p' });

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'report-write-'));
  dirs.push(dir);
  return dir;
};

describe('writeReports', () => {
  it('writes each format (from a map or a list) relative to cwd, creating directories, leaving no temp file', async () => {
    const cwd = tempDir();
    const written = await writeReports(report, { junit: 'reports/a/lint.xml', sarif: 'reports/lint.sarif' }, { cwd });
    expect(written.map((w) => [w.format, w.path])).toEqual([
      ['junit', 'reports/a/lint.xml'],
      ['sarif', 'reports/lint.sarif'],
    ]);
    expect(readFileSync(join(cwd, 'reports/a/lint.xml'), 'utf8')).toBe(renderReport(report, 'junit').out);
    expect(readFileSync(join(cwd, 'reports/lint.sarif'), 'utf8')).toBe(renderReport(report, 'sarif').out);
    await writeReports(report, [{ format: 'human', path: 'reports/lint.txt' }, { format: 'human', path: join(cwd, 'copy.txt') }], { cwd });
    expect(readFileSync(join(cwd, 'copy.txt'), 'utf8')).toBe('surf lint: all anchors resolve.\n');
    expect(readdirSync(join(cwd, 'reports')).sort()).toEqual(['a', 'lint.sarif', 'lint.txt']);
  });

  it('replaces an existing file whole and fails with REPORT_WRITE when the target cannot be written', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'lint.json'), 'x'.repeat(10_000));
    await writeReports(report, { json: 'lint.json' }, { cwd });
    expect(readFileSync(join(cwd, 'lint.json'), 'utf8')).toBe('[]\n');
    const failure = writeReports(report, { junit: 'lint.json/inside.xml' }, { cwd });
    await expect(failure).rejects.toBeInstanceOf(ReportError);
    await expect(failure).rejects.toMatchObject({ code: 'REPORT_WRITE' });
    expect(readdirSync(cwd)).toEqual(['lint.json']);
  });

  it('refuses two targets on one file before writing either', async () => {
    const cwd = tempDir();
    const twice = writeReports(report, [{ format: 'junit', path: 'out.xml' }, { format: 'sarif', path: join(cwd, 'out.xml') }], { cwd });
    await expect(twice).rejects.toMatchObject({ code: 'REPORT_BAD_TARGET', message: expect.stringContaining('name the same file') });
    expect(readdirSync(cwd)).toEqual([]);
  });

  it.skipIf(!existsSync('/dev/shm'))('treats an ordinary file under /dev (a tmpfs) as a regular report file', async () => {
    const cwd = mkdtempSync(join('/dev/shm', 'report-write-'));
    dirs.push(cwd);
    await writeReports(report, { json: 'reports/lint.json' }, { cwd });
    await writeReports(report, { json: 'reports/lint.json' }, { cwd });
    // Created with its directory, and replaced whole on the second run (not appended to).
    expect(readFileSync(join(cwd, 'reports/lint.json'), 'utf8')).toBe('[]\n');
  });

  it('writes a FIFO in place, so it stays a FIFO', async () => {
    const cwd = tempDir();
    const fifo = join(cwd, 'reports.fifo');
    execFileSync('mkfifo', [fifo]);
    // A reader in another process: opening a FIFO to write waits until one is there.
    const reader = spawn('cat', [fifo]);
    const received = new Promise<string>((done) => {
      let text = '';
      reader.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      reader.on('close', () => done(text));
    });
    await writeReports(report, { json: fifo }, { cwd });
    expect(await received).toBe('[]\n');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });
});
