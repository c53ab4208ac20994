import type * as TS from 'typescript';
import { existsSync, realpathSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import type { ApiSurface, ApiSurfaceNote, ApiSurfaceProvider, ApiSurfaceRequest, ApiSymbol, UnresolvedReexport } from '../api-surface/api-surface-types.js';
import { DeclarationPrinter } from './typescript-declaration-text.js';
import { compareCodePoints, findTypescriptEntries } from './typescript-entry-points.js';
import { type TypescriptLoad, type TypescriptModule, loadWorkspaceTypescript } from './typescript-loader.js';
import { type ProgramStats, SnapshotProgram, fromVirtual, relativeModuleCandidates, toVirtual } from './typescript-program.js';

/** The `typescript-api` provider, with counters that show how the operation's program was shared. */
export interface TypescriptApiProvider extends ApiSurfaceProvider {
  readonly name: 'typescript-api';
  /** Programs built so far by this instance (one per operation when components are asked together). */
  readonly stats: Readonly<ProgramStats>;
}

/**
 * Creates the `typescript-api` provider for one operation: the public API surface of a component's
 * TypeScript entry points as the workspace's own compiler sees it, one symbol per exported name,
 * re-exports followed, private and `@internal` parts left out.
 *
 * Create one instance per operation and ask it for every component (ideally concurrently, e.g.
 * `Promise.all`): the compiler program, the snapshot reads and the parsed files are shared.
 */
export function createTypescriptApiProvider(): TypescriptApiProvider {
  // Keyed by repository root: an operation has one, but nothing breaks if a caller mixes them.
  const loads = new Map<string, TypescriptLoad>();
  const programs = new Map<string, SnapshotProgram>();
  const emptyStats: ProgramStats = { programs: 0, files: 0 };
  return {
    name: 'typescript-api',
    version: '1',
    get stats() {
      const all = [...programs.values()].map((program) => program.stats);
      return all.length === 0 ? emptyStats : { programs: all.reduce((sum, stats) => sum + stats.programs, 0), files: Math.max(...all.map((stats) => stats.files)) };
    },
    async surface(request: ApiSurfaceRequest): Promise<ApiSurface> {
      let load = loads.get(request.repoRoot);
      if (load === undefined) loads.set(request.repoRoot, (load = loadWorkspaceTypescript(request.repoRoot)));
      if (!load.ok) return { ok: false, errors: [load.error] };
      const ts = load.ts;

      const found = await findTypescriptEntries(request);
      if (!found.ok) return { ok: false, errors: [found.error] };
      const repoPath = (entry: string) => (request.componentPath === '' || request.componentPath === '.' ? entry : `${request.componentPath.replace(/\/$/, '')}/${entry}`);

      let program = programs.get(request.repoRoot);
      if (program === undefined) programs.set(request.repoRoot, (program = new SnapshotProgram(ts)));
      const compiled = await program.programFor(request.read, found.entries.map(repoPath));
      const checker = compiled.getTypeChecker();
      const printer = new DeclarationPrinter(ts, checker);

      const symbols: ApiSymbol[] = [];
      const errors: string[] = [];
      const notes = new Map<string, ApiSurfaceNote>();
      for (const entry of found.entries) {
        const sourceFile = compiled.getSourceFile(toVirtual(repoPath(entry)));
        if (sourceFile === undefined) {
          errors.push(`component ${request.componentName}: entry point ${entry} is not in the snapshot`);
          continue;
        }
        // A file without imports or exports is a script, not a module: it exports nothing.
        const moduleSymbol = checker.getSymbolAtLocation(sourceFile);
        if (moduleSymbol === undefined) continue;
        const exports = checker.getExportsOfModule(moduleSymbol);
        const targets = new Set(exports.map((exported) => (exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported)));
        for (const exported of exports) {
          const name = ts.symbolName(exported);
          const described = printer.describe(exported, name, targets);
          if (described === undefined) continue;
          for (const found of described.notGated ?? []) {
            const file = found.file ?? repoPath(entry);
            notes.set(`${file}\0${found.name}`, {
              file,
              message: `${request.componentName}: ${found.name} wraps \`${found.wrapped}\`, which the snapshot cannot resolve, so its API is not gated: only the wrapping call is recorded; give ${found.name} a type annotation or wrap a function of the repository`,
              kind: 'not-gated',
            });
          }
          const reexport = described.reexport;
          const unresolved = reexport === undefined ? undefined : unresolvedCause(program, request.repoRoot, reexport.specifier, reexport.file ?? repoPath(entry));
          const mappedFrom = reexport === undefined ? mappedReexport(ts, program, exported) : undefined;
          symbols.push({ entry, name, kind: described.kind, text: described.text, ...(unresolved === undefined ? {} : { unresolved }), ...(mappedFrom === undefined ? {} : { mappedFrom }) });
        }
        for (const { specifier, file } of unresolvedStarExports(ts, checker, sourceFile)) {
          const unresolved = unresolvedCause(program, request.repoRoot, specifier, file ?? repoPath(entry));
          symbols.push({ entry, name: `* from ${JSON.stringify(specifier)}`, kind: 'unresolved', text: `export * from ${JSON.stringify(specifier)};`, unresolved });
        }
        for (const missing of missingRelativeModules(ts, checker, sourceFile)) {
          // A file the program has is in the snapshot (a script without exports, say): not missing.
          const candidates = relativeModuleCandidates(missing.from, missing.specifier);
          if (candidates.some((candidate) => compiled.getSourceFile(toVirtual(candidate)) !== undefined)) continue;
          const onDisk = candidates.find((candidate) => existsSync(join(request.repoRoot, ...candidate.split('/'))));
          if (onDisk === undefined || notes.has(onDisk)) continue;
          // Never tell a user to commit a file the snapshot has: if the compiler still did not take
          // it, the cause is elsewhere, and "commit it" would send them the wrong way.
          if ((await request.read(onDisk)) !== undefined) continue;
          notes.set(onDisk, {
            file: onDisk,
            message: `${request.componentName}: ${missing.from} re-exports from '${missing.specifier}', and ${onDisk} is on disk but not in the snapshot this command read, so what it exports is not in the component's API`,
          });
        }
      }
      if (errors.length > 0) return { ok: false, errors };
      symbols.sort((a, b) => compareCodePoints(a.entry, b.entry) || compareCodePoints(a.name, b.name));
      const sortedNotes = [...notes.values()].sort((a, b) => compareCodePoints(a.file, b.file) || compareCodePoints(a.message, b.message));
      return sortedNotes.length === 0 ? { ok: true, symbols } : { ok: true, symbols, notes: sortedNotes };
    },
  };
}

/** `./x`, `../x`, `.`, `..`: a file of the repository, not a package. */
const isRelative = (specifier: string): boolean => /^\.\.?(?:\/|$)/.test(specifier);

/**
 * Why a re-export's module is not in the program. Relative and `paths`-mapped specifiers name
 * repository files, so the file is missing from the snapshot; any other bare specifier is a
 * package's, which the snapshot never reads (installed or not: `installed` says which, looked up
 * the way Node does, in node_modules from the re-exporting file's directory up to the root).
 */
function unresolvedCause(program: SnapshotProgram, repoRoot: string, specifier: string, file: string): UnresolvedReexport {
  if (isRelative(specifier) || program.mapsSpecifier(specifier)) return { cause: 'module', specifier, file };
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  for (let dir = posix.dirname(file); ; dir = posix.dirname(dir)) {
    const installed = join(repoRoot, ...(dir === '.' ? [] : dir.split('/')), 'node_modules', ...name.split('/'));
    if (existsSync(installed)) {
      const linked = linkedWorkspacePackage(repoRoot, installed);
      return { cause: 'package', specifier, package: name, installed: true, file, ...(linked === undefined ? {} : { linked }) };
    }
    if (dir === '.' || dir === '/' || dir === '') break;
  }
  return { cause: 'package', specifier, package: name, installed: false, file };
}

/** The specifier of a by-name re-export (`export { x } from '@org/lib'`) that the tsconfig `paths` map. */
function mappedReexport(ts: TypescriptModule, program: SnapshotProgram, exported: TS.Symbol): string | undefined {
  const from = (exported.declarations ?? []).find(ts.isExportSpecifier)?.parent.parent.moduleSpecifier;
  if (from === undefined || !ts.isStringLiteral(from) || isRelative(from.text)) return undefined;
  return program.mapsSpecifier(from.text) ? from.text : undefined;
}

/**
 * The repository directory an installed package links to, when it is one of the repository's own
 * (a workspace symlink), not a copy in node_modules (pnpm's store included): the advice differs.
 */
function linkedWorkspacePackage(repoRoot: string, installed: string): string | undefined {
  try {
    const target = relative(realpathSync(repoRoot), realpathSync(installed)).split(sep).join('/');
    if (target === '' || target === '..' || target.startsWith('../') || target.split('/').includes('node_modules')) return undefined;
    return target;
  } catch {
    return undefined;
  }
}

/**
 * Relative modules that re-exports reached from an entry (through resolved `export *` chains)
 * name but the program does not have: files missing from the snapshot. `from` is the
 * repository-relative file the re-export is written in.
 */
function missingRelativeModules(ts: TypescriptModule, checker: TS.TypeChecker, entry: TS.SourceFile): Array<{ from: string; specifier: string }> {
  const found: Array<{ from: string; specifier: string }> = [];
  const seen = new Set<TS.SourceFile>();
  const visit = (file: TS.SourceFile): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const from = fromVirtual(file.fileName);
    if (from === undefined) return;
    for (const statement of file.statements) {
      if (!ts.isExportDeclaration(statement) || statement.moduleSpecifier === undefined || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const specifier = statement.moduleSpecifier.text;
      if (!isRelative(specifier)) continue;
      const target = checker.getSymbolAtLocation(statement.moduleSpecifier)?.declarations?.find(ts.isSourceFile);
      if (target === undefined) found.push({ from, specifier });
      else if (statement.exportClause === undefined) visit(target);
    }
  };
  visit(entry);
  return found;
}

/**
 * `export * from` packages the program does not have (an external package, whose types are not in
 * the snapshot), reached from an entry through resolved `export *` chains. Their names are
 * unknowable here, but adding or dropping such a re-export is an API change, so each becomes a
 * symbol of its own.
 */
function unresolvedStarExports(ts: TypescriptModule, checker: TS.TypeChecker, entry: TS.SourceFile): Array<{ specifier: string; file: string | undefined }> {
  const found = new Map<string, string | undefined>();
  const seen = new Set<TS.SourceFile>();
  const visit = (file: TS.SourceFile): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const statement of file.statements) {
      if (!ts.isExportDeclaration(statement) || statement.exportClause !== undefined || statement.isTypeOnly || statement.moduleSpecifier === undefined) continue;
      if (!ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const target = checker.getSymbolAtLocation(statement.moduleSpecifier)?.declarations?.find(ts.isSourceFile);
      if (target !== undefined) visit(target);
      // A relative module the program lacks is a file missing from the snapshot, not a package:
      // `missingRelativeModules` reports it.
      else if (!isRelative(statement.moduleSpecifier.text) && !found.has(statement.moduleSpecifier.text)) found.set(statement.moduleSpecifier.text, fromVirtual(file.fileName));
    }
  };
  visit(entry);
  return [...found.keys()].sort(compareCodePoints).map((specifier) => ({ specifier, file: found.get(specifier) }));
}
