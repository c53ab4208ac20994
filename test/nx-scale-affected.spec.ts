import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NxWorkspace, createNxWorkspace, demoTree } from './nx-workspace.js';

// `nx affected -t verify-claims verify-boundary --base=<ref>` must select exactly the projects
// whose result could have changed — also when the change is a hub, surf.toml, the boundver config
// or the lock, which live outside the projects they concern. Nx 23 maps a touched file to a project
// by project root, and also to every project that names the file as a `{workspaceRoot}/…` input of
// one of its targets; the plugin's exact inputs make the second rule do the work. The expected sets
// are computed here from the demo's own files (anchors, component paths, project roots), not from
// what the plugin infers. `nx show projects --affected` is the same selection, and cheaper.

const tree = demoTree();
const text = (path: string): string => String(tree[path]);

/** Project name by root, from each project's project.json. */
const projects = new Map<string, string>(
  Object.keys(tree)
    .filter((path) => path.endsWith('/project.json'))
    .map((path) => [path.slice(0, -'/project.json'.length), (JSON.parse(text(path)) as { name?: string }).name ?? path.split('/').at(-2)!]),
);

/** The project owning a workspace file (deepest root containing it). */
function owner(file: string): string | undefined {
  let best: string | undefined;
  for (const root of projects.keys()) if (file.startsWith(`${root}/`) && (best === undefined || root.length > best.length)) best = root;
  return best === undefined ? undefined : projects.get(best);
}

/** Files a hub's claims anchor into (`at: file > symbol` lines and multi-site list items). */
function anchoredFiles(hub: string): string[] {
  return [...text(hub).matchAll(/^\s+(?:at:|-)\s+(\w[\w./-]*\.\w+) >/gm)].map((match) => match[1]!);
}

/** The workspace-level project: the root package.json's name. */
const WORKSPACE_PROJECT = (JSON.parse(text('package.json')) as { name: string }).name;
const hubs = Object.keys(tree).filter((path) => path.startsWith('hubs/') && path.endsWith('.md'));
const sorted = (names: Iterable<string | undefined>) => [...new Set([...names].filter((name): name is string => name !== undefined))].sort();
const claimProjects = (hubFiles: readonly string[]) => sorted(hubFiles.flatMap(anchoredFiles).map(owner));
const config = JSON.parse(text('boundary.config.json')) as { components: Record<string, { path: string }> };
const componentProjects = sorted(Object.values(config.components).map((component) => owner(`${component.path}/x`)));

let ws: NxWorkspace;
let base: string;
beforeAll(() => {
  ws = createNxWorkspace(tree);
  // Commit what the install wrote (package-lock.json), so only each case's edit differs from base.
  base = ws.commit('install');
});
afterAll(() => ws?.dispose());

/** Projects with a driftgate verify target that `nx affected` selects for the working tree against `since`. */
function affected(since = base): string[] {
  // Comma-separated, as docs/scaling.md writes it: `--withTarget a b` reads `b` as a positional.
  const run = ws.nx('show', 'projects', '--affected', `--base=${since}`, '--withTarget', 'verify-claims,verify-boundary', '--json');
  expect(run.status, run.output).toBe(0);
  return sorted(JSON.parse(run.output.slice(run.output.indexOf('['))) as string[]);
}

/** Applies an edit to the working tree, returns the selection, and reverts the edit. */
function affectedBy(files: Record<string, string>): string[] {
  ws.write(files);
  try {
    return affected();
  } finally {
    ws.git('checkout', '-q', '--', '.');
  }
}

const append = (path: string, line: string) => ({ [path]: `${ws.read(path)}${line}` });

describe('nx affected selects exactly the projects whose result could change', { timeout: 120_000 }, () => {
  it('the expectations are not trivial', () => {
    expect(claimProjects(['hubs/checksum.md'])).toEqual(['checksum']);
    expect(claimProjects(hubs).length).toBeGreaterThan(1);
    expect(componentProjects.length).toBeGreaterThan(1);
  });

  it('selects nothing without a change', () => {
    expect(affected()).toEqual([]);
  });

  it('hub-only: the projects the hub anchors into', () => {
    expect(affectedBy(append('hubs/checksum.md', '\nMore prose, no claim.\n'))).toEqual(sorted([...claimProjects(['hubs/checksum.md']), ...rootFile]));
  });

  it('hub-only, a hub with refs: also the projects of each hub it refs', () => {
    // In the demo, the one hub with refs anchors into the same projects as the hubs it refers to,
    // so a ref that adds a project is committed first: gateway.md refers to checksum.md.
    const hub = 'hubs/gateway.md';
    ws.write({ [hub]: ws.read(hub).replace(/^refs: \[\]$/m, 'refs:\n  - ./checksum.md') });
    const withRef = ws.commit('gateway refers to checksum');
    try {
      expect(claimProjects([hub])).not.toEqual(claimProjects([hub, 'hubs/checksum.md']));
      ws.write(append(hub, '\nMore prose, no claim.\n'));
      expect(affected(withRef)).toEqual(sorted([...claimProjects([hub, 'hubs/checksum.md']), ...rootFile]));
    } finally {
      ws.git('reset', '-q', '--hard', base);
    }
  });

  it('surf.toml-only: every project with a claim', () => {
    expect(affectedBy(append('surf.toml', '\n# a comment\n'))).toEqual(sorted([...claimProjects(hubs), ...rootFile]));
  });

  // Nx maps a file no other project's root contains (a hub, surf.toml) to the workspace-level
  // project, so that project is selected too; its verify-boundary replays from the cache, since
  // none of its inputs changed.
  const rootFile = [WORKSPACE_PROJECT];
  // The workspace-level project owns the lock as a whole (and the slices).
  const lockOwners = sorted([...componentProjects, WORKSPACE_PROJECT]);

  it('config-only: every project owning a component, and the workspace-level project', () => {
    expect(affectedBy(append('boundary.config.json', '\n'))).toEqual(lockOwners);
  });

  it('lock-only: every project owning a component, and the workspace-level project', () => {
    expect(affectedBy(append('boundary.lock.json', '\n'))).toEqual(lockOwners);
  });

  it('code-only: the owning project and its readers; for a file no gate reads, only the project Nx maps it to', () => {
    const file = 'crates/checksum/src/lib.rs';
    // The workspace-level project's generate-boundary reads every component's files.
    const readers = sorted([owner(file), ...hubs.filter((hub) => anchoredFiles(hub).includes(file)).flatMap((hub) => claimProjects([hub])), WORKSPACE_PROJECT]);
    expect(affectedBy(append(file, '\n// a comment\n'))).toEqual(readers);
    // A root file no gate reads selects only the project Nx maps it to; nothing of it re-runs.
    expect(affectedBy(append('README.md', '\nA note no gate covers.\n'))).toEqual(rootFile);
  });
});
