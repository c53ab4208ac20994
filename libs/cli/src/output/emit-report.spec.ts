import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromSurfLint, parseReportTarget, renderReport } from '@driftgate/report';
import { afterEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../run/cli-io.js';
import { emitReport } from './emit-report.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// An empty lint result is a real outcome of `surf lint` (a clean workspace).
const REPORT = fromSurfLint({ findings: [], blocks: 0, warnings: 0, passed: true }, { version: '1.2.3' });

describe('emitReport', () => {
  it('prints the report, writes each report file, and makes an unwritable one a usage error after the output', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'driftgate-cli-emit-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'blocker'), 'a file where a directory should be');
    const printed: string[] = [];
    const notes: string[] = [];
    const codes: number[] = [];
    const io: CliIo<2> = { cwd: dir, stdoutIsTty: false, stderrIsTty: false, env: {}, out: (t) => void printed.push(t), err: (t) => void notes.push(t), exit: (c) => void codes.push(c) };
    await emitReport(io, REPORT, 'json', [parseReportTarget('json=ok.json')], { bin: 'surf', usage: 2 });
    expect(printed.join('')).toBe(renderReport(REPORT, 'json').out);
    expect(readFileSync(join(dir, 'ok.json'), 'utf8')).toBe(renderReport(REPORT, 'json').out);
    expect(codes).toEqual([]);
    await emitReport(io, REPORT, 'json', [parseReportTarget('json=blocker/r.json')], { bin: 'surf', usage: 2 });
    expect(codes).toEqual([2]);
    expect(notes.at(-1)).toMatch(/^surf: .+\n$/);
  });
});
