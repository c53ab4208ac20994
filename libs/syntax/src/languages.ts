import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { dirname, join } from 'node:path';
import { Language, Parser } from 'web-tree-sitter';
import { GrammarError, UnsupportedFileTypeError } from './errors.js';
import { attachRuntime, runtimeModule } from './syntax-cursor.js';

/** A supported source language, chosen by file extension only (spec §4.1). */
export type Lang = 'typescript' | 'tsx' | 'javascript' | 'python' | 'go' | 'rust' | 'java';

/**
 * The families the reference implementation also parses: the only ones recipes 1 and 2 are
 * defined for, since those recipes promise the reference's digests byte for byte.
 */
export type ReferenceFamily = 'typescript' | 'python' | 'go' | 'rust';

/**
 * The rule family a language follows for resolution and canonicalization. A family outside
 * {@link ReferenceFamily} is hashed under recipe 3 only.
 */
export type Family = ReferenceFamily | 'java';

const REFERENCE_FAMILIES: ReadonlySet<Family> = new Set<Family>(['typescript', 'python', 'go', 'rust']);

/** Whether the reference implementation parses this family (so recipes 1 and 2 apply to it). */
export function isReferenceFamily(family: Family): family is ReferenceFamily {
  return REFERENCE_FAMILIES.has(family);
}

/** Every supported language, in a fixed order. */
export const LANGS: readonly Lang[] = ['typescript', 'tsx', 'javascript', 'python', 'go', 'rust', 'java'];

// Extensions are matched case-sensitively, like the reference (`a.TS` is unsupported).
// `.mts`/`.cts` use the plain TypeScript grammar (no JSX in them); JavaScript of every flavour
// uses the TSX grammar so JSX inside `.js` parses — the reference has no JavaScript grammar.
const BY_EXTENSION: ReadonlyMap<string, Lang> = new Map<string, Lang>([
  ['ts', 'typescript'],
  ['mts', 'typescript'],
  ['cts', 'typescript'],
  ['tsx', 'tsx'],
  ['js', 'javascript'],
  ['jsx', 'javascript'],
  ['mjs', 'javascript'],
  ['cjs', 'javascript'],
  ['py', 'python'],
  ['pyi', 'python'],
  ['go', 'go'],
  ['rs', 'rust'],
  ['java', 'java'],
]);

const FAMILY: Readonly<Record<Lang, Family>> = {
  typescript: 'typescript',
  tsx: 'typescript',
  javascript: 'typescript',
  python: 'python',
  go: 'go',
  rust: 'rust',
  java: 'java',
};

/** Package-relative wasm of each grammar; the npm packages ship their own builds. */
const GRAMMAR_WASM: Readonly<Record<Lang, string>> = {
  typescript: 'tree-sitter-typescript/tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-typescript/tree-sitter-tsx.wasm',
  javascript: 'tree-sitter-typescript/tree-sitter-tsx.wasm',
  python: 'tree-sitter-python/tree-sitter-python.wasm',
  go: 'tree-sitter-go/tree-sitter-go.wasm',
  rust: 'tree-sitter-rust/tree-sitter-rust.wasm',
  java: 'tree-sitter-java/tree-sitter-java.wasm',
};

/** The language of a (POSIX, repository-relative) path by its last extension, or undefined. */
export function langForPath(file: string): Lang | undefined {
  const base = file.slice(file.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  // A dotfile without another dot (`.ts`) has no extension, as with Rust's `Path::extension`.
  if (dot <= 0) return undefined;
  return BY_EXTENSION.get(base.slice(dot + 1));
}

/** Like {@link langForPath}, but throws `unsupported file type: <file>` for an unknown extension. */
export function requireLang(file: string): Lang {
  const lang = langForPath(file);
  if (lang === undefined) throw new UnsupportedFileTypeError(file);
  return lang;
}

export function familyOf(lang: Lang): Family {
  return FAMILY[lang];
}

let runtime: Promise<void> | undefined;

/**
 * Makes V8 compile WebAssembly with its baseline compiler only (Liftoff), never optimising it.
 * The first parse with a grammar then costs about 70 ms of CPU instead of about 200 ms (most of
 * which is the optimising compiler working on the grammar's lexer), while steady parsing gets
 * about 2.5x slower: right for a short process that parses a few small files and exits (a warm
 * `surf check` after an edit), wrong for anything that parses much. Process-wide and permanent,
 * so only a command line that knows its process ends soon calls it. Applies only before the
 * tree-sitter runtime is first loaded (nothing compiled yet); returns whether it applied.
 */
export function preferBaselineWasm(): boolean {
  if (runtime !== undefined) return false;
  setFlagsFromString('--liftoff-only');
  return true;
}
const languages = new Map<string, Promise<Language>>();
const ready = new Map<Lang, Parser>();

function initRuntime(): Promise<void> {
  runtime ??= Parser.init(runtimeModule).then(attachRuntime, (cause: unknown) => {
    runtime = undefined;
    throw new GrammarError('SYNTAX_GRAMMAR_LOAD', 'cannot initialise the tree-sitter runtime (web-tree-sitter)', cause);
  });
  return runtime;
}

function loadWasm(spec: string): Promise<Language> {
  let pending = languages.get(spec);
  if (!pending) {
    pending = (async () => {
      await initRuntime();
      const path = createRequire(import.meta.url).resolve(spec);
      return Language.load(path);
    })().catch((cause: unknown) => {
      languages.delete(spec);
      throw cause instanceof GrammarError
        ? cause
        : new GrammarError('SYNTAX_GRAMMAR_LOAD', `cannot load the grammar \`${spec}\`; reinstall dependencies`, cause);
    });
    languages.set(spec, pending);
  }
  return pending;
}

/**
 * Loads the grammar of `lang` (once per process; concurrent callers share the load) and returns
 * the parser bound to it. After this resolves, {@link parserFor} works synchronously.
 */
export async function loadLanguage(lang: Lang): Promise<Parser> {
  const existing = ready.get(lang);
  if (existing) return existing;
  const language = await loadWasm(GRAMMAR_WASM[lang]);
  let parser = ready.get(lang);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(language);
    ready.set(lang, parser);
  }
  return parser;
}

/** Loads several grammars at once (e.g. every language a check will touch). */
export async function loadLanguages(langs: Iterable<Lang> = LANGS): Promise<void> {
  await Promise.all([...new Set(langs)].map((lang) => loadLanguage(lang)));
}

/**
 * The parser of an already loaded language. Parsers are process-wide and not re-entrant, which
 * is safe because parsing is synchronous. Throws if {@link loadLanguage} has not completed.
 */
export function parserFor(lang: Lang): Parser {
  const parser = ready.get(lang);
  if (!parser) {
    throw new GrammarError(
      'SYNTAX_GRAMMAR_NOT_LOADED',
      `the ${lang} grammar is not loaded yet; await loadLanguage('${lang}') before parsing synchronously`,
    );
  }
  return parser;
}

/**
 * The version of every package that decides how source parses: web-tree-sitter (the runtime) and
 * each grammar package, by package name, sorted. A result cache keys on it, so an upgraded
 * grammar never serves spans of the old one.
 */
export function syntaxVersions(): Record<string, string> {
  const require = createRequire(import.meta.url);
  const packageDirs = new Set<string>([dirname(require.resolve('web-tree-sitter'))]);
  for (const spec of Object.values(GRAMMAR_WASM)) packageDirs.add(dirname(require.resolve(spec)));
  const versions: Record<string, string> = {};
  for (const start of packageDirs) {
    const manifest = nearestManifest(start);
    if (manifest !== undefined) versions[manifest.name] = manifest.version;
  }
  return Object.fromEntries(Object.entries(versions).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function nearestManifest(start: string): { name: string; version: string } | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (typeof manifest.name === 'string' && typeof manifest.version === 'string') return { name: manifest.name, version: manifest.version };
    } catch {
      // No manifest here (or a partial one, like web-tree-sitter's dist folder): look further up.
    }
    if (dirname(dir) === dir) return undefined;
  }
}
