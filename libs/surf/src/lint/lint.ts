import type { Node } from 'web-tree-sitter';
import type { ParsedFile } from '@driftgate/syntax';
import { type Anchor, parseAnchor } from '../locate/anchor.js';
import { ResolveError } from '../errors.js';
import { findRenamed } from '../hash/find-renamed.js';
import { findRecipe2BlindSpot } from '../hash/recipe2-blind-spots.js';
import { type Recipe, parseStamp } from '../hash/stamp.js';
import { writeRecipe } from '../workspace/config.js';
import { type Claim, type Hub, claimSites, NO_SITES_MESSAGE } from '../hub/hub-types.js';
import { rustLines } from '../hub/rust-lines.js';
import { publicSymbols } from '../locate/public-symbols.js';
import { resolveAnchor } from '../locate/resolve.js';
import { formatChainHint, suggestChain } from './suggest-chain.js';
import { notFoundHint } from './not-found-hint.js';
import { GitContext } from '../history/git-context.js';
import { lintAgentsPointer } from './lint-agents.js';
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
import { type SiteFailure, isSiteFailure, siteTarget } from '../source/site-source.js';
import { SourceWalk } from '../source/source-walk.js';

/** A span covering at least this share of a file (of ≥ 15 lines) is a near-whole-file anchor. */
export const COARSE_SPAN_PERCENT = 75;
export const COARSE_MIN_FILE_LINES = 15;

export interface LintResult {
  /** Per hub (hub path order): site findings, then hub rules; then coverage; then `AGENTS.md`. */
  readonly findings: readonly LintFinding[];
  readonly blocks: number;
  readonly warnings: number;
  /** No blocking finding. */
  readonly passed: boolean;
}

/** What one site's file pass found; `moved` sites wait for a git rename lookup. */
type SiteOutcome =
  | { readonly kind: 'findings'; readonly findings: LintFinding[]; readonly resolved: boolean }
  | { readonly kind: 'unreadable'; readonly file: string };

interface SiteState {
  outcome: SiteOutcome | undefined;
}

/**
 * `surf lint` (spec §7.5): every anchor must resolve to exactly one symbol (ambiguous, vanished,
 * unreadable and unsupported anchors block; a rename warns and points at `surf verify --follow`),
 * plus the advisory rules: near-whole-file spans, spans holding syntax errors, too many anchors, claim-logs, thin prose,
 * `covers`, `refs`, frontmatter typos and headline, OKF links, workspace-wide under-coverage of
 * callables, and the `AGENTS.md` pointer. Each anchored file is read and parsed once.
 */
export async function runLint(workspace: LoadedWorkspace): Promise<LintResult> {
  const { root } = workspace;
  const walk = new SourceWalk(root);
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
  const surfaces = new Map<string, string[][]>();
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
        walk.visit(anchor.file, (source) => {
          state.outcome = lintSite(source, anchor, claim, rel, meta, recipe);
          const resolved = state.outcome.kind === 'findings' && state.outcome.resolved;
          if (!resolved) unhealthy.add(anchor.file);
        });
        parts.push(async () => {
          const outcome = state.outcome!;
          if (outcome.kind === 'findings') return outcome.findings;
          const git = await gitContext();
          const extra = claim.verifiedCommit === undefined ? [] : [claim.verifiedCommit];
          const moved = await git?.renamedTo(outcome.file, extra);
          return moved !== undefined
            ? [finding('warn', rel, `\`${outcome.file}\` appears to have moved — run \`surf verify --follow\``, meta)]
            : [finding('block', rel, `cannot read \`${outcome.file}\` (file moved or removed?)`, meta)];
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

  // Public callables of each anchored file, computed in the same pass after its sites.
  for (const file of walk.files) {
    walk.visit(file, (source) => {
      if (!isSiteFailure(source) && !unhealthy.has(file)) surfaces.set(file, publicSymbols(source));
    });
  }

  let git: Promise<GitContext | undefined> | undefined;
  const gitContext = (): Promise<GitContext | undefined> => (git ??= GitContext.open(root));

  await walk.run();
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
          { at: `${file} > ${path}` },
        ),
      );
    }
  }
  findings.push(...(await lintAgentsPointer(root, workspace.config)));
  const blocks = findings.filter((f) => f.severity === 'block').length;
  return { findings, blocks, warnings: findings.length - blocks, passed: blocks === 0 };
}

/** The first ERROR or MISSING node inside the hashed nodes, in document order. */
function firstSyntaxError(nodes: readonly Node[]): Node | undefined {
  for (const node of nodes) {
    // `hasError` covers the node and all its descendants, so clean subtrees are skipped whole.
    if (!node.hasError) continue;
    if (node.isError || node.isMissing) return node;
    const inner = firstSyntaxError(node.children.filter((c): c is Node => c !== null));
    if (inner !== undefined) return inner;
  }
  return undefined;
}

function lintSite(
  source: ParsedFile | SiteFailure,
  anchor: Anchor,
  claim: Claim,
  rel: string,
  meta: { at: string; claim: string; hubLine: number },
  recipe: Recipe,
): SiteOutcome {
  if (isSiteFailure(source)) {
    if (source.kind === 'unreadable') return { kind: 'unreadable', file: anchor.file };
    const message = source.kind === 'parse' ? `could not parse \`${anchor.file}\`` : source.message;
    return { kind: 'findings', findings: [finding('block', rel, message, meta)], resolved: false };
  }
  const block = (message: string): SiteOutcome => ({ kind: 'findings', findings: [finding('block', rel, message, meta)], resolved: false });
  let resolution;
  try {
    resolution = resolveAnchor(source, anchor);
  } catch (error) {
    if (!(error instanceof ResolveError)) throw error;
    if (error.kind === 'Ambiguous') return block(error.message);
    if (error.kind === 'Parse') return block(`could not parse \`${anchor.file}\``);
    const segment = error.segment;
    if (claim.hash !== undefined) {
      const renamed = findRenamed(source, claim.hash, { ignoreLiterals: claim.ignoreLiterals });
      if (renamed === undefined) {
        const hint = notFoundHint(source, anchor) ?? '';
        return block(`\`${segment}\` not found and no current symbol matches the stored hash — the claim points at nothing${hint}`);
      }
      return {
        kind: 'findings',
        findings: [
          finding(
            'warn',
            rel,
            `\`${segment}\` not found, but its code appears to live under \`${renamed}\` now — run \`surf verify --follow\``,
            meta,
          ),
        ],
        resolved: false,
      };
    }
    const chain = suggestChain(source, anchor);
    const hint = chain === undefined ? (notFoundHint(source, anchor) ?? '') : formatChainHint(chain);
    return block(`\`${segment}\` not found (claim has no stored hash to match against)${hint}`);
  }
  if (resolution.extended !== undefined && recipe !== 'v3') {
    // `surf verify` could not stamp it: a reference recipe resolves only what the reference does.
    return block(
      `\`${resolution.extended.segment}\` is claimable under recipe 3 only (the reference's rules do not reach it), and this workspace writes \`${recipe.slice(1)}:\` stamps — set \`recipe = 3\` in surf.toml, or anchor an item the reference resolves`,
    );
  }
  const { span } = resolution;
  const spanLines = span.endLine - span.startLine + 1;
  const fileLines = Math.max(rustLines(source.text).length, 1);
  const findings: LintFinding[] = [];
  if (fileLines >= COARSE_MIN_FILE_LINES && spanLines * 100 >= fileLines * COARSE_SPAN_PERCENT) {
    const pct = Math.floor((spanLines * 100) / fileLines);
    findings.push(
      finding(
        'warn',
        rel,
        `anchored span covers ${pct}% of ${anchor.file} (${spanLines}/${fileLines} lines) — a near-whole-file anchor re-triggers verification on any edit; point at a narrower symbol`,
        meta,
      ),
    );
  }
  const broken = firstSyntaxError(resolution.hashable);
  if (broken !== undefined) {
    // Error recovery decides which tokens end up in the tree, and it may decide differently after
    // an unrelated edit or a grammar upgrade: the stamp of such a span is not reproducible.
    const what = broken.isMissing ? `a missing \`${broken.type}\`` : 'a syntax error';
    findings.push(
      finding(
        'warn',
        rel,
        `anchored span contains ${what} at ${anchor.file}:${broken.startPosition.row + 1} — its hash depends on how the parser recovers and is not stable; fix the syntax, or anchor a smaller symbol that parses cleanly`,
        meta,
      ),
    );
  }
  if (claim.hash !== undefined && parseStamp(claim.hash)?.recipe === 'v2') {
    // A 2: stamp passes edits to these constructs; say so, since nothing else will.
    const blind = findRecipe2BlindSpot(source, resolution);
    if (blind !== undefined) {
      findings.push(
        finding(
          'warn',
          rel,
          `the span holds ${blind.what} at ${anchor.file}:${blind.line}, which a \`2:\` stamp cannot see — edits there pass \`surf check\`; after re-reading the claim, re-stamp it under recipe 3 with \`surf verify '${meta.at}'\` (docs/hash-recipes.md)`,
          meta,
        ),
      );
    }
  }
  return { kind: 'findings', findings, resolved: true };
}
