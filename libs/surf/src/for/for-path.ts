import { stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { parseAnchor } from '../locate/anchor.js';
import { SurfError } from '../errors.js';
import { claimSites } from '../hub/hub-types.js';
import { rustTrimEnd, rustTrimStart } from '../hub/rust-lines.js';
import { compareCodePoints } from '../lint/lint-hub-rules.js';
import type { LoadedWorkspace } from '../workspace/load-workspace.js';

/** One claim site anchored into the queried file. */
export interface ForMatch {
  /** Workspace-relative hub path. */
  readonly hub: string;
  /** The site as written in the hub. */
  readonly at: string;
  /** Trimmed claim prose. */
  readonly claim: string;
  /** 1-based line of the claim's `- ` item in the hub. */
  readonly hubLine: number;
}

export interface ForResult {
  /** The queried path, workspace-root-relative. */
  readonly path: string;
  readonly symbol: string | undefined;
  /** Sorted by hub, then site. */
  readonly matches: readonly ForMatch[];
}

/** `surf for --format json`: `{version: 1, path, matches: [{hub, at, claim}]}`. */
export function forEnvelope(result: ForResult): { version: 1; path: string; matches: Array<{ hub: string; at: string; claim: string }> } {
  return { version: 1, path: result.path, matches: result.matches.map((m) => ({ hub: m.hub, at: m.at, claim: m.claim })) };
}

/**
 * `surf for <path> [symbol]` (spec §7.4): every claim site whose file is `path` (matched on the
 * path only, nothing is parsed), optionally only sites whose first segment is `symbol`. Malformed
 * hubs are skipped. `path` is workspace-root-relative (a leading `./` is dropped; an absolute path
 * under the root is made relative) and must name a regular file — a missing path, a directory or a
 * trailing slash throws `SURF_BAD_PATH`, so a typo cannot read as "nothing anchors here".
 */
export async function findClaimsFor(workspace: LoadedWorkspace, path: string, symbol?: string): Promise<ForResult> {
  const query = normalizeQuery(workspace.root, path);
  if (isAbsolute(query) || query.split('/').includes('..')) {
    throw new SurfError('SURF_BAD_PATH', `${path} is outside the workspace root ${workspace.root}; anchors only point inside it`);
  }
  const kind = await statKind(join(workspace.root, query));
  if (kind === 'directory') {
    throw new SurfError('SURF_BAD_PATH', `${path} is a directory — pass a file`);
  }
  if (kind !== 'file' || path.endsWith('/')) {
    throw new SurfError('SURF_BAD_PATH', `no such file: ${path} (paths are relative to the workspace root ${workspace.root})`);
  }
  const matches: ForMatch[] = [];
  for (const loaded of workspace.hubs) {
    if (loaded.hub === undefined) continue;
    for (const claim of loaded.hub.anchors) {
      for (const site of claimSites(claim)) {
        let anchor;
        try {
          anchor = parseAnchor(site);
        } catch {
          continue;
        }
        if (anchor.file !== query) continue;
        if (symbol !== undefined && anchor.segments[0]?.name !== symbol) continue;
        matches.push({ hub: loaded.rel, at: site, claim: rustTrimEnd(rustTrimStart(claim.claim)), hubLine: claim.line });
      }
    }
  }
  matches.sort((a, b) => compareCodePoints(a.hub, b.hub) || compareCodePoints(a.at, b.at));
  return { path: query, symbol, matches };
}

function normalizeQuery(root: string, path: string): string {
  let query = path;
  while (query.startsWith('./')) query = query.slice(2);
  if (isAbsolute(query)) {
    const rel = relative(root, query);
    if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)) query = rel.split(sep).join('/');
  }
  return query;
}

async function statKind(path: string): Promise<'file' | 'directory' | 'missing'> {
  try {
    const info = await stat(path);
    return info.isDirectory() ? 'directory' : info.isFile() ? 'file' : 'missing';
  } catch {
    return 'missing';
  }
}
