import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type TargetContext, verifyClaimsTarget } from './inferred-targets.js';
import { packageManagerExec } from './package-manager-exec.js';
import { normalizePluginOptions } from './plugin-options.js';

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});
function workspaceWith(...files: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'package-manager-exec-'));
  dirs.push(dir);
  for (const file of files) writeFileSync(join(dir, file), '');
  return dir;
}

describe('packageManagerExec', () => {
  it("is the exec of the workspace's package manager, by its lock file", () => {
    expect(packageManagerExec(workspaceWith('package-lock.json'))).toBe('npx');
    expect(packageManagerExec(workspaceWith('pnpm-lock.yaml'))).toBe('pnpm exec');
    expect(packageManagerExec(workspaceWith('yarn.lock', 'package-lock.json'))).toBe('yarn');
    expect(packageManagerExec(workspaceWith('bun.lock'))).toBe('bunx');
    expect(packageManagerExec(workspaceWith())).toBe('npx');
  });

  it("prefixes the targets' help command", () => {
    const context: TargetContext = {
      projectRoot: 'libs/a',
      projectName: 'a',
      options: normalizePluginOptions({}),
      tool: { kind: 'runtime', inputs: [], version: '0.0.0' },
      typescript: [],
      exec: packageManagerExec(workspaceWith('pnpm-lock.yaml')),
    };
    const target = verifyClaimsTarget(context, { hubFiles: [], anchoredFiles: [], claims: 0 });
    expect(target.metadata?.help).toEqual({ command: 'pnpm exec nx run a:verify-claims --help', example: { options: { formats: ['json'] } } });
  });
});
