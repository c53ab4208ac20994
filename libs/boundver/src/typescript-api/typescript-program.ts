import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import type * as TS from 'typescript';
import type { TypescriptModule } from './typescript-loader.js';
import { type WorkspacePaths, mappedBases, readWorkspacePaths } from './typescript-paths.js';

/**
 * Where repository files live in the compiler's file system. Virtual, so nothing the checker prints
 * (an `import("...")` type) carries a machine's absolute path.
 */
export const REPO_ROOT = '/repo';
const LIB_ROOT = '/typescript-lib';

/**
 * Parsed lib files by the typescript package's lib directory, shared across operations in one
 * process (an Nx executor runs many): they never change, every program here uses the same options,
 * and parsing lib.dom.d.ts and friends is most of a cold operation's time.
 */
const LIB_SOURCE_FILES = new Map<string, Map<string, TS.SourceFile>>();

/** Reads a repository-relative file from the operation's snapshot. */
export type SnapshotRead = (repoPath: string) => Promise<Uint8Array | undefined>;

/** How many programs were built, for tests and measurements. */
export interface ProgramStats {
  programs: number;
  files: number;
}

/**
 * One TypeScript program per operation, over the entry files of every component asked so far.
 *
 * The compiler reads synchronously and the snapshot asynchronously, so each request first loads
 * its entries and everything they import relatively (found with `preProcessFile`, resolved the
 * way Bundler/NodeNext resolution does: `.js` → `.ts`, extensionless, `/index`). Requests that
 * arrive together (boundver asking for several components at once) are batched: the program is
 * built once, when no request is still loading, over the union of their roots. A later request
 * whose roots the program already holds reuses it; otherwise the program is rebuilt over all roots
 * with the previous one as `oldProgram`, and the host hands back the same parsed SourceFiles, so
 * no file (including TypeScript's lib files) is read or parsed twice in an operation.
 */
export class SnapshotProgram {
  readonly stats: ProgramStats = { programs: 0, files: 0 };
  private readonly texts = new Map<string, string | undefined>();
  private readonly pendingReads = new Map<string, Promise<string | undefined>>();
  private readonly sourceFiles = new Map<string, TS.SourceFile>();
  private readonly libSourceFiles: Map<string, TS.SourceFile>;
  private readonly roots = new Set<string>();
  private readonly libDirectory: string;
  private readonly options: TS.CompilerOptions;
  private readonly host: TS.CompilerHost;
  private program: TS.Program | undefined;
  private paths: Promise<WorkspacePaths> | undefined;
  private loadedPaths: WorkspacePaths | undefined;
  private loading = 0;
  private waiters: Array<() => void> = [];

  constructor(private readonly ts: TypescriptModule) {
    this.libDirectory = posix.dirname(ts.getDefaultLibFilePath({}).replace(/\\/g, '/'));
    // Fixed options, not the workspace's tsconfig: the surface must not move when a tsconfig does.
    // The one exception is `paths` (read with the first request): it decides which module a
    // re-export names, so without it the surface would lack what the workspace's compiler sees.
    // strict, because strictNullChecks decides whether `undefined` appears in inferred types.
    // jsx: without it the compiler refuses to take a `.tsx` module an import resolves to (TS6142)
    // and a React library's components drop out of its surface; `preserve` changes no type.
    this.options = {
      jsx: ts.JsxEmit.Preserve,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
      allowJs: false,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      noLib: false,
    };
    let libSourceFiles = LIB_SOURCE_FILES.get(this.libDirectory);
    if (libSourceFiles === undefined) LIB_SOURCE_FILES.set(this.libDirectory, (libSourceFiles = new Map()));
    this.libSourceFiles = libSourceFiles;
    this.host = this.createHost();
  }

  /** The program holding every given repository-relative root, built or reused. */
  async programFor(read: SnapshotRead, roots: readonly string[]): Promise<TS.Program> {
    this.loading += 1;
    try {
      this.paths ??= this.loadPaths(read);
      await this.paths;
      await this.load(read, roots);
      for (const root of roots) this.roots.add(root);
    } finally {
      this.loading -= 1;
      if (this.loading === 0) {
        const waiters = this.waiters;
        this.waiters = [];
        for (const wake of waiters) wake();
      }
    }
    // Others still loading: build once, when the last of them is done (it wakes this request).
    if (this.loading > 0) await new Promise<void>((resolve) => this.waiters.push(resolve));
    const covered = this.program !== undefined && roots.every((root) => this.program!.getSourceFile(toVirtual(root)) !== undefined);
    if (!covered) {
      this.program = this.ts.createProgram({
        rootNames: [...this.roots].sort().map(toVirtual),
        options: this.options,
        host: this.host,
        ...(this.program === undefined ? {} : { oldProgram: this.program }),
      });
      this.stats.programs += 1;
      this.stats.files = this.program.getSourceFiles().length;
    }
    return this.program!;
  }

  /**
   * Whether the workspace's tsconfig `paths` map a bare specifier into the repository (known once
   * a request has loaded): such a specifier names repository files, not a package.
   */
  mapsSpecifier(specifier: string): boolean {
    return this.loadedPaths !== undefined && mappedBases(this.loadedPaths, specifier).length > 0;
  }

  /**
   * The workspace's tsconfig `paths`, handed to the compiler with repository files as virtual
   * absolute paths (so no `baseUrl`, which TypeScript 6 deprecates, is needed).
   */
  private async loadPaths(read: SnapshotRead): Promise<WorkspacePaths> {
    let paths: WorkspacePaths;
    try {
      paths = await readWorkspacePaths(this.ts, (path) => this.readText(read, path));
    } catch (error) {
      // As with any read: the asking request fails, a later one reads again.
      this.paths = undefined;
      throw error;
    }
    this.loadedPaths = paths;
    if (paths.mapping.size > 0) this.options.paths = Object.fromEntries([...paths.mapping].map(([pattern, targets]) => [pattern, targets.map(toVirtual)]));
    return paths;
  }

  /**
   * Reads the roots and, transitively, the repository files they import: relatively, or through
   * the workspace's tsconfig `paths`. Packages (node_modules) stay outside the program.
   */
  private async load(read: SnapshotRead, roots: readonly string[]): Promise<void> {
    const paths = await this.paths!;
    const queue = [...roots];
    const seen = new Set<string>();
    while (queue.length > 0) {
      const batch = queue.splice(0).filter((path) => !seen.has(path));
      for (const path of batch) seen.add(path);
      const texts = await Promise.all(batch.map((path) => this.readText(read, path)));
      for (const [index, text] of texts.entries()) {
        if (text === undefined) continue;
        const from = batch[index]!;
        for (const specifier of this.moduleSpecifiers(from, text)) {
          const relative = specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..';
          const resolved = relative ? await this.resolve(read, from, specifier) : await this.resolveMapped(read, paths, specifier);
          if (resolved !== undefined && !seen.has(resolved)) queue.push(resolved);
        }
      }
    }
  }

  /**
   * What a file imports: `preProcessFile` finds imports, `import()` types and references, but
   * not `export * as ns from`, which the top-level statements add.
   */
  private moduleSpecifiers(path: string, text: string): Set<string> {
    const ts = this.ts;
    // Parsed once, here, as the program will want it: the host hands out this SourceFile.
    const fileName = toVirtual(path);
    const sourceFile = ts.createSourceFile(fileName, text, this.options.target!, true);
    this.sourceFiles.set(fileName, sourceFile);
    const info = ts.preProcessFile(text, true, true);
    const specifiers = new Set([...info.importedFiles, ...info.referencedFiles].map((reference) => reference.fileName));
    for (const statement of sourceFile.statements) {
      if ((ts.isExportDeclaration(statement) || ts.isImportDeclaration(statement)) && statement.moduleSpecifier !== undefined && ts.isStringLiteral(statement.moduleSpecifier)) {
        specifiers.add(statement.moduleSpecifier.text);
      }
    }
    return specifiers;
  }

  /** The first existing file a relative specifier can mean, as Bundler resolution tries them. */
  private async resolve(read: SnapshotRead, from: string, specifier: string): Promise<string | undefined> {
    const base = normalize(posix.join(posix.dirname(from), specifier));
    if (base === undefined) return undefined;
    for (const candidate of specifierCandidates(base)) {
      if ((await this.readText(read, candidate)) !== undefined) return candidate;
    }
    return undefined;
  }

  /** The first existing file a bare specifier maps to through `paths`, substitution by substitution. */
  private async resolveMapped(read: SnapshotRead, paths: WorkspacePaths, specifier: string): Promise<string | undefined> {
    for (const base of mappedBases(paths, specifier)) {
      for (const candidate of specifierCandidates(base)) {
        if ((await this.readText(read, candidate)) !== undefined) return candidate;
      }
    }
    return undefined;
  }

  private readText(read: SnapshotRead, path: string): Promise<string | undefined> {
    if (this.texts.has(path)) return Promise.resolve(this.texts.get(path));
    let pending = this.pendingReads.get(path);
    if (pending === undefined) {
      pending = read(path).then(
        (bytes) => {
          const text = bytes === undefined ? undefined : new TextDecoder().decode(bytes);
          this.texts.set(path, text);
          this.pendingReads.delete(path);
          return text;
        },
        (error: unknown) => {
          // A failed read (a byte budget) is the asking request's failure; a later request reads again.
          this.pendingReads.delete(path);
          throw error;
        },
      );
      this.pendingReads.set(path, pending);
    }
    return pending;
  }

  /** Repository files come only from the loaded snapshot texts; lib files from the typescript package. */
  private createHost(): TS.CompilerHost {
    const ts = this.ts;
    const fileText = (fileName: string): string | undefined => {
      if (fileName.startsWith(`${REPO_ROOT}/`)) return this.texts.get(fileName.slice(REPO_ROOT.length + 1));
      if (fileName.startsWith(`${LIB_ROOT}/`)) {
        const onDisk = join(this.libDirectory, fileName.slice(LIB_ROOT.length + 1));
        return existsSync(onDisk) ? readFileSync(onDisk, 'utf8') : undefined;
      }
      return undefined;
    };
    return {
      getSourceFile: (fileName, languageVersion) => {
        const isLib = fileName.startsWith(`${LIB_ROOT}/`);
        const cache = isLib ? this.libSourceFiles : this.sourceFiles;
        const cached = cache.get(fileName);
        if (cached !== undefined) return cached;
        const text = fileText(fileName);
        if (text === undefined) return undefined;
        const sourceFile = ts.createSourceFile(fileName, text, languageVersion, !isLib);
        cache.set(fileName, sourceFile);
        return sourceFile;
      },
      getDefaultLibFileName: (options) => `${LIB_ROOT}/${ts.getDefaultLibFileName(options)}`,
      getDefaultLibLocation: () => LIB_ROOT,
      writeFile: () => undefined,
      getCurrentDirectory: () => REPO_ROOT,
      getCanonicalFileName: (fileName) => fileName,
      useCaseSensitiveFileNames: () => true,
      getNewLine: () => '\n',
      fileExists: (fileName) => fileText(fileName) !== undefined,
      readFile: fileText,
      // Nothing outside the snapshot and the lib directory exists: bare imports stay unresolved.
      directoryExists: (directory) => directory === REPO_ROOT || directory.startsWith(`${REPO_ROOT}/`) || directory.startsWith(LIB_ROOT),
      getDirectories: () => [],
    };
  }
}

/** The compiler's file name of a repository-relative path. */
export function toVirtual(repoPath: string): string {
  return `${REPO_ROOT}/${repoPath}`;
}

/** The repository-relative path of a compiler file name, or undefined for lib files. */
export function fromVirtual(fileName: string): string | undefined {
  return fileName.startsWith(`${REPO_ROOT}/`) ? fileName.slice(REPO_ROOT.length + 1) : undefined;
}

/**
 * The repository-relative files a relative specifier written in `from` can mean, in the order
 * Bundler resolution tries them; empty when it leaves the repository.
 */
export function relativeModuleCandidates(from: string, specifier: string): string[] {
  const base = normalize(posix.join(posix.dirname(from), specifier));
  return base === undefined ? [] : specifierCandidates(base);
}

function specifierCandidates(base: string): string[] {
  const withoutJs = base.replace(/\.([mc]?)jsx?$/, '');
  if (withoutJs !== base) {
    const flavour = /\.([mc]?)jsx?$/.exec(base)![1];
    return [`${withoutJs}.${flavour}ts`, `${withoutJs}.tsx`, `${withoutJs}.d.${flavour}ts`];
  }
  if (/\.(?:d\.)?[mc]?tsx?$/.test(base)) return [base];
  return [`${base}.ts`, `${base}.tsx`, `${base}.d.ts`, `${base}/index.ts`, `${base}/index.tsx`, `${base}/index.d.ts`];
}

/** POSIX-normalizes a joined path; undefined when it leaves the repository. */
function normalize(path: string): string | undefined {
  const parts: string[] = [];
  for (const part of path.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}
