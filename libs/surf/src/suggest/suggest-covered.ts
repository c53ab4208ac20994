import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { anchorPathKey, parseAnchor } from '../locate/anchor.js';
import { SurfError } from '../errors.js';
import { claimSites } from '../hub/hub-types.js';
import { parseHub } from '../hub/parse-hub.js';
import type { SurfConfig } from '../workspace/config.js';
import { discoverHubs } from '../workspace/discover-hubs.js';

/**
 * Every anchor path some hub already covers, as `file > A > B` with positional `@N` dropped
 * ({@link anchorPathKey}), so anchoring one method never hides its siblings. Hubs that do not
 * parse and sites that are not valid anchors cover nothing; a hub that cannot be read is an error
 * (`SURF_IO`), since skipping it would propose symbols that are in fact anchored.
 */
export async function coveredAnchorPaths(config: Pick<SurfConfig, 'root' | 'hubs' | 'bundles'>): Promise<Set<string>> {
  const covered = new Set<string>();
  for (const rel of await discoverHubs(config)) {
    let text: string;
    try {
      text = await readFile(join(config.root, ...rel.split('/')), 'utf8');
    } catch (error) {
      throw new SurfError('SURF_IO', `cannot read hub ${rel}: ${(error as Error).message}`, { cause: error });
    }
    let anchors;
    try {
      anchors = parseHub(text, { path: rel }).anchors;
    } catch {
      continue;
    }
    for (const claim of anchors) {
      for (const site of claimSites(claim)) {
        try {
          covered.add(anchorPathKey(parseAnchor(site)));
        } catch {
          // An invalid anchor covers nothing; lint reports it.
        }
      }
    }
  }
  return covered;
}
