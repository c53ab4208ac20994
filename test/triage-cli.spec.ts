import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { TRIAGE_BINDINGS } from '../libs/triage/src/model/key-bindings.js';
import { threeDivergenceRepo } from '../libs/triage/src/model/three-divergences.test-helpers.js';
import { demoTree } from './nx-workspace.js';
import { GIT_TEST_ENV, type TempRepo, createTempRepo } from './support/temp-repo.js';

// `surf triage` without a terminal (pipes) or with CI set: the human check report and check's
// exit code, without loading ink and without touching a file.

const BIN = fileURLToPath(new URL('../tools/surf/bin/surf.js', import.meta.url));

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function surf(cwd: string, args: string[], env: Record<string, string | undefined> = {}) {
  const merged: Record<string, string | undefined> = { ...process.env, ...GIT_TEST_ENV, ...env };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  return spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: merged as NodeJS.ProcessEnv });
}

async function repo(): Promise<TempRepo> {
  const r = await threeDivergenceRepo();
  cleanups.push(() => r.dispose());
  return r;
}

describe('surf triage without a terminal', () => {
  it.each([
    ['piped, CI unset', { CI: undefined }],
    ['piped, CI set', { CI: 'true' }],
  ])('%s: prints what surf check prints and exits with its code', async (_, env) => {
    const r = await repo();
    const hub = readFileSync(join(r.dir, 'hubs/helpers.md'));
    const triage = surf(r.dir, ['triage'], env);
    const check = surf(r.dir, ['check'], env);
    expect(check.status).toBe(1);
    expect(triage.status).toBe(check.status);
    expect(triage.stdout).toBe(check.stdout);
    expect(triage.stdout).toContain('src/lib.ts > beta');
    expect(readFileSync(join(r.dir, 'hubs/helpers.md')).equals(hub)).toBe(true);
  });

  it('exits 0 when the check is clean, and honours --files like check', async () => {
    const r = await repo();
    const scoped = surf(r.dir, ['triage', '--files', 'nothing/**'], { CI: 'true' });
    const check = surf(r.dir, ['check', '--files', 'nothing/**'], { CI: 'true' });
    expect(scoped.status).toBe(check.status);
    expect(scoped.stdout).toBe(check.stdout);
    r.git('checkout', '--', 'src/lib.ts');
    const clean = surf(r.dir, ['triage'], { CI: 'true' });
    expect(clean.status).toBe(0);
  });
});

describe('surf triage --boundary without a terminal', () => {
  it('prints boundver verify issues by facet severity and exits 1 on drift, 0 when clean', () => {
    const r = createTempRepo(demoTree(), { commit: true });
    cleanups.push(() => r.dispose());
    const clean = surf(r.dir, ['triage', '--boundary'], { CI: 'true' });
    expect(clean.stdout).toBe('surf triage --boundary: no boundary issues.\n');
    expect(clean.status).toBe(0);
    r.write({ 'packages/pricing/src/tiers.ts': `${readFileSync(join(r.dir, 'packages/pricing/src/tiers.ts'), 'utf8')}\nexport const added = 1;\n` });
    const drift = surf(r.dir, ['triage', '--boundary'], { CI: 'true' });
    expect(drift.status).toBe(1);
    const lines = drift.stdout.trimEnd().split('\n');
    const headings = lines.filter((line) => /^[A-Z]+$/.test(line));
    expect(headings.length).toBeGreaterThan(0);
    const order = ['COMPAT', 'BOUNDARY', 'BEHAVIOR', 'EXACT', 'OTHER'];
    expect(headings).toEqual(order.filter((h) => headings.includes(h)));
    expect(drift.stdout).toMatch(/MISMATCH pricing\.(exact|boundary|behavior|compat)/);
  });

  it('refuses --files and --base, which it cannot honour', () => {
    const r = createTempRepo(demoTree(), { commit: true });
    cleanups.push(() => r.dispose());
    for (const extra of [['--files', 'packages/**'], ['--base', 'HEAD']]) {
      const run = surf(r.dir, ['triage', '--boundary', ...extra], { CI: 'true' });
      expect(run.status).toBe(2);
      expect(run.stderr).toBe('error: --boundary shows the whole boundary lock and takes no --base or --files; drop them, or leave out --boundary to triage claims\n');
    }
  });

  it('outside a git repository says it could not verify, exit 2, without a trace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'triage-no-git-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    for (const [path, content] of Object.entries(demoTree())) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content as string);
    }
    const run = surf(dir, ['triage', '--boundary'], { CI: 'true', GIT_CEILING_DIRECTORIES: dirname(dir) });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^ {2}Verification error: Cannot capture working-tree source: Not inside a Git repository /m);
  });
});

describe('surf triage --help', () => {
  const help = () => {
    const run = surf(process.cwd(), ['triage', '--help']);
    expect(run.status).toBe(0);
    return run.stdout;
  };

  it('lists every key of the claims list, from the bindings the view uses', () => {
    const text = help();
    const shown: Record<string, string> = { up: '↑', down: '↓', home: 'Home', end: 'End', pageup: 'PgUp', pagedown: 'PgDn', return: 'Enter', escape: 'Esc', 'ctrl+c': 'Ctrl-C', ' ': 'Space' };
    for (const binding of TRIAGE_BINDINGS.filter((b) => b.modes.includes('browse'))) {
      const key = binding.keys[0]!;
      expect(text, `${key} (${binding.label})`).toMatch(new RegExp(`(^|[\\s,/])${(shown[key] ?? key).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}([\\s,/]|$)`, 'm'));
      expect(text).toContain(binding.label);
    }
  });

  it('says it writes hubs, gives its exit codes and points at docs/triage.md', () => {
    const text = help();
    expect(text).toMatch(/writes the stamps of the claims you accept into their hubs/);
    expect(text).toMatch(/^ {2}0 .*\n {2}1 .*\n {2}2 .*\n {2}130 /m);
    expect(text).toContain('docs/triage.md');
  });

  it('describes --base in the words of surf check --base', () => {
    // The option's help: from `--base <ref>` to the next option, wrapped lines joined.
    const option = (text: string) => /--base <ref>[\s\S]*?(?=\n {2}-)/.exec(text)![0].replace(/\s+/g, ' ');
    const check = surf(process.cwd(), ['check', '--help']).stdout;
    expect(option(help())).toBe(option(check));
  });
});
