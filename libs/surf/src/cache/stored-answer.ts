import type { SiteHashResult } from '../pool/hash-file-sites.js';
import type { Span } from '../locate/resolve.js';

/**
 * An answer as the cache file holds it. A resolved site, by far the most common, is a tuple —
 * digest, the span's eight numbers, code or null, magnitude tokens or null — which keeps a cache
 * of 25,000 claims at a third of the size of the objects (and its parse as short); a failure is
 * kept as it is.
 */
export type StoredAnswer = readonly unknown[] | Extract<SiteHashResult, { ok: false }>;

const SPAN_KEYS = ['startIndex', 'endIndex', 'startByte', 'endByte', 'startLine', 'endLine', 'startColumn', 'endColumn'] as const;

export function storeAnswer(result: SiteHashResult): StoredAnswer {
  if (!result.ok) return result;
  return [result.digest, ...SPAN_KEYS.map((key) => result.span[key]), result.code ?? null, result.magnitudeTokens ?? null];
}

/** The answer a stored one stands for, or undefined when it is not one {@link storeAnswer} writes. */
export function loadAnswer(stored: unknown): SiteHashResult | undefined {
  if (Array.isArray(stored)) {
    if (stored.length !== 11 || typeof stored[0] !== 'string') return undefined;
    const span: Record<string, number> = {};
    for (const [i, key] of SPAN_KEYS.entries()) {
      const value: unknown = stored[i + 1];
      if (typeof value !== 'number') return undefined;
      span[key] = value;
    }
    const [code, tokens] = [stored[9] as unknown, stored[10] as unknown];
    if ((code !== null && typeof code !== 'string') || (tokens !== null && !(Array.isArray(tokens) && tokens.every((t) => typeof t === 'string')))) return undefined;
    return {
      ok: true,
      digest: stored[0],
      span: span as unknown as Span,
      ...(code !== null ? { code } : {}),
      ...(tokens !== null ? { magnitudeTokens: tokens as string[] } : {}),
    };
  }
  const failure = stored as Partial<Extract<SiteHashResult, { ok: false }>> | null;
  if (failure === null || typeof failure !== 'object' || failure.ok !== false || typeof failure.kind !== 'string' || typeof failure.message !== 'string') return undefined;
  return { ok: false, kind: failure.kind, message: failure.message };
}
