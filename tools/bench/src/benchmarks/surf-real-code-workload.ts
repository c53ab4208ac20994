import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { claimableSymbols, parseFile } from '@driftgate/surf';
import type { SyntheticFile } from '../synthetic-repo.js';
import type { Symbol } from './surf-workload.js';
import { type RealWorkload, REAL_WORKLOAD, addHubs } from './surf-real-workload.js';
import { claimSymbol, typescriptFiles } from './surf-node-modules-workload.js';

/** One tree of real code found on this machine, and where its files go in the workspace. */
export interface CodeTree {
  /** What it is, for the report. */
  readonly label: string;
  /** Absolute directory the files are read from. */
  readonly root: string;
  /** Folder of the workspace the files are copied under. */
  readonly prefix: string;
  /** POSIX paths under `root`, sorted. */
  readonly files: readonly string[];
}

/** What was found, and a sentence for each tree that was not. */
export interface FoundCode {
  readonly trees: readonly CodeTree[];
  readonly missing: readonly string[];
}

/** Test suites are not the library: Python's `test/` alone is larger than the rest of it. */
const PYTHON_SKIPPED = new Set(['test', 'tests', 'idle_test', 'site-packages', 'dist-packages', '__pycache__']);

/**
 * The real code this machine has, found at run time: Python's standard library (the newest
 * `python3.N` directory under the usual prefixes that holds `os.py`, test suites left out), the
 * Rust standard library's sources (`rust-src`: `library/` under a sysroot's `lib/rustlib/src/rust`,
 * from `RUST_SRC_PATH`, rustup or the system package) and the TypeScript under the repository's
 * `node_modules`. A tree that is absent is named in `missing` with how to get it.
 */
export function findRealCode(repoRoot: string): FoundCode {
  const trees: CodeTree[] = [];
  const missing: string[] = [];
  const python = pythonStdlib();
  if (python === undefined) missing.push("Python's standard library (no python3.N directory with os.py under /usr/lib or /usr/local/lib): install python3");
  else trees.push({ label: `Python ${python.version} standard library`, root: python.dir, prefix: 'python', files: filesUnder(python.dir, '.py', PYTHON_SKIPPED) });
  const rust = rustLibrary();
  if (rust === undefined) missing.push('rust-src (no lib/rustlib/src/rust/library under RUST_SRC_PATH, ~/.rustup or /usr/lib): `apt-get install rust-src` or `rustup component add rust-src`');
  else trees.push({ label: 'rust-src library', root: rust, prefix: 'rust', files: filesUnder(rust, '.rs', new Set(['target'])) });
  const modules = join(repoRoot, 'node_modules');
  if (!existsSync(modules)) missing.push('the TypeScript in node_modules (no node_modules: run `npm ci`)');
  else trees.push({ label: 'TypeScript in node_modules', root: modules, prefix: 'vendor', files: typescriptFiles(modules, '') });
  return { trees: trees.filter((tree) => tree.files.length > 0), missing };
}

function pythonStdlib(): { dir: string; version: string } | undefined {
  const found: Array<{ dir: string; version: string; minor: number }> = [];
  for (const prefix of ['/usr/lib', '/usr/local/lib']) {
    let names: string[];
    try {
      names = readdirSync(prefix);
    } catch {
      continue;
    }
    for (const name of names) {
      const match = /^python3\.(\d+)$/.exec(name);
      if (match && existsSync(join(prefix, name, 'os.py'))) found.push({ dir: join(prefix, name), version: `3.${match[1]}`, minor: Number(match[1]) });
    }
  }
  found.sort((a, b) => b.minor - a.minor);
  return found[0];
}

function rustLibrary(): string | undefined {
  const home = process.env['HOME'];
  const candidates = [process.env['RUST_SRC_PATH'], '/usr/lib/rustlib/src/rust/library', '/usr/local/lib/rustlib/src/rust/library'];
  if (home !== undefined) {
    const toolchains = join(home, '.rustup', 'toolchains');
    if (existsSync(toolchains)) for (const t of readdirSync(toolchains).sort()) candidates.push(join(toolchains, t, 'lib', 'rustlib', 'src', 'rust', 'library'));
  }
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    // RUST_SRC_PATH may name the library itself or the `src/rust` above it.
    for (const dir of [candidate, join(candidate, 'library')]) if (existsSync(join(dir, 'core'))) return dir;
  }
  return undefined;
}

/** POSIX paths under `dir` of regular files ending in `ext`, sorted; symbolic links are not followed. */
function filesUnder(dir: string, ext: string, skipped: ReadonlySet<string>, prefix = ''): string[] {
  const out: string[] = [];
  const entries = readdirSync(join(dir, prefix), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!skipped.has(entry.name)) out.push(...filesUnder(dir, ext, skipped, rel));
    } else if (entry.isFile() && entry.name.endsWith(ext)) {
      out.push(rel);
    }
  }
  return out;
}

/** A digest of what was found (paths and sizes), so the cached workspace follows the machine. */
export function foundCodeKey(found: FoundCode): string {
  const hash = createHash('sha256');
  for (const tree of found.trees) {
    hash.update(`${tree.prefix}\0${tree.root}\0`);
    for (const file of tree.files) hash.update(`${file}\0${statSync(join(tree.root, file)).size}\0`);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Every symbol `surf suggest --all` offers in every found file, claimed and stamped `3:`, in hubs of
 * {@link REAL_WORKLOAD.claimsPerHub} claims; the files are copied under each tree's prefix.
 * `scale` < 1 keeps every n-th file of each tree. A proposal that does not hash alone is left out.
 */
export async function realCodeWorkload(found: FoundCode, scale: number): Promise<RealWorkload> {
  const step = scale >= 1 ? 1 : Math.max(1, Math.round(1 / scale));
  const files: SyntheticFile[] = [];
  const sources: string[] = [];
  const claims: Array<{ text: string; sites: Symbol[] }> = [];
  const stamps: string[] = [];
  let sourceBytes = 0;
  for (const tree of found.trees) {
    for (const rel of tree.files.filter((_, i) => i % step === 0)) {
      const content = readFileSync(join(tree.root, rel));
      const path = `${tree.prefix}/${rel}`;
      files.push({ path, content });
      const before = claims.length;
      let parsed;
      try {
        parsed = await parseFile(path, content);
      } catch {
        // Not UTF-8, or no tree at all: nothing to claim.
        continue;
      }
      try {
        for (const symbol of claimableSymbols(parsed, { all: true })) claimSymbol(parsed, path, symbol, claims, stamps);
      } finally {
        parsed.delete();
      }
      if (claims.length > before) {
        sources.push(path);
        sourceBytes += content.length;
      }
    }
  }
  const hubs = addHubs(files, claims, stamps, REAL_WORKLOAD.claimsPerHub);
  return { files, sources, sourceBytes, claims: claims.length, hubs };
}
