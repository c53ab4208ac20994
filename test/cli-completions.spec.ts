import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuiltCli } from '../tools/boundver/src/cli-run.test-helpers.js';

// `boundver completions` and `surf completions` through the built bins: each script parses in
// its shell (bash -n, zsh -n, fish -n), and completes what the parser accepts: bash by running
// its completion function, zsh by registering with compinit, fish by asking `complete -C`.
// The shells must be installed (`.ci/run` installs zsh and fish): these tests fail, never skip.

const BINS = {
  boundver: fileURLToPath(new URL('../tools/boundver/bin/boundver.js', import.meta.url)),
  surf: fileURLToPath(new URL('../tools/surf/bin/surf.js', import.meta.url)),
} as const;
type Program = keyof typeof BINS;

let dir: string;
beforeAll(() => {
  requireBuiltCli();
  dir = mkdtempSync(join(tmpdir(), 'driftgate-completions-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(command: string, args: readonly string[], input?: string): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { encoding: 'utf8', input, env: { ...process.env, NO_COLOR: '1' } });
  if (result.error !== undefined) throw new Error(`${command} is not installed (apt-get install -y zsh fish): ${result.error.message}`);
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The script `program completions --shell shell` prints, saved to a file. */
function script(program: Program, shell: string): string {
  const printed = run(process.execPath, [BINS[program], 'completions', '--shell', shell]);
  expect(printed.code, printed.stderr).toBe(0);
  const file = join(dir, `${program}.${shell}`);
  writeFileSync(file, printed.stdout);
  return file;
}

/** What bash's completion function offers for the words typed so far (the last one being completed). */
function bashComplete(program: Program, words: string[]): string[] {
  const file = script(program, 'bash');
  const quoted = words.map((w) => `'${w}'`).join(' ');
  const out = run('bash', ['-c', `source '${file}'; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _${program}; printf '%s\\n' "\${COMPREPLY[@]}"`]);
  expect(out.code, out.stderr).toBe(0);
  return out.stdout.split('\n').filter((line) => line !== '');
}

function fishComplete(program: Program, line: string): string[] {
  const file = script(program, 'fish');
  const out = run('fish', ['-c', `source '${file}'; complete -C '${line}'`]);
  expect(out.code, out.stderr).toBe(0);
  return out.stdout.split('\n').filter((entry) => entry !== '').map((entry) => entry.split('\t')[0]!);
}

describe.each(['boundver', 'surf'] as const)('%s completions', (program) => {
  it.each(['bash', 'zsh', 'fish'])('--shell %s parses in its shell', (shell) => {
    const file = script(program, shell);
    const check = run(shell, ['-n', file]);
    expect(check.code, check.stderr).toBe(0);
  });

  it('registers itself with zsh compinit', () => {
    const file = script(program, 'zsh');
    const out = run('zsh', ['-f', '-c', `autoload -U compinit && compinit -u -D; source '${file}'; print -- \${_comps[${program}]}`]);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout.trim()).toBe(`_${program}`);
  });

  it('completes the subcommands the parser has, in bash and fish', () => {
    const help = run(process.execPath, [BINS[program], '--help']);
    const commands = [...help.stdout.matchAll(/^ {2}([a-z][a-z-]*)\b/gm)].map((match) => match[1]!).filter((name) => name !== 'help');
    expect(commands).toContain('completions');
    expect(bashComplete(program, [program, '']).filter((word) => !word.startsWith('-')).sort()).toEqual([...commands].sort());
    expect(fishComplete(program, `${program} `).sort()).toEqual([...commands].sort());
  });

  it('refuses an unknown shell (exit 2)', () => {
    const out = run(process.execPath, [BINS[program], 'completions', '--shell', 'tcsh']);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/Allowed choices are bash, zsh, fish/);
  });
});

describe('what the scripts complete', () => {
  it('bash: options of the subcommand and the choices of an option', () => {
    expect(bashComplete('boundver', ['boundver', 'verify', '--base'])).toEqual(['--baseline']);
    expect(bashComplete('boundver', ['boundver', 'review', '--format', ''])).toEqual(['text', 'json', 'plan', 'markdown']);
    expect(bashComplete('boundver', ['boundver', '--quiet', 'discover', '--'])).toEqual(expect.arrayContaining(['--format', '--diff-config', '--exclude', '--help']));
    expect(bashComplete('surf', ['surf', 'check', '--format', 'sa'])).toEqual(['sarif']);
    // A value without choices is left to file-name completion.
    expect(bashComplete('boundver', ['boundver', 'verify', '--config', ''])).toEqual([]);
  });

  it('fish: options and choices', () => {
    expect(fishComplete('boundver', 'boundver completions --shell ').sort()).toEqual(['bash', 'fish', 'zsh']);
    expect(fishComplete('boundver', 'boundver explain --base')).toEqual(['--base-ref']);
  });
});
