import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNx } from '../tools/demo/run.mjs';
import { type NxWorkspace, createNxWorkspace, demoTree } from './nx-workspace.js';

// The inferred `triage-claims` target in a workspace that installs the built plugin: never cached,
// and it starts `surf triage` as its own process (here without a terminal, so the check report).

const BIN_DIR = fileURLToPath(new URL('../node_modules/.bin', import.meta.url));

let ws: NxWorkspace;
beforeAll(() => {
  ws = createNxWorkspace(demoTree());
});
afterAll(() => ws?.dispose());

describe('triage-claims', { timeout: 120_000 }, () => {
  it('is inferred beside verify-claims, uncached and alone', () => {
    const run = ws.nx('show', 'project', 'pricing', '--json');
    expect(run.status, run.output).toBe(0);
    const project = JSON.parse(run.output.slice(run.output.indexOf('{')));
    expect(Object.keys(project.targets)).toEqual(expect.arrayContaining(['verify-claims', 'stamp-claims', 'triage-claims']));
    expect(project.targets['triage-claims']).toMatchObject({ executor: '@driftgate/nx:triage-claims', cache: false, parallelism: false });
  });

  it('runs surf triage as a child process over the project’s claims (no terminal: the check report)', () => {
    // Break one claim inside pricing and one outside it: only the first is this project's to triage.
    ws.write({
      'packages/pricing/src/tiers.ts': ws.read('packages/pricing/src/tiers.ts').replace(/\btierFor\b/g, 'tierForRenamed'),
      'services/gateway/router.go': ws.read('services/gateway/router.go').replace(/\bResolve\b/g, 'ResolveRenamed'),
    });
    const before = ws.git('status', '--porcelain');
    // The demo installs the plugin but not the CLI: the executor finds `surf` on the PATH.
    const env = { CI: 'true', PATH: `${BIN_DIR}${delimiter}${process.env.PATH ?? ''}` };
    const triage = runNx(ws.dir, ['run', 'pricing:triage-claims', '--outputStyle=static'], env) as { status: number; output: string };
    expect(ws.git('status', '--porcelain')).toBe(before);
    expect(triage.status).not.toBe(0);
    expect(triage.output).toContain('packages/pricing/src/tiers.ts > tierFor');
    expect(triage.output).not.toContain('services/gateway/router.go');
    const again = runNx(ws.dir, ['run', 'pricing:triage-claims', '--outputStyle=static'], env) as { status: number; output: string };
    expect(again.output).not.toMatch(/local cache|existing outputs/);
    const verify = runNx(ws.dir, ['run', 'pricing:verify-claims', '--outputStyle=static', '--skip-nx-cache'], env) as { status: number; output: string };
    expect(verify.status).toBe(triage.status);
  });
});
