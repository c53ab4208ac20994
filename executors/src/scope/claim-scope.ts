import { type Claim, type LoadedHub, type LoadedWorkspace, claimSites, comparePosixPaths, parseAnchor, parseRef, resolveRefPath } from '@driftgate/surf';
import { type ProjectRoots, WORKSPACE_ROOT } from './project-roots.js';

/**
 * What one project's `verify-claims` checks: a workspace narrowed to the claims that anchor into
 * the project. `surf check` over {@link workspace} is a pure function of {@link hubFiles},
 * {@link anchoredFiles} and `surf.toml`, which is why exactly those are the target's inputs.
 */
export interface ProjectClaims {
  /**
   * The project's hubs with only its claims, then the hubs that `refs:` one of them (one hop,
   * with no claims of their own, so a stale referenced hub still shows as `referenced_stale`),
   * in hub path order. For the workspace-level project also every malformed concept hub.
   */
  readonly workspace: LoadedWorkspace;
  /** Workspace-relative paths of the hub files in {@link workspace}, sorted. */
  readonly hubFiles: readonly string[];
  /** Files the selected claims anchor into (any project), sorted. */
  readonly anchoredFiles: readonly string[];
  /** Number of selected claims. */
  readonly claims: number;
}

/**
 * Splits a workspace's claims by project, each claim to exactly one project: the one its first
 * site (in `at:` order) anchors into. A claim whose sites span several projects is therefore
 * checked, reported and stamped once per workspace run, by its first site's project, whose target
 * reads every site's file (so a change in the other project misses that target's cache and, in
 * Nx 23, selects it for `nx affected` through the file input). Whatever names no project — a
 * claim whose anchors do not parse, a malformed hub — belongs to the workspace-level project
 * (root `.`), so the gate still fails closed on it. Index and log hubs hold no claims.
 */
export function claimsByProject(workspace: LoadedWorkspace, roots: ProjectRoots): Map<string, ProjectClaims> {
  const perProject = new Map<string, { claims: Map<LoadedHub, Claim[]>; files: Set<string> }>();
  const entry = (root: string) => {
    let found = perProject.get(root);
    if (!found) perProject.set(root, (found = { claims: new Map(), files: new Set() }));
    return found;
  };
  const malformed: LoadedHub[] = [];
  for (const loaded of workspace.hubs) {
    if (loaded.kind !== 'Concept') continue;
    if (loaded.hub === undefined) {
      malformed.push(loaded);
      continue;
    }
    for (const claim of loaded.hub.anchors) {
      const files: string[] = [];
      for (const site of claimSites(claim)) {
        try {
          files.push(parseAnchor(site).file);
        } catch {
          // A site that does not parse has no file; check reports it as unresolvable.
        }
      }
      const target = entry(files.length === 0 ? WORKSPACE_ROOT : roots.owner(files[0]!));
      const list = target.claims.get(loaded) ?? [];
      if (list.length === 0) target.claims.set(loaded, list);
      list.push(claim);
      for (const file of files) target.files.add(file);
    }
  }
  if (malformed.length > 0) entry(WORKSPACE_ROOT);

  const referrers = referrersByTarget(workspace.hubs);
  const result = new Map<string, ProjectClaims>();
  for (const [root, selection] of perProject) {
    const selected = new Set(selection.claims.keys());
    const referring = new Set<LoadedHub>();
    for (const hub of selected) for (const referrer of referrers.get(hub.rel) ?? []) if (!selected.has(referrer)) referring.add(referrer);
    const hubs: LoadedHub[] = [];
    let claims = 0;
    for (const loaded of workspace.hubs) {
      const own = selection.claims.get(loaded);
      if (own !== undefined) {
        hubs.push(withClaims(loaded, own));
        claims += own.length;
      } else if (referring.has(loaded)) {
        hubs.push(withClaims(loaded, []));
      } else if (root === WORKSPACE_ROOT && malformed.includes(loaded)) {
        hubs.push(loaded);
      }
    }
    result.set(root, {
      workspace: { config: workspace.config, root: workspace.root, hubs },
      hubFiles: hubs.map((hub) => hub.rel).sort(comparePosixPaths),
      anchoredFiles: [...selection.files].sort(comparePosixPaths),
      claims,
    });
  }
  return result;
}

/** Every hub named by an explicit list (workspace-relative paths), all claims kept. */
export function claimsOfHubs(workspace: LoadedWorkspace, hubFiles: readonly string[]): ProjectClaims {
  const wanted = new Set(hubFiles.map((file) => file.replace(/^\.\//, '')));
  const hubs = workspace.hubs.filter((hub) => wanted.has(hub.rel));
  const files = new Set<string>();
  let claims = 0;
  for (const loaded of hubs) {
    for (const claim of loaded.hub?.anchors ?? []) {
      claims++;
      for (const site of claimSites(claim)) {
        try {
          files.add(parseAnchor(site).file);
        } catch {
          // Reported by check.
        }
      }
    }
  }
  return {
    workspace: { config: workspace.config, root: workspace.root, hubs },
    hubFiles: hubs.map((hub) => hub.rel).sort(comparePosixPaths),
    anchoredFiles: [...files].sort(comparePosixPaths),
    claims,
  };
}

/** Parsed concept hubs by the hub path each `refs:` entry resolves to (one hop, as check propagates). */
function referrersByTarget(hubs: readonly LoadedHub[]): Map<string, LoadedHub[]> {
  const byTarget = new Map<string, LoadedHub[]>();
  for (const loaded of hubs) {
    if (loaded.kind !== 'Concept' || loaded.hub === undefined) continue;
    for (const raw of loaded.hub.refs) {
      let path: string;
      try {
        path = parseRef(raw).path;
      } catch {
        continue;
      }
      const target = resolveRefPath(loaded.rel, path);
      const list = byTarget.get(target) ?? [];
      if (!list.includes(loaded)) list.push(loaded);
      byTarget.set(target, list);
    }
  }
  return byTarget;
}

/** The same hub file with only `claims` in its `anchors:` (each keeps its item index for write-back). */
function withClaims(loaded: LoadedHub, claims: readonly Claim[]): LoadedHub {
  if (loaded.hub === undefined || claims.length === loaded.hub.anchors.length) return loaded;
  return { ...loaded, hub: { ...loaded.hub, anchors: claims } };
}
