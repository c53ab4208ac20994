import { parseAnchor } from '../locate/anchor.js';
import { writeRecipe } from '../workspace/config.js';
import { type Hub, claimSites, NO_SITES_MESSAGE } from '../hub/hub-types.js';
import { GitContext } from '../history/git-context.js';
import { lintAgentsPointer } from './lint-agents.js';
import { type LintFileAnswer, type LintSiteAnswer, type LintSiteQuestion } from './lint-file-job.js';
import { type LintFinding, finding } from './lint-finding.js';
import {
  compareCodePoints,
  lintClaimLog,
  lintCovers,
  lintFrontmatter,
  lintLinks,
  lintRefs,
  lintThinProse,
  lintTooManyAnchors,
} from './lint-hub-rules.js';
import type { LoadedWorkspace } from '../workspace/load-workspace.js';
import { isSiteFailure, siteTarget } from '../source/site-source.js';
import { WorkPool, workerCount } from '../pool/work-pool.js';

export { COARSE_MIN_FILE_LINES, COARSE_SPAN_PERCENT } from './lint-file-job.js';

/** Options of {@link runLint}. */
export interface LintOptions {
  /** Worker threads for parsing (see `workerCount`); default `auto`, as `surf check`. */
  readonly workers?: number | 'auto';
}

export interface LintResult {
  /** Per hub (hub path order): site findings, then hub rules; then coverage; then `AGENTS.md`. */
  readonly findings: readonly LintFinding[];
  readonly blocks: number;
  readonly warnings: number;
  /** No blocking finding. */
  readonly passed: boolean;
}

interface SiteState {
  outcome: LintSiteAnswer | undefined;
}

/**
 * `surf lint` (spec §7.5): every anchor must resolve to exactly one symbol (ambiguous, vanished,
 * unreadable and unsupported anchors block; a rename warns and points at `surf verify --follow`),
 * plus the advisory rules: near-whole-file spans, spans holding syntax errors, too many anchors, claim-logs, thin prose,
 * `covers`, `refs`, frontmatter typos and headline, OKF links, workspace-wide under-coverage of
 * callables, and the `AGENTS.md` pointer. Each anchored file is read and parsed once, on the same
 * work pool as `surf check` (one file per task, largest first).
 */
export async function runLint(workspace: LoadedWorkspace, options: LintOptions = {}): Promise<LintResult> {
  const { root } = workspace;
  // Per anchored file, in first-anchor order: its questions and where each answer goes.
  const jobs = new Map<string, { questions: LintSiteQuestion[]; states: SiteState[] }>();
  const recipe = writeRecipe(workspace.config);
  const concepts = new Map<string, Hub>();
  const unparsed = new Set<string>();
  for (const loaded of workspace.hubs) {
    if (loaded.kind !== 'Concept') continue;
    if (loaded.hub !== undefined) concepts.set(loaded.rel, loaded.hub);
    else unparsed.add(loaded.rel);
  }

  // Per file: covered segment paths, whether any anchor into it failed, and its owning hub.
  const covered = new Map<string, Set<string>>();
  const unhealthy = new Set<string>();
  const owner = new Map<string, string>();
  const surfaces = new Map<string, readonly string[][]>();
  const parts: Array<() => Promise<LintFinding[]> | LintFinding[]> = [];
  const sites: Array<{ state: SiteState; file: string; segments: string[] }> = [];

  for (const loaded of workspace.hubs) {
    if (loaded.kind !== 'Concept') continue;
    const rel = loaded.rel;
    const hub = loaded.hub;
    if (hub === undefined) {
      const message = `invalid hub: ${loaded.error!.message}`;
      parts.push(() => [finding('block', rel, message)]);
      continue;
    }
    for (const claim of hub.anchors) {
      const claimed = claimSites(claim);
      if (claimed.length === 0) {
        parts.push(() => [finding('block', rel, NO_SITES_MESSAGE, { at: '', claim: claim.claim, hubLine: claim.line })]);
      }
      for (const site of claimed) {
        const meta = { at: site, claim: claim.claim, hubLine: claim.line };
        const target = siteTarget(site);
        if (isSiteFailure(target)) {
          parts.push(() => [finding('block', rel, target.message, meta)]);
          if (target.kind === 'unsupported') {
            // An unsupported file still belongs to its hub, but never gets coverage nags.
            const file = parseAnchor(site).file;
            noteOwner(file, rel);
            unhealthy.add(file);
          }
          continue;
        }
        const { anchor } = target;
        const state: SiteState = { outcome: undefined };
        sites.push({ state, file: anchor.file, segments: anchor.segments.map((s) => s.name) });
        noteOwner(anchor.file, rel);
        let job = jobs.get(anchor.file);
        if (!job) jobs.set(anchor.file, (job = { questions: [], states: [] }));
        job.questions.push({
          anchor,
          at: site,
          ignoreLiterals: claim.ignoreLiterals,
          recipe,
          ...(claim.hash !== undefined ? { hash: claim.hash } : {}),
        });
        job.states.push(state);
        parts.push(async () => {
          const outcome = state.outcome!;
          if (outcome.kind === 'findings') return outcome.findings.map((f) => finding(f.severity, rel, f.message, meta));
          const git = await gitContext();
          const extra = claim.verifiedCommit === undefined ? [] : [claim.verifiedCommit];
          const moved = await git?.renamedTo(anchor.file, extra);
          return moved !== undefined
            ? [finding('warn', rel, `\`${anchor.file}\` appears to have moved — run \`surf verify --follow\``, meta)]
            : [finding('block', rel, `cannot read \`${anchor.file}\` (file moved or removed?)`, meta)];
        });
      }
    }
    parts.push(() => lintCovers(rel, hub));
    parts.push(() => lintRefs(rel, hub, concepts, unparsed));
    parts.push(() => lintClaimLog(rel, hub));
    parts.push(() => lintThinProse(rel, hub));
    parts.push(() => lintFrontmatter(rel, hub));
    parts.push(() => lintLinks(root, rel, hub));
    parts.push(() => lintTooManyAnchors(rel, hub));
  }

  /** The lexicographically first hub anchoring a file gets its coverage findings. */
  function noteOwner(file: string, rel: string): void {
    const prev = owner.get(file);
    if (prev === undefined || compareCodePoints(rel, prev) < 0) owner.set(file, rel);
  }

  let git: Promise<GitContext | undefined> | undefined;
  const gitContext = (): Promise<GitContext | undefined> => (git ??= GitContext.open(root));

  // Each file's sites, then its public callables (only when all of them resolved), in one task.
  const files = [...jobs];
  const pool = await WorkPool.open(root, workerCount(options.workers ?? 'auto', files.length));
  let answers: LintFileAnswer[];
  try {
    answers = (await pool.run(files.map(([file, job]) => ({ kind: 'lint', file, questions: job.questions })))) as LintFileAnswer[];
  } finally {
    await pool.close();
  }
  files.forEach(([file, job], t) => {
    const answer = answers[t]!;
    answer.sites.forEach((site, k) => {
      job.states[k]!.outcome = site;
      if (site.kind !== 'findings' || !site.resolved) unhealthy.add(file);
    });
    if (answer.surface !== undefined && !unhealthy.has(file)) surfaces.set(file, answer.surface);
  });
  for (const { state, file, segments } of sites) {
    const outcome = state.outcome!;
    if (outcome.kind === 'findings' && outcome.resolved) {
      let set = covered.get(file);
      if (!set) covered.set(file, (set = new Set()));
      set.add(segments.join('\0'));
    }
  }

  const findings: LintFinding[] = [];
  try {
    for (const part of parts) findings.push(...(await part()));
  } finally {
    await (await git)?.close();
  }
  for (const file of [...owner.keys()].sort(compareCodePoints)) {
    const surface = surfaces.get(file);
    if (unhealthy.has(file) || surface === undefined) continue;
    const cov = covered.get(file) ?? new Set<string>();
    for (const symbol of surface) {
      if (cov.has(symbol.join('\0'))) continue;
      const path = symbol.join(' > ');
      findings.push(
        finding(
          'warn',
          owner.get(file)!,
          `public symbol \`${path}\` in ${file} has no claim in any hub — add an anchor or accept it as intentionally undocumented`,
          { at: `${file} > ${path}`, file },
        ),
      );
    }
  }
  findings.push(...(await lintAgentsPointer(root, workspace.config)));
  const blocks = findings.filter((f) => f.severity === 'block').length;
  return { findings, blocks, warnings: findings.length - blocks, passed: blocks === 0 };
}
