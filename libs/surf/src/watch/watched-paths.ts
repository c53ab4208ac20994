import { claimSites } from '../hub/hub-types.js';
import { quickHubFacts } from '../hub/hub-facts.js';
import { parseAnchor } from '../locate/anchor.js';
import { bundleGlob } from '../workspace/discover-hubs.js';
import { type SurfConfig, SURF_CONFIG_FILE } from '../workspace/config.js';
import { compileWorkspaceGlob, type WorkspaceGlob } from '../workspace/glob-pattern.js';
import type { LoadedHub } from '../workspace/load-workspace.js';

/**
 * The files whose change can change a verdict: `surf.toml`, whatever the hub globs match (a hub,
 * or a markdown file that becomes one) and the files the claims of the hubs name. Anything else —
 * a source file no claim names, an editor's or `sed -i`'s temp file, a markdown file outside the
 * hub globs — cannot, so the watch neither checks nor counts it. Rebuilt after every check from
 * the hubs as they were last parsed; a hub change that names a new file is itself a change.
 */
export class WatchedPaths {
  #globs: readonly WorkspaceGlob[] = [];
  #claimed: ReadonlySet<string> = new Set();
  /** Per hub, the files its claims name, for the text they were read from (most hubs do not change between checks). */
  readonly #named = new Map<string, { readonly text: string; readonly files: readonly string[] }>();

  /** Takes the hub globs of `config` and the files named by the claims of `hubs`. */
  update(config: Pick<SurfConfig, 'hubs' | 'bundles'>, hubs: Iterable<LoadedHub>): void {
    // The config was validated when the workspace loaded, so these patterns compile.
    this.#globs = [...config.hubs, ...config.bundles.map(bundleGlob)].map((pattern) => compileWorkspaceGlob(pattern));
    const claimed = new Set<string>();
    const seen = new Set<string>();
    for (const loaded of hubs) {
      seen.add(loaded.rel);
      let entry = this.#named.get(loaded.rel);
      if (entry?.text !== loaded.text) {
        entry = { text: loaded.text, files: namedFiles(loaded) };
        this.#named.set(loaded.rel, entry);
      }
      for (const file of entry.files) claimed.add(file);
    }
    for (const rel of this.#named.keys()) if (!seen.has(rel)) this.#named.delete(rel);
    this.#claimed = claimed;
  }

  /** Whether a change to this workspace-relative POSIX file path can change a verdict. */
  includes(rel: string): boolean {
    return rel === SURF_CONFIG_FILE || this.#claimed.has(rel) || this.#globs.some((glob) => glob.matches(rel));
  }
}

/** The files a hub's claims name (a hub that does not parse, or an index or log hub, names none). */
function namedFiles(loaded: LoadedHub): string[] {
  if (loaded.kind !== 'Concept') return [];
  // The line scan answers for most hubs without parsing YAML; check has parsed the others already.
  const sites = quickHubFacts(loaded.text)?.sites ?? loaded.hub?.anchors.map(claimSites) ?? [];
  const files = new Set<string>();
  for (const site of sites.flat()) {
    try {
      files.add(parseAnchor(site).file);
    } catch {
      // A site that does not parse names no file; check reports it.
    }
  }
  return [...files];
}
