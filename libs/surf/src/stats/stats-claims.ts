import { parseAnchor } from '../locate/anchor.js';
import { claimSites } from '../hub/hub-types.js';
import { parseHub } from '../hub/parse-hub.js';

/** A claim as `surf stats` follows it through history. */
export interface StatsClaim {
  /** Identity within its hub: the `at:` site(s) as written, joined with ` + `. */
  readonly key: string;
  /** Stored stamp as written; undefined while unverified. */
  readonly hash: string | undefined;
  /** The prose, trimmed. */
  readonly prose: string;
  /** Root-relative files the claim anchors (valid sites only), without duplicates. */
  readonly files: readonly string[];
}

/**
 * The claims of one hub version, or null when the text is not a hub (no frontmatter, bad YAML,
 * a claim outside the schema): such a version governs nothing, as in the reference.
 */
export function statsClaimsOfHub(text: string, path: string): StatsClaim[] | null {
  let anchors;
  try {
    anchors = parseHub(text, { path }).anchors;
  } catch {
    return null;
  }
  return anchors.map((claim) => {
    const sites = claimSites(claim);
    const files = new Set<string>();
    for (const site of sites) {
      try {
        files.add(parseAnchor(site).file);
      } catch {
        // An invalid site anchors no file.
      }
    }
    return { key: sites.join(' + '), hash: claim.hash, prose: claim.claim.trim(), files: [...files] };
  });
}
