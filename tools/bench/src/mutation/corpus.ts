import { execFileSync } from 'node:child_process';
import { type Dirent, existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The corpora the campaign knows, one per language it reports. */
export type CorpusName = 'python' | 'typescript' | 'javascript' | 'go' | 'rust';

/** Every corpus, in report order. */
export const CORPUS_NAMES: readonly CorpusName[] = ['python', 'typescript', 'javascript', 'go', 'rust'];

/** One source file of a corpus. */
export interface CorpusFile {
  /** Absolute path, used only to read the file (never hashed, never written to the repository). */
  readonly path: string;
  /** `<root label>/<path inside the root>`, POSIX; what reports show and what the anchor names. */
  readonly display: string;
}

/** A language's corpus as found on this machine. */
export interface Corpus {
  readonly name: CorpusName;
  /** `false` when none of its roots exist: the language is reported as "not installed". */
  readonly installed: boolean;
  /** Where the files come from, in words (for the report), e.g. `Python stdlib`. */
  readonly source: string;
  /** Sorted by `display`, so a seeded choice is the same on every run. */
  readonly files: readonly CorpusFile[];
}

/** Which roots a corpus is read from; discovered at run time, never configured with paths. */
interface Root {
  readonly label: string;
  readonly dir: string;
}

const EXTENSIONS: Readonly<Record<CorpusName, readonly string[]>> = {
  python: ['.py'],
  // `.d.ts` files are left out: declarations carry no statements, operators or calls, so nearly
  // every operator of the campaign would find nothing to mutate in them.
  typescript: ['.ts', '.tsx', '.mts', '.cts'],
  javascript: ['.js', '.mjs', '.cjs'],
  go: ['.go'],
  rust: ['.rs'],
};

const DECLARATION_FILE = /\.d\.[cm]?ts$/;

/**
 * Directories not walked: third-party packages installed into the Python prefix are not the
 * standard library; Go's `testdata` holds deliberately broken inputs for the Go tools' own tests.
 */
const SKIPPED_DIRECTORIES: Readonly<Record<CorpusName, ReadonlySet<string>>> = {
  python: new Set(['site-packages', '__pycache__']),
  typescript: new Set(['.git']),
  javascript: new Set(['.git']),
  go: new Set(['testdata']),
  rust: new Set(['target']),
};

function commandOutput(command: string, args: readonly string[]): string | undefined {
  try {
    const out = execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 20_000 }).trim();
    return out === '' ? undefined : out;
  } catch {
    return undefined;
  }
}

function pythonRoots(): Root[] {
  const dir = commandOutput('python3', ['-c', 'import sysconfig;print(sysconfig.get_paths()["stdlib"])']);
  return dir && existsSync(dir) ? [{ label: 'python-stdlib', dir }] : [];
}

function goRoots(): Root[] {
  const goroot = commandOutput('go', ['env', 'GOROOT']);
  const dir = goroot === undefined ? undefined : join(goroot, 'src');
  return dir && existsSync(dir) ? [{ label: 'go-src', dir }] : [];
}

/** Debian's `rust-src` (`/usr/src/rustc-<version>/library`) and a rustup toolchain's `rust-src` component. */
function rustRoots(): Root[] {
  const roots: Root[] = [];
  const usrSrc = join(sep, 'usr', 'src');
  if (existsSync(usrSrc)) {
    for (const entry of readdirSync(usrSrc).sort()) {
      const dir = join(usrSrc, entry, 'library');
      if (entry.startsWith('rustc-') && existsSync(dir)) roots.push({ label: `${entry}-library`, dir });
    }
  }
  const sysroot = commandOutput('rustc', ['--print', 'sysroot']);
  const rustup = sysroot === undefined ? undefined : join(sysroot, 'lib', 'rustlib', 'src', 'rust', 'library');
  if (rustup && existsSync(rustup)) roots.push({ label: 'rustup-library', dir: rustup });
  return roots;
}

function nodeModulesRoots(workspaceRoot: string): Root[] {
  const dir = join(workspaceRoot, 'node_modules');
  return existsSync(dir) ? [{ label: 'node_modules', dir }] : [];
}

/** Recursive listing without following symbolic links (node_modules links back into the workspace). */
function listFiles(root: Root, name: CorpusName, out: CorpusFile[]): void {
  const extensions = EXTENSIONS[name];
  const skipped = SKIPPED_DIRECTORIES[name];
  const stack = [root.dir];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skipped.has(entry.name)) stack.push(path);
      } else if (entry.isFile() && extensions.some((ext) => entry.name.endsWith(ext)) && !DECLARATION_FILE.test(entry.name)) {
        out.push({ path, display: `${root.label}/${relative(root.dir, path).split(sep).join('/')}` });
      }
    }
  }
}

/**
 * Finds every corpus on this machine. Paths come from the toolchains themselves (`python3`,
 * `go env`, `rustc`) and from the workspace's own `node_modules`, so nothing machine-specific is
 * written anywhere.
 */
export function discoverCorpora(workspaceRoot: string, only: readonly CorpusName[] = CORPUS_NAMES): Corpus[] {
  const roots: Record<CorpusName, () => Root[]> = {
    python: pythonRoots,
    typescript: () => nodeModulesRoots(workspaceRoot),
    javascript: () => nodeModulesRoots(workspaceRoot),
    go: goRoots,
    rust: rustRoots,
  };
  const sources: Record<CorpusName, string> = {
    python: 'Python standard library',
    typescript: 'TypeScript under node_modules (.ts .tsx .mts .cts, no .d.ts)',
    javascript: 'JavaScript under node_modules (.js .mjs .cjs)',
    go: 'Go standard library (GOROOT/src)',
    rust: 'Rust standard library (rust-src)',
  };
  return only.map((name): Corpus => {
    const found = roots[name]();
    const files: CorpusFile[] = [];
    for (const root of found) listFiles(root, name, files);
    files.sort((a, b) => (a.display < b.display ? -1 : a.display > b.display ? 1 : 0));
    return { name, installed: files.length > 0, source: sources[name], files };
  });
}
