import type { ApiSurfaceRequest, ApiSymbol } from './api-surface-types.js';
import { createSignaturesProvider } from './signatures.js';

/** A request over an inline component (component-relative path → text), served through `read`. */
export function inlineRequest(files: Record<string, string>, options: { componentPath?: string; entries?: string[] } = {}): ApiSurfaceRequest {
  const componentPath = options.componentPath ?? 'pkg';
  const bytes = new Map(Object.entries(files).map(([path, text]) => [`${componentPath}/${path}`, Buffer.from(text, 'utf8')]));
  return {
    componentName: 'pkg',
    componentPath,
    entries: [...(options.entries ?? [])].sort(),
    files: Object.keys(files).sort(),
    options: null,
    read: async (repoPath) => bytes.get(repoPath),
    repoRoot: '/nonexistent',
  };
}

/** The surface of an inline component; fails the test when the provider reports errors. */
export async function surfaceOf(files: Record<string, string>, options: { entries?: string[] } = {}): Promise<ApiSymbol[]> {
  const surface = await createSignaturesProvider().surface(inlineRequest(files, options));
  if (!surface.ok) throw new Error(`signatures failed: ${surface.errors.join('; ')}`);
  return [...surface.symbols];
}

/** `entry#name` → text, for comparing two surfaces. */
export function textsOf(symbols: readonly ApiSymbol[]): Map<string, string> {
  return new Map(symbols.map((s) => [`${s.entry}#${s.name}`, `${s.kind}: ${s.text}`]));
}

/** The keys whose texts differ, or that only one side has, sorted. */
export function changedKeys(before: readonly ApiSymbol[], after: readonly ApiSymbol[]): string[] {
  const a = textsOf(before);
  const b = textsOf(after);
  const keys = new Set([...a.keys(), ...b.keys()]);
  return [...keys].filter((key) => a.get(key) !== b.get(key)).sort();
}
