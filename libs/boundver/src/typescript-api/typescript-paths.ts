import { posix } from 'node:path';
import type { TypescriptModule } from './typescript-loader.js';

/** Reads a repository-relative file from the operation's snapshot as text, or undefined. */
export type SnapshotText = (repoPath: string) => Promise<string | undefined>;

/**
 * The workspace's tsconfig `paths`, with every substitution made repository-relative: how an Nx
 * workspace's libraries import each other (`@org/shared` → `libs/shared/src/index.ts`).
 * Patterns keep TypeScript's rules: at most one `*`; the longest matching prefix wins.
 */
export interface WorkspacePaths {
  /** Pattern → repository-relative substitutions (POSIX, `*` kept), in the tsconfig's order. */
  readonly mapping: ReadonlyMap<string, readonly string[]>;
}

// Where Nx and most monorepos keep the shared compiler options, read in this order; the first the
// snapshot has decides. A library's own tsconfig only extends it.
const ROOT_CONFIGS = ['tsconfig.base.json', 'tsconfig.json'];
// `extends` chains in real workspaces are two or three long; a cycle must not loop.
const MAX_EXTENDS = 8;

/**
 * Reads `compilerOptions.paths` (and the `baseUrl` they are relative to) from the workspace's root
 * tsconfig in the snapshot, following relative `extends`. Paths without `baseUrl` are relative to
 * the config that declares them, as TypeScript ≥ 4.1 has it. A tsconfig that does not parse gives
 * no mapping: the surface then sees what a compiler without `paths` sees.
 */
export async function readWorkspacePaths(ts: TypescriptModule, readText: SnapshotText): Promise<WorkspacePaths> {
  for (const root of ROOT_CONFIGS) {
    let path: string | undefined = root;
    let text = await readText(path);
    if (text === undefined) continue;
    for (let depth = 0; path !== undefined && text !== undefined && depth < MAX_EXTENDS; depth += 1) {
      const parsed = ts.parseConfigFileTextToJson(path, text);
      const config = parsed.error === undefined ? (parsed.config as { extends?: unknown; compilerOptions?: { paths?: unknown; baseUrl?: unknown } } | undefined) : undefined;
      const options = config?.compilerOptions;
      if (options?.paths !== null && typeof options?.paths === 'object') {
        const base = posix.join(posix.dirname(path), typeof options.baseUrl === 'string' ? options.baseUrl : '.');
        return { mapping: substitutions(options.paths as Record<string, unknown>, base) };
      }
      const parent: string | undefined = typeof config?.extends === 'string' && config.extends.startsWith('.') ? posix.join(posix.dirname(path), config.extends) : undefined;
      path = parent === undefined ? undefined : parent.endsWith('.json') ? parent : `${parent}.json`;
      text = path === undefined || path.startsWith('../') ? undefined : await readText(path);
    }
    return { mapping: new Map() };
  }
  return { mapping: new Map() };
}

function substitutions(paths: Record<string, unknown>, base: string): Map<string, string[]> {
  const mapping = new Map<string, string[]>();
  for (const [pattern, targets] of Object.entries(paths)) {
    if (!Array.isArray(targets) || (pattern.match(/\*/g)?.length ?? 0) > 1) continue;
    const resolved = targets.filter((target): target is string => typeof target === 'string').map((target) => posix.normalize(posix.join(base, target)));
    const inside = resolved.filter((target) => !target.startsWith('../') && target !== '..');
    if (inside.length > 0) mapping.set(pattern, inside);
  }
  return mapping;
}

/**
 * The repository-relative bases (before extensions are tried) a bare specifier maps to, best
 * pattern first; empty when no pattern matches. An exact pattern beats any `*` pattern; among
 * `*` patterns, the longest prefix before the `*` wins.
 */
export function mappedBases(paths: WorkspacePaths, specifier: string): string[] {
  let best: { pattern: string; captured: string; prefix: number } | undefined;
  for (const pattern of paths.mapping.keys()) {
    const star = pattern.indexOf('*');
    if (star === -1) {
      if (pattern === specifier) return [...paths.mapping.get(pattern)!];
      continue;
    }
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    if (specifier.length < prefix.length + suffix.length || !specifier.startsWith(prefix) || !specifier.endsWith(suffix)) continue;
    if (best === undefined || prefix.length > best.prefix) best = { pattern, captured: specifier.slice(prefix.length, specifier.length - suffix.length), prefix: prefix.length };
  }
  return best === undefined ? [] : paths.mapping.get(best.pattern)!.map((target) => target.replace('*', best.captured));
}
