import { type Lang, type ParsedFile, type SyntaxNode, SyntaxLayerError, decodeSource, familyOf, langForPath, loadLanguage, parseSourceSync } from '@driftgate/syntax';
import { compareCodePoints } from '../formats/string-order.js';
import type { ApiSurface, ApiSurfaceProvider, ApiSurfaceRequest, ApiSymbol } from './api-surface-types.js';
import { componentFamilies, goEntries, pythonEntries, rustEntries, rustModuleFile, typescriptEntries } from './signatures-discovery.js';
import { type FoundSymbol, mergeByName } from './signatures-found-symbol.js';
import { goFileSurface } from './signatures-go.js';
import { type PythonModuleSurface, isPublicPythonName, pythonModuleSurface } from './signatures-python.js';
import { type RustFileSurface, rustFileSurface } from './signatures-rust.js';
import { type LocalSymbol, type TypescriptModule, typescriptModule } from './signatures-typescript.js';

/** Bump when the text of any symbol changes for the same source (it is written to the lock). */
const VERSION = '1';

/**
 * The `signatures` provider (a driftgate extension): the public symbols of Python, Go, Rust and
 * TypeScript sources, each as the canonical token stream of its signature without its body, read
 * with the tree-sitter grammars of @driftgate/syntax. Entry files are `request.entries`, else found
 * per language (see signatures-discovery.ts); every byte comes through `request.read`.
 * Entry points: a Python module, a Rust file, a TypeScript entry file (its re-exports of relative
 * files followed), and a Go package directory (`.` for the component's root), since moving a
 * function between files of a package does not change its API.
 */
export function createSignaturesProvider(): ApiSurfaceProvider {
  return {
    name: 'signatures',
    version: VERSION,
    surface: (request) => new SurfaceRun(request).run(),
  };
}

class SurfaceRun {
  readonly #request: ApiSurfaceRequest;
  readonly #files: ReadonlySet<string>;
  readonly #errors: string[] = [];
  readonly #symbols: ApiSymbol[] = [];
  readonly #python = new Map<string, Promise<PythonModuleSurface | undefined>>();
  readonly #typescript = new Map<string, Promise<TypescriptModule | undefined>>();

  constructor(request: ApiSurfaceRequest) {
    this.#request = request;
    this.#files = new Set(request.files);
  }

  async run(): Promise<ApiSurface> {
    try {
      await this.#collect();
    } catch (error) {
      if (!(error instanceof SyntaxLayerError)) throw error;
      this.#errors.push(error.message);
    }
    if (this.#errors.length > 0) return { ok: false, errors: [...new Set(this.#errors)].sort(compareCodePoints) };
    const symbols = [...this.#symbols].sort((a, b) => compareCodePoints(a.entry, b.entry) || compareCodePoints(a.name, b.name));
    return { ok: true, symbols };
  }

  async #collect(): Promise<void> {
    const request = this.#request;
    let python: readonly string[];
    let go: readonly string[];
    let rust: { roots: readonly string[]; followModules: boolean };
    let typescript: readonly string[];
    if (request.entries.length > 0) {
      const sources = request.entries.filter((entry) => langForPath(entry) !== undefined);
      python = sources.filter((e) => langForPath(e) === 'python');
      go = sources.filter((e) => langForPath(e) === 'go');
      rust = { roots: sources.filter((e) => langForPath(e) === 'rust'), followModules: false };
      // Only the families this provider reads: a Java entry is no TypeScript entry.
      typescript = sources.filter((e) => familyOf(langForPath(e)!) === 'typescript');
    } else {
      const families = componentFamilies(request.files);
      python = families.has('python') ? pythonEntries(request.files) : [];
      go = families.has('go') ? goEntries(request.files) : [];
      rust = families.has('rust') ? rustEntries(request.files) : { roots: [], followModules: false };
      typescript = families.has('typescript') ? typescriptEntries(request.files, await this.#manifest()) : [];
    }
    if (python.length + go.length + rust.roots.length + typescript.length === 0) {
      this.#errors.push(
        `signatures: no Python, Go, Rust or TypeScript entry file found in ${request.componentPath}; declare the entry files in boundary.paths`,
      );
      return;
    }
    for (const file of python) await this.#pythonEntry(file);
    await this.#goEntries(go);
    await this.#rustEntries(rust.roots, rust.followModules);
    for (const file of typescript) await this.#typescriptEntry(file);
  }

  #add(entry: string, symbols: Iterable<FoundSymbol>): void {
    for (const symbol of mergeByName(symbols)) this.#symbols.push({ entry, ...symbol });
  }

  /** Parses a component file read from the snapshot for `use`; false (with an error noted) when it is missing. */
  async #parse(file: string, use: (parsed: ParsedFile) => void): Promise<boolean> {
    const lang: Lang | undefined = langForPath(file);
    if (lang === undefined) return false;
    const repoPath = this.#repoPath(file);
    const bytes = await this.#request.read(repoPath);
    if (bytes === undefined) {
      this.#errors.push(`signatures: ${repoPath} is not in the snapshot`);
      return false;
    }
    await loadLanguage(lang);
    const parsed = parseSourceSync(bytes, lang, repoPath);
    try {
      // A syntax error is read as tree-sitter recovers from it (deterministic for the same bytes
      // and the pinned grammar): real code uses syntax the grammars lag behind (Rust's
      // `~const`, `pub macro`), and the symbols around it are the API all the same.
      use(parsed);
      return true;
    } finally {
      parsed.delete();
    }
  }

  #repoPath(file: string): string {
    const base = this.#request.componentPath;
    return base === '' || base === '.' ? file : `${base}/${file}`;
  }

  async #manifest(): Promise<unknown> {
    if (!this.#files.has('package.json')) return undefined;
    const bytes = await this.#request.read(this.#repoPath('package.json'));
    if (bytes === undefined) return undefined;
    try {
      return JSON.parse(decodeSource(bytes, this.#repoPath('package.json')));
    } catch (error) {
      if (error instanceof SyntaxError) {
        this.#errors.push(`signatures: ${this.#repoPath('package.json')} is not valid JSON: ${error.message}`);
        return undefined;
      }
      throw error;
    }
  }

  // Python ---------------------------------------------------------------------------------------

  #pythonModule(file: string): Promise<PythonModuleSurface | undefined> {
    return this.#parsedOnce(this.#python, file, pythonModuleSurface);
  }

  /** What `read` makes of a file's tree, parsed at most once per operation (re-exports reach a file again). */
  #parsedOnce<T>(cache: Map<string, Promise<T | undefined>>, file: string, read: (root: SyntaxNode) => T): Promise<T | undefined> {
    let pending = cache.get(file);
    if (!pending) {
      pending = (async () => {
        let value: T | undefined;
        await this.#parse(file, (parsed) => (value = read(parsed.tree.rootNode)));
        return value;
      })();
      cache.set(file, pending);
    }
    return pending;
  }

  /**
   * A module's own definitions, plus the names it re-exports from relative imports: those
   * `__all__` lists, or (in an `__init__.py` without `__all__`) every public imported name.
   */
  async #pythonEntry(file: string): Promise<void> {
    const surface = await this.#pythonModule(file);
    if (!surface) return;
    const symbols = [...surface.symbols];
    const own = new Set(surface.symbols.map((s) => s.name));
    const isInit = /(^|\/)__init__\.pyi?$/.test(file);
    for (const [local, { module, name }] of surface.relativeImports) {
      if (own.has(local)) continue;
      const exported = surface.all ? surface.all.includes(local) : isInit && isPublicPythonName(local);
      if (!exported) continue;
      const target = this.#pythonModuleFile(file, module);
      if (target === undefined) continue;
      const imported = await this.#pythonModule(target);
      for (const symbol of imported?.symbols ?? []) {
        if (symbol.name === name) symbols.push({ ...symbol, name: local });
        else if (symbol.name.startsWith(`${name}.`)) symbols.push({ ...symbol, name: `${local}${symbol.name.slice(name.length)}` });
      }
    }
    // A name `__all__` lists that is neither defined nor re-exported here (a constant, an alias)
    // is API all the same: its presence is.
    const named = new Set(symbols.map((s) => s.name));
    for (const name of surface.all ?? []) if (!named.has(name)) symbols.push({ name, kind: 'name', text: name });
    this.#add(file, symbols);
  }

  /** The file of a relative module (`.core`, `..util.text`) imported by `file`, if the component has it. */
  #pythonModuleFile(file: string, module: string): string | undefined {
    const dots = /^\.+/.exec(module)![0].length;
    let dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')).split('/') : [];
    if (dots - 1 > dir.length) return undefined;
    dir = dir.slice(0, dir.length - (dots - 1));
    const rest = module.slice(dots).split('.').filter((part) => part !== '');
    if (rest.length === 0) return undefined;
    const stem = [...dir, ...rest].join('/');
    return [`${stem}.pyi`, `${stem}.py`, `${stem}/__init__.pyi`, `${stem}/__init__.py`].find((candidate) => this.#files.has(candidate));
  }

  // Go -------------------------------------------------------------------------------------------

  async #goEntries(files: readonly string[]): Promise<void> {
    const byPackage = new Map<string, FoundSymbol[]>();
    for (const file of files) {
      const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '.';
      const symbols = byPackage.get(dir) ?? [];
      byPackage.set(dir, symbols);
      await this.#parse(file, (parsed) => symbols.push(...goFileSurface(parsed.tree.rootNode)));
    }
    for (const [dir, symbols] of byPackage) this.#add(dir, symbols);
  }

  // Rust -----------------------------------------------------------------------------------------

  async #rustEntries(roots: readonly string[], followModules: boolean): Promise<void> {
    const queue = [...roots];
    const seen = new Set(queue);
    while (queue.length > 0) {
      const file = queue.shift()!;
      let surface: RustFileSurface | undefined;
      await this.#parse(file, (parsed) => (surface = rustFileSurface(parsed.tree.rootNode)));
      if (!surface) continue;
      this.#add(file, surface.symbols);
      if (!followModules) continue;
      for (const name of surface.modules) {
        const target = rustModuleFile(file, name, this.#files);
        if (target !== undefined && !seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      }
    }
  }

  // TypeScript -----------------------------------------------------------------------------------

  #typescriptModule(file: string): Promise<TypescriptModule | undefined> {
    return this.#parsedOnce(this.#typescript, file, typescriptModule);
  }

  async #typescriptEntry(file: string): Promise<void> {
    const exports = await this.#typescriptExports(file, new Set());
    const symbols: FoundSymbol[] = [];
    for (const [name, parts] of exports) for (const part of parts) symbols.push({ name: `${name}${part.suffix}`, kind: part.kind, text: part.text });
    this.#add(file, symbols);
  }

  /** Every name `file` exports with its symbols, re-exports of relative files followed. */
  async #typescriptExports(file: string, visiting: Set<string>): Promise<Map<string, LocalSymbol[]>> {
    const out = new Map<string, LocalSymbol[]>();
    if (visiting.has(file)) return out;
    visiting.add(file);
    const module = await this.#typescriptModule(file);
    if (!module) return out;
    const put = (name: string, symbols: readonly LocalSymbol[]): void => {
      out.set(name, [...(out.get(name) ?? []), ...symbols]);
    };
    const stars: string[] = [];
    for (const entry of module.exports) {
      switch (entry.type) {
        case 'local':
          put(entry.exported, await this.#typescriptBinding(file, module, entry.local, visiting));
          break;
        case 'value':
          put(entry.exported, entry.symbols);
          break;
        case 'from':
          put(entry.exported, await this.#typescriptImported(file, entry.source, entry.name, visiting));
          break;
        case 'namespace':
          put(entry.exported, await this.#typescriptImported(file, entry.source, '*', visiting));
          break;
        case 'star':
          stars.push(entry.source);
          break;
      }
    }
    // `export *` never re-exports `default` nor shadows a name the module exports itself.
    for (const source of stars) {
      const target = this.#typescriptFile(file, source);
      if (target === undefined) {
        put(`* from ${source}`, [{ suffix: '', kind: 'reexport', text: `export * from ${source}` }]);
        continue;
      }
      for (const [name, symbols] of await this.#typescriptExports(target, visiting)) if (name !== 'default' && !out.has(name)) out.set(name, symbols);
    }
    visiting.delete(file);
    return out;
  }

  async #typescriptBinding(file: string, module: TypescriptModule, local: string, visiting: Set<string>): Promise<LocalSymbol[]> {
    const declared = module.locals.get(local);
    if (declared) return [...declared];
    const imported = module.imports.get(local);
    if (imported) return this.#typescriptImported(file, imported.source, imported.name, visiting);
    return [{ suffix: '', kind: 'reexport', text: `export ${local}` }];
  }

  /** The symbols of `name` (`*`: the whole namespace, members as `.name…`) exported by `source`. */
  async #typescriptImported(file: string, source: string, name: string, visiting: Set<string>): Promise<LocalSymbol[]> {
    const target = this.#typescriptFile(file, source);
    if (target === undefined) return [{ suffix: '', kind: 'reexport', text: `export ${name} from ${source}` }];
    const exports = await this.#typescriptExports(target, visiting);
    if (name !== '*') return exports.get(name) ?? [{ suffix: '', kind: 'reexport', text: `export ${name} from ${source}` }];
    const members: LocalSymbol[] = [];
    for (const [member, symbols] of exports) for (const symbol of symbols) members.push({ ...symbol, suffix: `.${member}${symbol.suffix}` });
    return members;
  }

  /** The component file a relative specifier names (`./lib/calc.js` → `src/lib/calc.ts`), if any. */
  #typescriptFile(from: string, specifier: string): string | undefined {
    if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
    const parts = from.split('/').slice(0, -1);
    for (const part of specifier.split('/')) {
      if (part === '..') {
        if (parts.length === 0) return undefined;
        parts.pop();
      } else if (part !== '.' && part !== '') parts.push(part);
    }
    const path = parts.join('/');
    const stem = path.replace(/\.(?:[mc]?js|jsx)$/, '');
    const candidates = [path, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.cts`, `${stem}.d.ts`, `${stem}.js`, `${stem}.mjs`, `${stem}.jsx`, `${path}/index.ts`, `${path}/index.tsx`, `${path}/index.d.ts`, `${path}/index.js`];
    return candidates.find((candidate) => this.#files.has(candidate) && langForPath(candidate) !== undefined);
  }
}
