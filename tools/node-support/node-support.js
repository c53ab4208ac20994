// Which Node versions the surf and boundver bins run on. The bins import this file before any
// bundle, so it uses nothing newer than what every Node since 12 parses: on an older Node the
// bundle would fail somewhere deep inside with a message that names no version.
//
// Kept in step with `engines` in package.json (test/node-support.spec.ts checks both agree):
// 22, 24 and 26 are supported; 20.19+ is best-effort while Nx 22, which runs on it, is in our
// peer range (Node 20 left maintenance in April 2026); 22.12 is the first 22 that loads ES
// modules from `require`, which Nx's plugin loading relies on.

import { enableBundleCompileCache } from './compile-cache.js';

/** The `engines.node` range of the published package, in npm's syntax. */
export const NODE_ENGINES = '^20.19.0 || >=22.12.0';

/**
 * Whether a Node version (`process.versions.node`, e.g. "24.22.3") can run the bins.
 * @param {string} version
 * @returns {boolean}
 */
export function isSupportedNode(version) {
  const parts = String(version).split('.').map(Number);
  const major = parts[0] || 0;
  const minor = parts[1] || 0;
  if (major === 20) return minor >= 19;
  if (major === 22) return minor >= 12;
  return major > 22;
}

/**
 * The one line a bin prints on stderr before it refuses to start on `version`, or null where the
 * version is supported.
 * @param {string} bin
 * @param {string} version
 * @returns {string | null}
 */
export function unsupportedNodeLine(bin, version) {
  if (isSupportedNode(version)) return null;
  return `${bin}: Node ${version} is not supported; use Node 22, 24 or 26 (20.19 or later works on a best-effort basis).\n`;
}

/** The exit code of a bin that refused to start (2: the environment is wrong, nothing was checked). */
export const UNSUPPORTED_NODE_EXIT = 2;

/**
 * What each bin does first: on a supported Node, `load()` (the bin's own imports), with Node's
 * compile cache on for the bundles in `distUrl` where Node has one (compile-cache.js); otherwise
 * the one line on stderr and exit code 2, without loading anything else.
 * @param {string} bin
 * @param {() => Promise<unknown>} load
 * @param {URL} [distUrl] the folder of the bundles `load` imports, ending in `/`
 * @returns {Promise<unknown>}
 */
export async function startOnSupportedNode(bin, load, distUrl) {
  const refusal = unsupportedNodeLine(bin, process.versions.node);
  if (refusal === null) {
    if (distUrl !== undefined) enableBundleCompileCache(distUrl);
    return load();
  }
  process.stderr.write(refusal);
  process.exitCode = UNSUPPORTED_NODE_EXIT;
  return undefined;
}
