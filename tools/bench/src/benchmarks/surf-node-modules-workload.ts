import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ParsedFile, combineSiteHashes, formatStamp, hashSite, parseFile, publicSymbols } from '@driftgate/surf';
import { createRng } from '../rng.js';
import type { SyntheticFile } from '../synthetic-repo.js';
import { type RealWorkload, REAL_WORKLOAD, addHubs } from './surf-real-workload.js';
import type { Symbol } from './surf-workload.js';

const TYPESCRIPT = /\.(?:[cm]?ts|tsx)$/;

/**
 * The TypeScript installed under `node_modules` (declarations and sources; this repository's own
 * packages left out), as the files of a workspace under `vendor/`: real code of every size, from
 * one-line re-exports to `lib.dom.d.ts`. Claims are what `surf suggest --all` proposes per file,
 * 20–40 of them chosen per file (seeded), in hubs of {@link REAL_WORKLOAD.claimsPerHub}, stamped
 * `3:`. `sources` and `sourceBytes` count the files that claims anchor.
 * `scale` < 1 keeps every n-th file.
 */
export async function nodeModulesWorkload(repoRoot: string, seed: number, scale: number): Promise<RealWorkload> {
  const all = typescriptFiles(join(repoRoot, 'node_modules'), '');
  const step = scale >= 1 ? 1 : Math.max(1, Math.round(1 / scale));
  const picked = all.filter((_, i) => i % step === 0);
  const rng = createRng(seed);
  const files: SyntheticFile[] = [];
  const sources: string[] = [];
  const claims: Array<{ text: string; sites: Symbol[] }> = [];
  const stamps: string[] = [];
  let sourceBytes = 0;
  const [low, high] = REAL_WORKLOAD.claimsPerFile;
  for (const rel of picked) {
    const content = readFileSync(join(repoRoot, 'node_modules', rel));
    const path = `vendor/${rel}`;
    files.push({ path, content });
    const before = claims.length;
    const parsed = await parseFile(path, content);
    try {
      const symbols = publicSymbols(parsed, { all: true });
      const wanted = Math.min(symbols.length, rng.int(low, high));
      const chosen = new Set<number>();
      while (chosen.size < wanted) chosen.add(rng.int(0, symbols.length - 1));
      for (const k of [...chosen].sort((a, b) => a - b)) {
        claimSymbol(parsed, path, symbols[k]!, claims, stamps);
      }
    } finally {
      parsed.delete();
    }
    // The floor parses what check parses: the files claims anchor.
    if (claims.length > before) {
      sources.push(path);
      sourceBytes += content.length;
    }
  }
  const hubs = addHubs(files, claims, stamps, REAL_WORKLOAD.claimsPerHub);
  return { files, sources, sourceBytes, claims: claims.length, hubs };
}

/**
 * Claims `symbol` of the parsed file at `path` with a recipe-3 stamp, appending to `claims` and
 * `stamps` (same index). A proposal that does not resolve alone (declaration merging) is not
 * claimed, since lint says why; returns whether it was.
 */
export function claimSymbol(
  parsed: ParsedFile,
  path: string,
  symbol: readonly string[],
  claims: Array<{ text: string; sites: Symbol[] }>,
  stamps: string[],
): boolean {
  let digest: string;
  try {
    digest = hashSite(parsed, `${path} > ${symbol.join(' > ')}`, { recipe: 'v3' }).digest;
  } catch {
    return false;
  }
  claims.push({ text: `${symbol.join('.')} keeps the contract its callers rely on`, sites: [{ file: path, path: symbol }] });
  stamps.push(formatStamp('v3', combineSiteHashes([digest])));
  return true;
}

/** A digest of the installed tree's lockfile, so the cached workspace follows `npm ci`. */
export function installedTreeKey(repoRoot: string): string {
  return createHash('sha256').update(readFileSync(join(repoRoot, 'package-lock.json'))).digest('hex').slice(0, 16);
}

/** POSIX paths under `dir` of TypeScript files, sorted; symbolic links (workspace packages) are not followed. */
export function typescriptFiles(dir: string, prefix: string): string[] {
  const out: string[] = [];
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) {
      if (rel !== '@driftgate') out.push(...typescriptFiles(join(dir, entry.name), rel));
    } else if (entry.isFile() && TYPESCRIPT.test(entry.name)) {
      out.push(rel);
    }
  }
  return out;
}
