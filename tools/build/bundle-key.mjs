// The key of a folder of bundles, written as its `bundle-key` file: a content hash of every
// JavaScript file directly in the folder, so any rebuild that changes a byte of code gets a new
// key, and an unchanged rebuild keeps it. The bins name their compile-cache folder by it
// (tools/node-support/compile-cache.js), reading one short file at start instead of hashing
// megabytes of bundle on every start.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE_KEY_FILE } from '../node-support/compile-cache.js';

/** Writes `<dir>/bundle-key` for the `.js` files in `dir` and returns the key. */
export function writeBundleKey(dir) {
  const hash = createHash('sha256');
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => entry.name)
    .sort();
  for (const name of names) hash.update(`${name}\0`).update(readFileSync(join(dir, name))).update('\0');
  const key = hash.digest('hex').slice(0, 32);
  writeFileSync(join(dir, BUNDLE_KEY_FILE), `${key}\n`);
  return key;
}
