import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { syntaxVersions } from '@driftgate/syntax';

/** Bumped whenever the cache's stored shape or what an entry means changes. */
export const CACHE_FORMAT_VERSION = 2;

let computed: string | undefined;

/**
 * What, besides a file's bytes and the questions asked about it, decides a check's answers: the
 * cache format, the Node runtime, the tree-sitter runtime and grammar versions, and surf's own
 * code. The code is identified by the bytes of the compiled module files around this one (the
 * package's compiled or source folder, or the bundled bin), not by a version number, so a rebuilt
 * surf never serves answers of the previous build even at the same version. Computed once per
 * process (a few milliseconds).
 */
export function engineKey(): string {
  if (computed !== undefined) return computed;
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ format: CACHE_FORMAT_VERSION, node: process.version, syntax: syntaxVersions() }));
  // cache/engine-key.js → its package's dist/ (or src/); in the bundled bin → the bin's folder.
  const here = dirname(fileURLToPath(import.meta.url));
  const roots = [basename(here) === 'cache' ? dirname(here) : here];
  // The syntax layer's code (walks and cursors) shapes the tokens too; bundled into the bin, and
  // resolvable beside the libraries.
  try {
    roots.push(dirname(createRequire(import.meta.url).resolve('@driftgate/syntax')));
  } catch {
    // Bundled: already part of the bin's own file.
  }
  for (const [r, root] of roots.entries()) {
    for (const file of codeFiles(root, 0)) {
      hash.update(`\0${r}${file.slice(root.length)}\0`);
      hash.update(readFileSync(file));
    }
  }
  computed = hash.digest('hex');
  return computed;
}

const CODE = /\.(?:js|mjs|cjs|ts)$/;
const NOT_CODE = /\.(?:d\.ts|spec\.ts|test-helpers\.ts)$/;

/** Module files under `dir` (two levels of folders at most, none named node_modules), sorted. */
function codeFiles(dir: string, depth: number): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (depth < 2 && entry.name !== 'node_modules') files.push(...codeFiles(path, depth + 1));
    } else if (CODE.test(entry.name) && !NOT_CODE.test(entry.name)) {
      files.push(path);
    }
  }
  return files;
}
