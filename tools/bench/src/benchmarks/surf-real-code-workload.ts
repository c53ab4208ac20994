import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { claimableSymbols, parseFile } from '@driftgate/surf';
import type { SyntheticFile } from '../synthetic-repo.js';
import type { Symbol } from './surf-workload.js';
import { type HubPlan, type RealWorkload, REAL_WORKLOAD, addHubs, addPlannedHubs } from './surf-real-workload.js';
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

/** Directories the go tool never builds as part of a package tree. */
const GO_SKIPPED = new Set(['testdata', 'vendor']);

/** The line Go's convention puts in generated files (https://go.dev/s/generatedcode). */
const GO_GENERATED = /^\/\/ Code generated .* DO NOT EDIT\.$/m;

/**
 * Go's standard library sources under `GOROOT/src` (from `go env GOROOT` when `go` is on PATH,
 * else /usr/lib/go or /usr/local/go, where Debian's golang-go and the upstream tarball put it),
 * as a tree of its own: it is measured in a workspace of its own. Tests, `testdata`, `vendor` and
 * generated files are left out, as the go tool and Go's reviewers leave them out.
 */
export function findGoCode(): FoundCode {
  const goroot = goRoot();
  if (goroot === undefined) return { trees: [], missing: ["Go's standard library (no src/runtime under `go env GOROOT`, /usr/lib/go or /usr/local/go): apt-get install golang-go"] };
  const src = join(goroot, 'src');
  const files = goFiles(src);
  if (files.length === 0) return { trees: [], missing: [`Go's standard library (no Go sources under ${src}): apt-get install golang-go`] };
  return { trees: [{ label: `${goVersion(goroot)} standard library`, root: src, prefix: 'go', files }], missing: [] };
}

function goRoot(): string | undefined {
  const candidates: string[] = [];
  // Not on PATH is an error object here, not a throw.
  const go = spawnSync('go', ['env', 'GOROOT'], { encoding: 'utf8', timeout: 30_000 });
  if (go.status === 0 && go.stdout.trim() !== '') candidates.push(go.stdout.trim());
  candidates.push('/usr/lib/go', '/usr/local/go');
  return candidates.find((dir) => existsSync(join(dir, 'src', 'runtime')));
}

function goVersion(goroot: string): string {
  try {
    // Newer releases add lines (the release time) after the version.
    const first = readFileSync(join(goroot, 'VERSION'), 'utf8').split('\n')[0]!.trim();
    if (/^go\d/.test(first)) return `Go ${first.slice(2)}`;
  } catch {
    // A source checkout has no VERSION file.
  }
  return 'Go';
}

/**
 * POSIX paths under `src` of the Go files a package build compiles, sorted: no `_test.go` files,
 * nothing under `testdata` or `vendor`, no file carrying the generated-code line.
 */
export function goFiles(src: string): string[] {
  return filesUnder(src, '.go', GO_SKIPPED).filter((rel) => !rel.endsWith('_test.go') && !GO_GENERATED.test(readFileSync(join(src, rel), 'utf8')));
}

/** The Go package (its directory under `src`) a workspace path `<prefix>/<dir>/<file>.go` belongs to. */
export function goPackageOf(path: string, prefix: string): string {
  const dir = posix.dirname(path.slice(prefix.length + 1));
  return dir === '.' ? 'std' : dir;
}

/**
 * The hub of Go package `pkg`: flat under `hubs/go/` with `/` as `-` (no standard-library
 * directory has a `-`), and prefixed so that package `log` or `index` does not get a basename
 * surf reads as a Log or Index hub, which holds no claims.
 */
export function goHubPath(pkg: string): string {
  return `hubs/go/pkg-${pkg.replaceAll('/', '-')}.md`;
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

/** The found files copied and claimed, before they are put into hubs. */
interface ClaimedCode {
  readonly files: SyntheticFile[];
  readonly sources: string[];
  readonly sourceBytes: number;
  readonly claims: Array<{ text: string; sites: Symbol[] }>;
  readonly stamps: string[];
}

/**
 * Every symbol `surf suggest --all` offers in every found file, claimed and stamped `3:`; the
 * files are copied under each tree's prefix. `scale` < 1 keeps every n-th file of each tree. A
 * proposal that does not hash alone is left out.
 */
async function claimFoundCode(found: FoundCode, scale: number): Promise<ClaimedCode> {
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
  return { files, sources, sourceBytes, claims, stamps };
}

/** {@link claimFoundCode}, in hubs of {@link REAL_WORKLOAD.claimsPerHub} claims. */
export async function realCodeWorkload(found: FoundCode, scale: number): Promise<RealWorkload> {
  const { files, sources, sourceBytes, claims, stamps } = await claimFoundCode(found, scale);
  const hubs = addHubs(files, claims, stamps, REAL_WORKLOAD.claimsPerHub);
  return { files, sources, sourceBytes, claims: claims.length, hubs };
}

/**
 * {@link claimFoundCode} of the Go tree ({@link findGoCode}), one hub per Go package, however
 * many claims it has: a package is what a Go project writes one document about.
 */
export async function goCodeWorkload(found: FoundCode, scale: number): Promise<RealWorkload> {
  const { files, sources, sourceBytes, claims, stamps } = await claimFoundCode(found, scale);
  const prefix = found.trees[0]?.prefix ?? 'go';
  const byPackage = new Map<string, number[]>();
  claims.forEach((claim, i) => {
    const pkg = goPackageOf(claim.sites[0]!.file, prefix);
    const indices = byPackage.get(pkg);
    if (indices === undefined) byPackage.set(pkg, [i]);
    else indices.push(i);
  });
  const plans: HubPlan[] = [...byPackage.keys()].sort().map((pkg) => ({
    path: goHubPath(pkg),
    title: `Package ${pkg}`,
    summary: `how package ${pkg} keeps its promises`,
    tags: ['go', pkg.replaceAll('/', '-')],
    heading: `Package ${pkg}`,
    claims: byPackage.get(pkg)!.map((i) => ({ ...claims[i]!, stamp: stamps[i]! })),
  }));
  const hubs = addPlannedHubs(files, plans, 'hubs/go/*.md');
  return { files, sources, sourceBytes, claims: claims.length, hubs };
}
