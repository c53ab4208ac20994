import { langForPath } from '@driftgate/syntax';

/** The files a component's surface starts from, per language family, component-relative and sorted. */
export interface SignatureEntries {
  readonly python: readonly string[];
  readonly go: readonly string[];
  /** Rust roots: `src/lib.rs` alone (its modules are followed), or every `.rs` under `src/`. */
  readonly rust: readonly string[];
  /** Whether the Rust roots are `src/lib.rs`, whose `mod` declarations are followed. */
  readonly rustFollowsModules: boolean;
  readonly typescript: readonly string[];
}

const segments = (path: string): string[] => path.split('/');
const dirOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
const baseOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

const PYTHON_TEST_DIRS: ReadonlySet<string> = new Set(['test', 'tests']);
const PYTHON_NOT_MODULES: ReadonlySet<string> = new Set(['conftest.py', 'setup.py', 'noxfile.py', 'fabfile.py']);

/**
 * Python: the packages' `__init__.py` files and their public modules: a `.py`/`.pyi` file inside a
 * package (a directory with `__init__.py`) none of whose path segments starts with `_` (except
 * `__init__` itself), outside `test`/`tests` directories, not `test_*.py` / `*_test.py` /
 * `conftest.py` / `setup.py`. A stub (`.pyi`) stands for the module beside it. A component without
 * any package offers its top-level modules under the same rules.
 */
export function pythonEntries(files: readonly string[]): string[] {
  const all = new Set(files);
  const packages = new Set(files.filter((f) => baseOf(f) === '__init__.py' || baseOf(f) === '__init__.pyi').map(dirOf));
  const candidates = files.filter((file) => {
    if (!/\.pyi?$/.test(file)) return false;
    const parts = segments(file);
    const base = parts[parts.length - 1]!;
    if (base.endsWith('.py') && all.has(`${file}i`)) return false;
    if (PYTHON_NOT_MODULES.has(base) || /^test_.*\.pyi?$/.test(base) || /_test\.pyi?$/.test(base)) return false;
    if (parts.slice(0, -1).some((part) => part.startsWith('_') || part.startsWith('.') || PYTHON_TEST_DIRS.has(part))) return false;
    return !base.startsWith('_') || /^__init__\.pyi?$/.test(base);
  });
  const inPackages = candidates.filter((file) => packages.has(dirOf(file)));
  return packages.size > 0 ? inPackages : candidates.filter((file) => !file.includes('/'));
}

/**
 * Go: every `.go` file except `_test.go`, outside `testdata`, `vendor` and `internal` directories
 * (not importable from outside) and directories the go tool ignores (leading `_` or `.`).
 */
export function goEntries(files: readonly string[]): string[] {
  return files.filter((file) => {
    if (!file.endsWith('.go') || file.endsWith('_test.go')) return false;
    return !segments(file)
      .slice(0, -1)
      .some((part) => part === 'testdata' || part === 'vendor' || part === 'internal' || part.startsWith('_') || part.startsWith('.'));
  });
}

/** Rust: `src/lib.rs` (its modules followed), else every `.rs` file under `src/`. */
export function rustEntries(files: readonly string[]): { roots: string[]; followModules: boolean } {
  if (files.includes('src/lib.rs')) return { roots: ['src/lib.rs'], followModules: true };
  return { roots: files.filter((file) => file.startsWith('src/') && file.endsWith('.rs')), followModules: false };
}

/** The file a Rust `mod name;` in `file` refers to (`name.rs` or `name/mod.rs`), if the component has it. */
export function rustModuleFile(file: string, name: string, files: ReadonlySet<string>): string | undefined {
  const base = baseOf(file);
  const dir = base === 'lib.rs' || base === 'main.rs' || base === 'mod.rs' ? dirOf(file) : file.slice(0, -'.rs'.length);
  const prefix = dir === '' ? '' : `${dir}/`;
  return [`${prefix}${name}.rs`, `${prefix}${name}/mod.rs`].find((candidate) => files.has(candidate));
}

const BUILD_DIRS = /^(?:dist|lib|build|out|esm|cjs|types)\//;

/**
 * TypeScript: the source files behind a package.json's `types`/`typings` and every path in its
 * `exports` (a built `dist/x.js` or `dist/x.d.ts` maps back to `src/x.ts` when the component has
 * it), else `src/index.ts` (or `index.ts`).
 */
export function typescriptEntries(files: readonly string[], manifest: unknown): string[] {
  const all = new Set(files);
  const found = new Set<string>();
  if (typeof manifest === 'object' && manifest !== null && !Array.isArray(manifest)) {
    const record = manifest as Record<string, unknown>;
    const targets: string[] = [];
    for (const key of ['types', 'typings']) if (typeof record[key] === 'string') targets.push(record[key]);
    collectStrings(record['exports'], targets);
    for (const target of targets) {
      const source = sourceFor(target, all);
      if (source !== undefined) found.add(source);
    }
  }
  if (found.size === 0) for (const fallback of ['src/index.ts', 'src/index.tsx', 'index.ts']) if (all.has(fallback)) return [fallback];
  return [...found].sort();
}

function collectStrings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, out);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) collectStrings(item, out);
}

function sourceFor(target: string, files: ReadonlySet<string>): string | undefined {
  const path = target.replace(/^\.\//, '');
  if (path.includes('*') || langForPath(path) === undefined) return undefined;
  const stem = path.replace(/\.d\.[mc]?ts$|\.[mc]?[jt]sx?$/, '');
  const stems = [stem, stem.replace(BUILD_DIRS, 'src/'), stem.replace(BUILD_DIRS, '')];
  const candidates = [path, ...stems.flatMap((s) => [`${s}.ts`, `${s}.tsx`, `${s}.mts`, `${s}.d.ts`])];
  return candidates.find((candidate) => files.has(candidate) && langForPath(candidate) !== undefined);
}

/** The language families a component holds, by its manifests, else by its files' extensions. */
export function componentFamilies(files: readonly string[]): Set<'python' | 'go' | 'rust' | 'typescript'> {
  const out = new Set<'python' | 'go' | 'rust' | 'typescript'>();
  const has = (name: string): boolean => files.includes(name);
  if (has('pyproject.toml') || has('setup.py') || has('setup.cfg') || files.some((f) => baseOf(f) === '__init__.py')) out.add('python');
  if (has('go.mod')) out.add('go');
  if (has('Cargo.toml')) out.add('rust');
  if (has('package.json')) out.add('typescript');
  if (out.size > 0) return out;
  for (const file of files) {
    if (/\.pyi?$/.test(file)) out.add('python');
    else if (file.endsWith('.go')) out.add('go');
    else if (file.endsWith('.rs')) out.add('rust');
    else if (/\.[mc]?tsx?$/.test(file)) out.add('typescript');
  }
  return out;
}
