// The config validator is build output: `npm run build` compiles the schema with ajv's standalone
// generator into libs/boundver/dist/config, the repository does not hold it, and the bins built
// from the repository and the published package both validate with it (build first: `npm run build`).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { configValidatorSource, GENERATED_VALIDATOR_PATH } from '../libs/boundver/src/config/config-schema-codegen.js';
import { loadConfigSchema } from '../libs/boundver/src/config/config-schema.js';
import { BOUNDVER_BIN, requireBuiltCli } from '../tools/boundver/src/cli-run.test-helpers.js';
import { GIT_TEST_ENV, createTempRepo, type TempRepo } from './support/temp-repo.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILT = join(ROOT, 'libs/boundver/dist', GENERATED_VALIDATOR_PATH);
const IN_SOURCE = join('libs/boundver/src', GENERATED_VALIDATOR_PATH);
const PUBLISHED_BIN = join(ROOT, 'dist/packages/nx/bin/boundver.js');

const git = (...args: string[]): string => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });

const repos: TempRepo[] = [];
afterAll(() => {
  for (const repo of repos) repo.dispose();
});

describe('the config validator', () => {
  it('is written by the build, and is what the shipped schema compiles to', () => {
    requireBuiltCli();
    expect(existsSync(BUILT)).toBe(true);
    expect(readFileSync(BUILT, 'utf8')).toBe(configValidatorSource(loadConfigSchema()));
  });

  it('is not in the repository, and git ignores it in the build directory and in src', () => {
    expect(git('ls-files', '--', 'libs/boundver/src', 'libs/boundver/dist').split('\n').filter((path) => path.includes('config-schema-validator.generated.') && !path.endsWith('.d.ts'))).toEqual([]);
    const ignored = spawnSync('git', ['check-ignore', '--no-index', '--', join('libs/boundver/dist', GENERATED_VALIDATOR_PATH), IN_SOURCE, IN_SOURCE.replace(/\.js$/, '.ts')], { cwd: ROOT, encoding: 'utf8' });
    expect(ignored.stdout.trim().split('\n')).toHaveLength(3);
  });

  it.each([
    ['the repository bin', BOUNDVER_BIN],
    ['the published package bin', PUBLISHED_BIN],
  ])('rejects what the schema rejects, through %s', (_name, bin) => {
    expect(existsSync(bin)).toBe(true);
    const repo = createTempRepo({
      'a/x.txt': 'x\n',
      'boundary.config.json': `${JSON.stringify({ project: 'p', components: { a: { path: 'a', boundary: { provider: 'leaf' }, consumers: 'b' } } })}\n`,
    });
    repos.push(repo);
    const run = spawnSync(process.execPath, [bin, 'validate-config', '--format', 'json'], { cwd: repo.dir, encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV, NO_COLOR: '1' } });
    expect(run.status, run.stderr).toBe(2);
    expect((JSON.parse(run.stdout) as { issues: string[] }).issues).toContain('Schema validation error at components.a.consumers: must be array');
  });
});
