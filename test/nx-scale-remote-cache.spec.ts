import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNx } from '../tools/demo/run.mjs';
import { type NxRun, type NxWorkspace, createNxWorkspace, demoTree, taskOutcomes } from './nx-workspace.js';
import { type RemoteCacheServer, startRemoteCacheServer } from './remote-cache-server.js';

// Two clones of one commit — own directories, own node_modules, own empty local caches — share
// results only through a self-hosted remote cache (the test double below, on 127.0.0.1). Clone A
// runs and uploads; clone B must restore every result as a `[remote cache]` hit with its report
// files byte for byte equal to A's. Needs `npm run build` first, like every Nx e2e test.

const WRITE_TOKEN = 'ci-main-write';
const READ_TOKEN = 'pull-request-read';
const TARGETS = ['verify-claims', 'verify-boundary'];

function nxWith(ws: NxWorkspace, server: RemoteCacheServer, token: string, args: string[]): NxRun {
  return runNx(ws.dir, args, { NX_SELF_HOSTED_REMOTE_CACHE_SERVER: server.url, NX_SELF_HOSTED_REMOTE_CACHE_ACCESS_TOKEN: token }) as NxRun;
}

/** Tasks of a run that Nx marked `[remote cache]`. */
function remoteHits(output: string): string[] {
  return [...output.matchAll(/^\s*(?:>|✔)\s+nx run (\S+)\s+\[remote cache\]\s*$/gm)].map((match) => match[1]!).sort();
}

/** Every file under `reports/` of a workspace, path → bytes. */
function reportFiles(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(join(dir, 'reports'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const abs = join(entry.parentPath, entry.name);
    files.set(abs.slice(dir.length + 1).split('\\').join('/'), readFileSync(abs));
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

let server: RemoteCacheServer;
let a: NxWorkspace;
let b: NxWorkspace;
beforeAll(async () => {
  server = await startRemoteCacheServer({ readWriteTokens: [WRITE_TOKEN], readOnlyTokens: [READ_TOKEN], lifetimeMs: 600_000 });
  const tree = demoTree();
  a = createNxWorkspace(tree);
  b = createNxWorkspace(tree);
});
afterAll(async () => {
  a?.dispose();
  b?.dispose();
  await server?.close();
});

describe('results shared across clones through a self-hosted remote cache', { timeout: 240_000 }, () => {
  it('clone B restores clone A’s results as [remote cache] hits, reports byte for byte', () => {
    expect(a.dir).not.toBe(b.dir);
    expect(a.git('rev-parse', 'HEAD')).toBe(b.git('rev-parse', 'HEAD'));

    // The demo's gateway claim is stale on purpose: that task fails, so Nx neither caches nor
    // uploads it, and clone B runs it again — its fresh report must still equal A's byte for byte.
    const failing = 'gateway:verify-claims';
    const first = nxWith(a, server, WRITE_TOKEN, ['run-many', '-t', ...TARGETS, '--outputStyle=static']);
    const tasks = [...taskOutcomes(first.output).keys()].sort();
    expect(tasks.filter((task) => task.endsWith(':verify-claims')), first.output).toHaveLength(4);
    // One per component's project, and the workspace-level one for the lock as a whole and the slices.
    expect(tasks.filter((task) => task.endsWith(':verify-boundary'))).toHaveLength(5);
    expect([...taskOutcomes(first.output).values()].every((outcome) => outcome === 'ran')).toBe(true);
    expect(first.output).toContain(`Failed tasks:\n\n- ${failing}`);
    const passed = tasks.filter((task) => task !== failing);
    const fromA = reportFiles(a.dir);
    const puts = server.requests().filter((request) => request.method === 'PUT');
    expect(puts.map((request) => request.status)).toEqual(passed.map(() => 200));
    expect(server.artifacts().size).toBe(passed.length);

    // A third clone computes everything itself (no remote cache): the bytes must agree with A's
    // before any cache is involved.
    const c = createNxWorkspace(demoTree());
    try {
      const fresh = c.nx('run-many', '-t', ...TARGETS, '--outputStyle=static');
      expect([...taskOutcomes(fresh.output).values()].every((outcome) => outcome === 'ran'), fresh.output).toBe(true);
      const fromC = reportFiles(c.dir);
      expect([...fromC.keys()]).toEqual([...fromA.keys()]);
      for (const [path, bytes] of fromA) expect(fromC.get(path)?.equals(bytes), path).toBe(true);
    } finally {
      c.dispose();
    }

    const second = nxWith(b, server, READ_TOKEN, ['run-many', '-t', ...TARGETS, '--outputStyle=static']);
    expect(remoteHits(second.output), second.output).toEqual(passed);
    expect(taskOutcomes(second.output).get(failing)).toBe('ran');
    // B read everything and wrote nothing.
    expect(server.requests().filter((request) => request.method === 'PUT')).toHaveLength(puts.length);

    const fromB = reportFiles(b.dir);
    expect([...fromB.keys()]).toEqual([...fromA.keys()]);
    const workspaceProject = JSON.parse(a.read('package.json')).name as string;
    for (const task of tasks) {
      const [project, target] = task.split(':');
      // The workspace-level project's reports sit directly in the report directory.
      const has = (path: string) => (project === workspaceProject ? path === `reports/driftgate/${target}.json` : path.endsWith(`/${target}.json`) && path.includes(project!));
      expect([...fromA.keys()].some(has), task).toBe(true);
    }
    for (const [path, bytes] of fromA) expect(fromB.get(path)?.equals(bytes), path).toBe(true);
    // Nothing of either machine's location travelled in a report.
    for (const [path, bytes] of fromA) expect(bytes.includes(a.dir) || bytes.includes(b.dir), path).toBe(false);
  });

  it('generate-boundary writes the same lock in both clones', () => {
    const root = JSON.parse(a.read('package.json')).name as string;
    for (const ws of [a, b]) {
      const run = ws.nx('run', `${root}:generate-boundary`, '--skip-nx-cache', '--outputStyle=static');
      expect(run.status, run.output).toBe(0);
    }
    expect(b.read('boundary.lock.json')).toBe(a.read('boundary.lock.json'));
    expect(a.read('boundary.lock.json')).not.toContain(a.dir);
  });

  it('refuses uploads with a read-only token (403) and the run still passes', () => {
    const path = 'packages/pricing/src/tiers.ts';
    b.write({ [path]: `${b.read(path)}\n// A comment: the claims still hold.\n` });
    const before = server.artifacts().size;
    const run = nxWith(b, server, READ_TOKEN, ['run', 'pricing:verify-claims', '--outputStyle=static']);
    expect(run.status, run.output).toBe(0);
    expect(taskOutcomes(run.output).get('pricing:verify-claims')).toBe('ran');
    expect(server.requests().at(-1)).toMatchObject({ method: 'PUT', status: 403 });
    expect(server.artifacts().size).toBe(before);
  });

  it('fails the run when the cache server is down, unless NX_SKIP_REMOTE_CACHE is set', async () => {
    const url = server.url;
    await server.close();
    // A comment-only edit: a local miss, so Nx asks the (dead) server before running the task.
    const path = 'crates/checksum/src/lib.rs';
    b.write({ [path]: `${b.read(path)}\n// The claims still hold.\n` });
    const env = { NX_SELF_HOSTED_REMOTE_CACHE_SERVER: url, NX_SELF_HOSTED_REMOTE_CACHE_ACCESS_TOKEN: WRITE_TOKEN };
    const down = runNx(b.dir, ['run', 'checksum:verify-claims', '--outputStyle=static'], env) as NxRun;
    expect(down.status).not.toBe(0);
    expect(down.output).toMatch(/Failed to send request/);
    const skipped = runNx(b.dir, ['run', 'checksum:verify-claims', '--outputStyle=static'], { ...env, NX_SKIP_REMOTE_CACHE: 'true' }) as NxRun;
    expect(skipped.status, skipped.output).toBe(0);
  });
});
