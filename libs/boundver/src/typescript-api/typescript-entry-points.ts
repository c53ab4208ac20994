import type { ApiSurfaceRequest } from '../api-surface/api-surface-types.js';

/** The entry files of a component, component-relative, or what was looked for in vain. */
export type TypescriptEntries = { readonly ok: true; readonly entries: readonly string[] } | { readonly ok: false; readonly error: string };

// Files the compiler can take as an entry: sources and checked-in declarations.
const TS_FILE = /\.(?:d\.)?[mc]?tsx?$/;
// A package.json target's extension, replaced by a source extension when the target is a build output.
const OUTPUT_EXTENSION = /\.(?:d\.[mc]?ts|[mc]?jsx?|[mc]?tsx?)$/;
// Directories builds write to; their files are looked up under `src/` instead.
const OUTPUT_DIRECTORY = /^(?:dist|build|lib|out|esm|cjs)\//;
// Conditions read first: the ones that name what consumers type-check and import against.
const PREFERRED_CONDITIONS = ['types', 'import', 'default'];
// The index files a component without a usable package.json may have, as TypeScript names them.
const FALLBACK_ENTRIES = ['src/index.ts', 'src/index.tsx', 'src/index.mts', 'src/index.cts', 'index.ts', 'index.tsx', 'index.mts', 'index.cts'];

/**
 * Finds the TypeScript entry points of a component: the files `boundary.paths` selected when the
 * config declares them, otherwise its package.json's `exports` (every subpath, conditions `types`,
 * `import`, `default` first, then the others), then `types`/`typings`, then `main`/`module`.
 * Targets that are build outputs (`./dist/index.js`, `./index.d.ts`) are mapped to the source
 * file the snapshot has (`src/index.ts`): an Nx library's package.json points at `./src/index.ts`
 * (bundler none) or at `./dist/...` (tsc, swc, esbuild), and `dist` is not tracked.
 */
export async function findTypescriptEntries(request: ApiSurfaceRequest): Promise<TypescriptEntries> {
  const files = new Set(request.files);
  if (request.entries.length > 0) {
    const entries = request.entries.filter((entry) => TS_FILE.test(entry));
    if (entries.length > 0) return { ok: true, entries: sortUnique(entries) };
    return { ok: false, error: `component ${request.componentName}: none of its boundary.paths is a TypeScript file (.ts, .tsx, .mts, .cts, .d.ts): ${request.entries.join(', ')}` };
  }

  const looked: string[] = [];
  const manifestPath = joinPath(request.componentPath, 'package.json');
  const bytes = await request.read(manifestPath);
  let manifest: Record<string, unknown> | undefined;
  if (bytes === undefined) {
    looked.push('package.json (not in the snapshot)');
  } else {
    try {
      const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) manifest = parsed as Record<string, unknown>;
    } catch {
      return { ok: false, error: `component ${request.componentName}: ${manifestPath} is not valid JSON; fix it or declare the entry files in boundary.paths` };
    }
  }

  if (manifest !== undefined) {
    if (manifest['exports'] !== undefined) {
      const entries: string[] = [];
      for (const [subpath, targets] of exportTargets(manifest['exports'])) {
        const entry = firstSource(targets, files);
        if (entry !== undefined) entries.push(entry);
        else looked.push(`exports["${subpath}"] → ${targets.join(', ') || '(no target)'}`);
      }
      if (entries.length > 0) return { ok: true, entries: sortUnique(entries) };
    }
    for (const fields of [['types', 'typings'], ['main', 'module']]) {
      const targets = fields.map((field) => manifest[field]).filter((value): value is string => typeof value === 'string');
      const entry = firstSource(targets, files);
      if (entry !== undefined) return { ok: true, entries: [entry] };
      looked.push(`${fields.join('/')}${targets.length > 0 ? ` → ${targets.join(', ')}` : ' (absent)'}`);
    }
  }

  // Without a usable package.json, the layout Nx and most TypeScript packages share.
  for (const fallback of FALLBACK_ENTRIES) {
    if (files.has(fallback)) return { ok: true, entries: [fallback] };
  }
  looked.push(...FALLBACK_ENTRIES);
  return {
    ok: false,
    error: `component ${request.componentName}: no TypeScript entry point found; looked for ${looked.join('; ')}. Declare the entry files in boundary.paths (e.g. ["src/index.ts"]) or point package.json "exports"/"types" at them`,
  };
}

/**
 * The subpaths of an `exports` value with their targets in preference order. Pattern subpaths
 * (`./*`) and `./package.json` name no module of their own and are skipped.
 */
function exportTargets(exportsValue: unknown): Array<[string, string[]]> {
  const isSubpathMap =
    exportsValue !== null && typeof exportsValue === 'object' && !Array.isArray(exportsValue) && Object.keys(exportsValue).some((key) => key.startsWith('.'));
  const subpaths: Array<[string, unknown]> = isSubpathMap ? Object.entries(exportsValue as Record<string, unknown>) : [['.', exportsValue]];
  const result: Array<[string, string[]]> = [];
  for (const [subpath, value] of subpaths) {
    if (subpath.includes('*') || subpath === './package.json' || value === null) continue;
    result.push([subpath, conditionTargets(value)]);
  }
  return result;
}

/** Every string target under a (possibly nested) condition object, preferred conditions first. */
function conditionTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(conditionTargets);
  if (value === null || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const ordered = [...PREFERRED_CONDITIONS.filter((key) => keys.includes(key)), ...keys.filter((key) => !PREFERRED_CONDITIONS.includes(key))];
  return ordered.flatMap((key) => conditionTargets(record[key]));
}

/** The first target that is, or maps to, a TypeScript file of the component. */
function firstSource(targets: readonly string[], files: ReadonlySet<string>): string | undefined {
  for (const target of targets) {
    const found = sourceCandidates(target).find((candidate) => files.has(candidate));
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Where the source of a package.json target may be: the target itself, then its source under `src/`. */
export function sourceCandidates(target: string): string[] {
  const path = target.replace(/^\.\//, '');
  if (path.startsWith('../') || path.startsWith('/')) return [];
  const stem = path.replace(OUTPUT_EXTENSION, '');
  const stems = [stem];
  if (OUTPUT_DIRECTORY.test(stem)) stems.push(stem.replace(OUTPUT_DIRECTORY, 'src/'));
  if (!stem.startsWith('src/')) stems.push(`src/${stem.replace(OUTPUT_DIRECTORY, '')}`);
  const candidates = TS_FILE.test(path) ? [path] : [];
  for (const base of stems) {
    for (const extension of ['.ts', '.tsx', '.mts', '.cts', '.d.ts']) candidates.push(`${base}${extension}`);
  }
  return [...new Set(candidates)];
}

function joinPath(componentPath: string, relative: string): string {
  return componentPath === '' || componentPath === '.' ? relative : `${componentPath.replace(/\/$/, '')}/${relative}`;
}

function sortUnique(values: readonly string[]): string[] {
  return [...new Set(values)].sort(compareCodePoints);
}

/** Code point order (not locale, not UTF-16 units). */
export function compareCodePoints(left: string, right: string): number {
  const a = [...left];
  const b = [...right];
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const difference = a[index]!.codePointAt(0)! - b[index]!.codePointAt(0)!;
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}
