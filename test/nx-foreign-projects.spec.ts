import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NxWorkspace, allCached, createNxWorkspace, taskOutcomes } from './nx-workspace.js';

// Projects that other Nx plugins define, with the plugins installed from the registry (the
// repository's devDependencies) and their toolchains (go, cargo) on the machine: no project.json
// and no package.json in those projects. `npm run build` first.

const CLAIM_TARGETS = ['verify-claims', 'stamp-claims', 'triage-claims'];

const TREE = {
  'package.json': `${JSON.stringify({ name: 'polyglot', version: '0.0.0', private: true, devDependencies: { nx: '*', '@driftgate/nx': '*' } }, null, 2)}\n`,
  'nx.json': `${JSON.stringify({ plugins: ['@nx-go/nx-go', '@monodon/rust', { plugin: '@driftgate/nx/plugin', options: { formats: ['json'] } }] }, null, 2)}\n`,
  'surf.toml': 'hubs = ["hubs/*.md"]\n',
  '.gitignore': 'node_modules\n.nx\nreports\ntarget\n',
  // Go: one module, a project of @nx-go/nx-go (it names it after its folder).
  'services/api/go.mod': 'module example.com/api\n\ngo 1.19\n',
  'services/api/main.go': 'package main\n\nimport "fmt"\n\n// Total sums the prices in cents.\nfunc Total(prices []int) int {\n\tsum := 0\n\tfor _, p := range prices {\n\t\tsum += p\n\t}\n\treturn sum\n}\n\nfunc main() {\n\tfmt.Println(Total([]int{1, 2}))\n}\n',
  // Rust: a Cargo workspace with one member; a second crate outside it, which no plugin names.
  'Cargo.toml': '[workspace]\nmembers = ["crates/checksum"]\nresolver = "2"\n',
  'crates/checksum/Cargo.toml': '[package]\nname = "checksum"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n',
  'crates/checksum/src/lib.rs': 'pub fn checksum(bytes: &[u8]) -> u32 {\n    bytes.iter().fold(0u32, |acc, b| acc.wrapping_mul(31).wrapping_add(*b as u32))\n}\n',
  'scratch/orphan/Cargo.toml': '[package]\nname = "orphan"\nversion = "0.1.0"\nedition = "2021"\n',
  'scratch/orphan/src/lib.rs': 'pub fn orphan() -> u8 {\n    1\n}\n',
  'boundary.config.json': `${JSON.stringify(
    {
      project: 'polyglot',
      components: {
        api: { path: 'services/api', ecosystem: 'go', boundary: { provider: 'path-hash', paths: ['main.go'] } },
        checksum: { path: 'crates/checksum', ecosystem: 'cargo', version_source: { file: 'Cargo.toml', field: 'package.version' }, boundary: { provider: 'path-hash', paths: ['src/lib.rs'] } },
      },
    },
    null,
    2,
  )}\n`,
  'hubs/money.md':
    '---\ntype: concept\ntitle: Money\nsummary: totals and checksums\nanchors:\n' +
    '  - claim: a total is the plain sum of the prices, in cents\n    at: services/api/main.go > Total\n' +
    '  - claim: a checksum multiplies by 31 and wraps, byte by byte\n    at: crates/checksum/src/lib.rs > checksum\n' +
    '  - claim: the orphan crate answers one\n    at: scratch/orphan/src/lib.rs > orphan\n' +
    '---\n\n# Money\n',
};

let ws: NxWorkspace;
beforeAll(() => {
  ws = createNxWorkspace(TREE);
  // Stamp the claims as a person would after reading them, then commit.
  const bin = (name: string) => join(ws.dir, 'node_modules', '@driftgate', 'nx', 'bin', `${name}.js`);
  execFileSync(process.execPath, [bin('surf'), 'verify'], { cwd: ws.dir, stdio: 'pipe' });
  execFileSync(process.execPath, [bin('boundver'), 'generate'], { cwd: ws.dir, stdio: 'pipe' });
  ws.git('add', '-A');
  ws.git('commit', '-qm', 'stamp');
});
afterAll(() => ws?.dispose());

function targetsOf(project: string): string[] {
  const shown = ws.nx('show', 'project', project, '--json');
  expect(shown.status, shown.output).toBe(0);
  return Object.keys((JSON.parse(shown.output.slice(shown.output.indexOf('{'))) as { targets: Record<string, unknown> }).targets).sort();
}

describe('claims on projects other plugins define', { timeout: 180_000 }, () => {
  it('puts the claim targets on the Go and Rust projects, next to their own plugins\' targets', () => {
    const api = targetsOf('api');
    expect(api).toEqual(expect.arrayContaining([...CLAIM_TARGETS, 'verify-boundary', 'build', 'test']));
    const checksum = targetsOf('checksum');
    expect(checksum).toEqual(expect.arrayContaining([...CLAIM_TARGETS, 'verify-boundary']));
  });

  it('makes no project where no plugin defines one (the crate outside the Cargo workspace)', () => {
    const list = ws.nx('show', 'projects', '--json');
    expect(list.status, list.output).toBe(0);
    const projects = JSON.parse(list.output.slice(list.output.indexOf('['))) as string[];
    expect(projects).toEqual(expect.arrayContaining(['api', 'checksum']));
    expect(projects).not.toContain('orphan');
    // Its claim is still checked, by the workspace-level project that owns what no project does.
    expect(projects).toContain('polyglot');
    expect(targetsOf('polyglot')).toContain('verify-claims');
  });

  it('caches verify-claims on a Go project and misses after a logic edit of the claimed function', () => {
    const first = ws.nx('run', 'api:verify-claims');
    expect(first.status, first.output).toBe(0);
    expect(taskOutcomes(first.output).get('api:verify-claims')).toBe('ran');
    const second = ws.nx('run', 'api:verify-claims');
    expect(second.status, second.output).toBe(0);
    expect(allCached(second.output, ['api:verify-claims'])).toBe(true);
    ws.write({ 'services/api/main.go': ws.read('services/api/main.go').replace('sum += p', 'sum -= p') });
    const third = ws.nx('run', 'api:verify-claims');
    expect(third.status, third.output).not.toBe(0);
    expect(taskOutcomes(third.output).get('api:verify-claims')).toBe('ran');
    expect(third.output).toContain('services/api/main.go > Total');
    ws.git('checkout', '--', 'services/api/main.go');
  });

  it('verifies a Rust project\'s boundary component, cached, and fails once its boundary changes', () => {
    const first = ws.nx('run', 'checksum:verify-boundary');
    expect(first.status, first.output).toBe(0);
    const second = ws.nx('run', 'checksum:verify-boundary');
    expect(allCached(second.output, ['checksum:verify-boundary'])).toBe(true);
    ws.write({ 'crates/checksum/src/lib.rs': ws.read('crates/checksum/src/lib.rs').replace('31', '37') });
    const third = ws.nx('run', 'checksum:verify-boundary');
    expect(third.status, third.output).not.toBe(0);
    expect(taskOutcomes(third.output).get('checksum:verify-boundary')).toBe('ran');
  });
});
