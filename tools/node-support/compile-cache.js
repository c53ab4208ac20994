// Node's on-disk compile cache for the bins' bundles: a start that finds the cache skips
// compiling the bundle's code (V8 reads the code cache instead). Imported by node-support.js, so
// like it this file uses nothing newer than what every Node since 12 parses.
//
// Where: beside surf's result cache (`--cache-dir`, else `SURF_CACHE_DIR`, else
// `node_modules/.cache/driftgate` of the nearest directory with a `node_modules`), in `compile/<key>`, `<key>` being the build's bundle key
// (`dist/bundle-key`, a content hash of the bundled files written by the build). Node checks each
// entry against its source's content hash and keeps one folder per Node version inside, so a
// stale entry is never used; naming the folder by the build keeps builds from overwriting each
// other's entries. Without a key file, a `node_modules` to put it in, or with `--no-cache` or
// `SURF_NO_CACHE` set, nothing is cached. Nothing here prints or throws: a cache that cannot be written is only a
// slower start.

import Module from 'module';
import { readFileSync, statSync } from 'fs';
import { dirname, join, resolve } from 'path';
import { fileURLToPath } from 'url';

/** The name of the key file the build writes into each bundle folder. */
export const BUNDLE_KEY_FILE = 'bundle-key';

var KEY = /^[0-9a-f]{16,64}$/;

/**
 * The value of `--cache-dir` on a command line (`--cache-dir d` or `--cache-dir=d`), the last one
 * given, as the CLI's parser takes it; undefined without one. Nothing after `--` is an option.
 * @param {readonly string[]} argv the arguments after the script
 * @returns {string | undefined}
 */
function cacheDirFlag(argv) {
  var found;
  for (var i = 0; i < argv.length; i++) {
    if (argv[i] === '--') break;
    if (argv[i] === '--cache-dir' && i + 1 < argv.length) found = argv[++i];
    else if (argv[i].indexOf('--cache-dir=') === 0) found = argv[i].slice('--cache-dir='.length);
  }
  return found;
}

/**
 * The result cache's folder as surf picks it, found from `cwd` without asking git: the
 * `--cache-dir` of `argv`, else `SURF_CACHE_DIR` (each relative to `cwd`), else `node_modules/.cache/driftgate` in the nearest
 * ancestor of `cwd` that has a `node_modules` folder; null when there is none.
 * @param {string} cwd
 * @param {Record<string, string | undefined>} env
 * @param {readonly string[]} [argv]
 * @returns {string | null}
 */
export function cacheBase(cwd, env, argv) {
  var flag = cacheDirFlag(argv || []);
  if (flag) return resolve(cwd, flag);
  if (env.SURF_CACHE_DIR) return resolve(cwd, env.SURF_CACHE_DIR);
  var dir = resolve(cwd);
  for (;;) {
    try {
      if (statSync(join(dir, 'node_modules')).isDirectory()) return join(dir, 'node_modules', '.cache', 'driftgate');
    } catch (error) {
      // Not here: look one level up.
    }
    var parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/**
 * The folder the compile cache of the bundles in `distUrl` goes to, or null when none applies
 * (see the top of this file).
 * @param {URL} distUrl the bundle folder, ending in `/`
 * @param {string} cwd
 * @param {Record<string, string | undefined>} env
 * @param {readonly string[]} [argv] the command line after the script (`--cache-dir`, `--no-cache`)
 * @returns {string | null}
 */
export function compileCacheDir(distUrl, cwd, env, argv) {
  var off = env.SURF_NO_CACHE;
  if (off !== undefined && off !== '' && off !== '0') return null;
  var args = argv || [];
  var end = args.indexOf('--');
  if ((end < 0 ? args : args.slice(0, end)).indexOf('--no-cache') >= 0) return null;
  var key;
  try {
    key = readFileSync(fileURLToPath(new URL(BUNDLE_KEY_FILE, distUrl)), 'utf8').trim();
  } catch (error) {
    return null;
  }
  if (!KEY.test(key)) return null;
  var base = cacheBase(cwd, env, args);
  return base === null ? null : join(base, 'compile', key);
}

/**
 * Turns Node's compile cache on for what the process loads from now on, where Node has it
 * (`module.enableCompileCache`, Node 22.1 and later); a no-op elsewhere. Returns the folder asked
 * for, or null when the cache is not used.
 * @param {URL} distUrl
 * @returns {string | null}
 */
export function enableBundleCompileCache(distUrl) {
  try {
    if (typeof Module.enableCompileCache !== 'function') return null;
    var dir = compileCacheDir(distUrl, process.cwd(), process.env, process.argv.slice(2));
    if (dir === null) return null;
    // Node creates the folder; an unwritable one comes back as status FAILED, never as an error.
    var result = Module.enableCompileCache(dir);
    return result && result.status !== Module.constants.compileCacheStatus.FAILED ? dir : null;
  } catch (error) {
    return null;
  }
}
