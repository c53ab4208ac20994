import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as TS from 'typescript';

/** The TypeScript compiler API as the workspace installed it. */
export type TypescriptModule = typeof TS;

/** The workspace's compiler, or why it cannot be used. */
export type TypescriptLoad =
  | { readonly ok: true; readonly ts: TypescriptModule }
  | {
      readonly ok: false;
      readonly error: string;
      /** `missing`: not installed; `unloadable`: installed but failed to load; `no-api`: loaded, and it has no JavaScript compiler API (TypeScript 7). */
      readonly reason: 'missing' | 'unloadable' | 'no-api';
      /** The installed version, when it loaded. */
      readonly version?: string;
    };

/**
 * Loads `typescript` the way the workspace itself resolves it (from `<repoRoot>/package.json`), not
 * from boundver's own dependencies: the API surface must be what the workspace's compiler sees, and
 * `typescript` is only an optional peer dependency of boundver.
 */
export function loadWorkspaceTypescript(repoRoot: string): TypescriptLoad {
  let loaded: unknown;
  try {
    loaded = createRequire(join(repoRoot, 'package.json'))('typescript');
  } catch (cause) {
    const missing = (cause as { code?: string }).code === 'MODULE_NOT_FOUND';
    return {
      ok: false,
      reason: missing ? 'missing' : 'unloadable',
      error: missing
        ? 'the typescript-api provider needs the TypeScript compiler, and the workspace does not have it: install typescript in the workspace: npm i -D typescript (the signatures provider works without it)'
        : `the typescript-api provider could not load the workspace's typescript package: ${(cause as Error).message}; reinstall it (npm i -D typescript) or use the signatures provider, which works without it`,
    };
  }
  // TypeScript 7 (the native compiler) ships no JavaScript API; name the version instead of failing later.
  const ts = ((loaded as { default?: unknown }).default ?? loaded) as Partial<TypescriptModule>;
  if (typeof ts.createProgram !== 'function' || typeof ts.createPrinter !== 'function') {
    return {
      ok: false,
      reason: 'no-api',
      version: String(ts.version ?? 'unknown version'),
      error: `the workspace's typescript package (${String(ts.version ?? 'unknown version')}) has no compiler API; the typescript-api provider needs typescript 5.x or 6.x (the last with one): npm i -D typescript@6 (the signatures provider works without it)`,
    };
  }
  return { ok: true, ts: ts as TypescriptModule };
}

/**
 * The version of the workspace's installed `typescript` when it has no JavaScript compiler API
 * (TypeScript 7, the native compiler), so the `typescript-api` provider cannot run there; null
 * when it has one, or when none is installed (a fresh clone before `npm install` must not change
 * what is proposed).
 */
export function installedTypescriptWithoutApi(repoRoot: string): string | null {
  const load = loadWorkspaceTypescript(repoRoot);
  return !load.ok && load.reason === 'no-api' ? (load.version ?? 'unknown version') : null;
}
