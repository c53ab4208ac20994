// Brings one Node.js version from the npm registry (the `node-<platform>-<arch>` packages carry
// the official binaries) and prints the folder holding its `node`, so CI and the tests can run
// under a Node other than the machine's without a version manager:
//
//   PATH="$(node tools/node-support/node-from-registry.mjs 24.22.3):$PATH" npm test
//
// Each version is unpacked once into node_modules/.cache/driftgate/node/<version> and reused;
// it is unpacked beside that folder and renamed into place, so an interrupted run leaves nothing
// that looks complete.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE = join(ROOT, 'node_modules', '.cache', 'driftgate', 'node');

/**
 * The folder with the `node` binary of `version` (exact, e.g. "24.22.3"), fetched if needed.
 * @param {string} version
 * @returns {string}
 */
export function nodeFromRegistry(version) {
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`node-from-registry: give an exact version such as 24.22.3, not "${version}"`);
  const final = join(CACHE, version);
  const bin = join(final, 'package', 'bin');
  if (existsSync(join(bin, 'node'))) return bin;
  const partial = `${final}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const spec = `node-${process.platform}-${process.arch}@${version}`;
  try {
    execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', partial], { stdio: ['ignore', 'ignore', 'inherit'] });
    const [tarball] = readdirSync(partial).filter((name) => name.endsWith('.tgz'));
    if (tarball === undefined) throw new Error(`npm pack ${spec} wrote no tarball`);
    execFileSync('tar', ['-xzf', tarball], { cwd: partial, stdio: 'inherit' });
    rmSync(join(partial, tarball));
    rmSync(final, { recursive: true, force: true });
    renameSync(partial, final);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw new Error(`node-from-registry: could not bring ${spec} from the npm registry: ${error.message}`, { cause: error });
  }
  return bin;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(`${nodeFromRegistry(process.argv[2] ?? '')}\n`);
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  }
}
