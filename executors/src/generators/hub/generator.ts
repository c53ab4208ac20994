import { type Tree, formatFiles, logger } from '@nx/devkit';
import { formatYamlScalar, newHubPath, newHubTemplate, parseAnchor, parseFile, parseHub, resolveAnchor } from '@driftgate/surf';
import { DriftgateNxError } from '../../errors.js';
import { ProjectRoots, normalizeRoot } from '../../scope/project-roots.js';
import { projectByName } from '../project-by-name.js';
import { fileStem, surfConfigInTree } from '../workspace-files.js';

/** Options of `@driftgate/nx:hub` (see its schema.json). */
export interface HubGeneratorOptions {
  /** The project the hub is about. */
  project: string;
  /** Hub file name (without `.md`). Default: the project name, `@scope/pkg` → `scope-pkg`. */
  name?: string;
  /** A first claim's prose; needs `at`. */
  claim?: string;
  /** The first claim's anchors (`path > Symbol`), workspace-relative. */
  at?: string[];
  /** Skip formatting the changed files. Default false. */
  skipFormat?: boolean;
}

/**
 * A new hub for a project, from the same template as `surf new`, in the directory of the first
 * `hubs` glob of `surf.toml`. With `claim` and `at` the hub starts with that claim, unstamped (the
 * project's `stamp-claims` target stamps it once the claim has been read against the code); every
 * anchor must resolve to one symbol. An existing hub is never overwritten or edited: running it
 * again without a claim changes nothing, and with one it refuses (the claim would be lost).
 */
export default async function hubGenerator(tree: Tree, options: HubGeneratorOptions): Promise<void> {
  const project = projectByName(tree, options.project);
  const name = options.name ?? fileStem(options.project);
  const path = newHubPath(surfConfigInTree(tree), name);
  const sites = options.at ?? [];
  if ((options.claim === undefined) !== (sites.length === 0)) {
    throw new DriftgateNxError('DRIFTGATE_NX_BAD_OPTIONS', 'give a first claim with both --claim and --at, or neither');
  }
  if (tree.exists(path)) {
    // Running it again without a claim is the no-op the docs promise; with one, saying "left as
    // it is" and exiting 0 would lose the claim the user asked for.
    if (options.claim !== undefined) {
      throw new DriftgateNxError('DRIFTGATE_NX_HUB_EXISTS', `${path} already exists, and the hub generator never edits a hub: add the claim to it by hand, or pass --name to start another hub`);
    }
    logger.info(`${path} already exists; left as it is`);
    return;
  }
  let text = newHubTemplate(name);
  if (options.claim !== undefined) {
    const projectRoot = normalizeRoot(project.root);
    const owners = new ProjectRoots([projectRoot]);
    for (const site of sites) {
      const anchor = parseAnchor(site);
      await requireResolved(tree, site, anchor);
      if (owners.owner(anchor.file) !== projectRoot) logger.warn(`${site} points outside ${options.project} (${projectRoot}); the claim will be checked by the project that owns ${anchor.file}`);
    }
    text = withFirstClaim(text, options.claim, sites);
    parseHub(text, { path });
  }
  tree.write(path, text);
  if (!options.skipFormat) await formatFiles(tree);
}

/** The template with `anchors: []` replaced by one claim. */
function withFirstClaim(template: string, claim: string, sites: readonly string[]): string {
  const at = sites.length === 1 ? `    at: ${formatYamlScalar(sites[0]!)}` : ['    at:', ...sites.map((site) => `      - ${formatYamlScalar(site)}`)].join('\n');
  const block = `anchors:\n  - claim: ${formatYamlScalar(claim)}\n${at}`;
  if (!template.includes('\nanchors: []\n')) {
    throw new DriftgateNxError('DRIFTGATE_NX_BAD_FILE', 'the hub template has no `anchors: []` line to fill; create the hub and add the claim by hand');
  }
  return template.replace('\nanchors: []\n', `\n${block}\n`);
}

/**
 * Refuses an anchor that does not resolve to one symbol now: a hub starting with a claim whose
 * anchor is wrong would only fail later, at `stamp-claims`, far from the typo.
 */
async function requireResolved(tree: Tree, site: string, anchor: ReturnType<typeof parseAnchor>): Promise<void> {
  const bytes = tree.isFile(anchor.file) ? tree.read(anchor.file) : null;
  if (bytes === null) {
    throw new DriftgateNxError('DRIFTGATE_NX_BAD_ANCHOR', `--at '${site}' does not resolve: ${anchor.file} is not a file of the workspace (paths are workspace-relative)`);
  }
  try {
    resolveAnchor(await parseFile(anchor.file, bytes), anchor);
  } catch (cause) {
    throw new DriftgateNxError('DRIFTGATE_NX_BAD_ANCHOR', `--at '${site}' does not resolve: ${(cause as Error).message}; fix the anchor (\`npx surf suggest '${anchor.file}'\` lists the public symbols no hub anchors yet)`, { cause });
  }
}
