import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseAnchor, parseRef } from '../locate/anchor.js';
import { claimSites, type Hub } from '../hub/hub-types.js';
import { rustLines, rustTrimStart } from '../hub/rust-lines.js';
import { compileWorkspaceGlob, globPatternProblem } from '../workspace/glob-pattern.js';
import { type LintFinding, finding } from './lint-finding.js';
import { resolveRefPath } from '../workspace/load-workspace.js';
import { endsWith } from '../check/refs-propagation.js';

/** More anchors than this in one hub invites rubber-stamping a long list. */
export const MAX_ANCHORS_PER_HUB = 12;
/** At or above this many claims, a hub without one multi-site claim reads as a claim-log. */
export const CLAIM_LOG_MIN_CLAIMS = 4;
/** A hub with several claims should carry at least this many body words per claim. */
export const MIN_PROSE_WORDS_PER_CLAIM = 15;

/** Frontmatter keys surf knows; an unknown key one edit away from one of them is a likely typo. */
const KNOWN_HUB_KEYS = ['anchors', 'refs', 'covers', 'summary', 'title', 'tags', 'timestamp', 'type'] as const;

/**
 * `covers` (advisory globs): a glob that does not compile blocks; when all compile, each of the
 * hub's own anchored files that no glob matches warns.
 */
export function lintCovers(rel: string, hub: Hub): LintFinding[] {
  if (hub.covers.length === 0) return [];
  const out: LintFinding[] = [];
  const globs = [];
  for (const raw of hub.covers) {
    const problem = globPatternProblem(raw);
    if (problem === undefined) globs.push(compileWorkspaceGlob(raw));
    else out.push(finding('block', rel, `invalid \`covers\` glob "${raw}": ${problem}`, { at: raw }));
  }
  if (globs.length !== hub.covers.length) return out;
  const files = new Set<string>();
  for (const claim of hub.anchors) {
    for (const site of claimSites(claim)) {
      try {
        files.add(parseAnchor(site).file);
      } catch {
        // An invalid anchor is reported by the site rules.
      }
    }
  }
  for (const file of [...files].sort(compareCodePoints)) {
    if (!globs.some((g) => g.matches(file))) {
      out.push(
        finding(
          'warn',
          rel,
          `anchored file \`${file}\` is not matched by any \`covers\` glob — check the globs cover this hub's own anchors`,
          { at: file },
        ),
      );
    }
  }
  return out;
}

/**
 * `refs` (spec §8): each entry must parse, must not point at its own hub, must resolve to a
 * parsed concept hub (a target among `unparsed`, concept hubs that exist but do not parse, is
 * named as such), and a claim ref (`> A > B`) must match the segment suffix of some anchor of
 * the target. Every violation blocks.
 */
export function lintRefs(rel: string, hub: Hub, concepts: ReadonlyMap<string, Hub>, unparsed: ReadonlySet<string> = new Set()): LintFinding[] {
  const out: LintFinding[] = [];
  for (const raw of hub.refs) {
    const block = (message: string): void => void out.push(finding('block', rel, message, { at: raw }));
    let ref;
    try {
      ref = parseRef(raw);
    } catch (error) {
      block(`invalid \`refs\` entry "${raw}": ${(error as Error).message}`);
      continue;
    }
    const target = resolveRefPath(rel, ref.path);
    if (target === rel) {
      block(`ref "${raw}" points at its own hub`);
      continue;
    }
    const targetHub = concepts.get(target);
    if (targetHub === undefined && unparsed.has(target)) {
      block(`ref "${raw}" points at \`${target}\`, which does not parse — fix that hub first (its own finding says how)`);
      continue;
    }
    if (targetHub === undefined) {
      block(`ref "${raw}" does not resolve to a hub (looked for \`${target}\`) — \`refs\` compose hubs, not arbitrary files`);
      continue;
    }
    if (ref.segments.length === 0) continue;
    const names = ref.segments.map((s) => s.name);
    const matched = targetHub.anchors.some((claim) =>
      claimSites(claim).some((site) => {
        try {
          return endsWith(
            parseAnchor(site).segments.map((s) => s.name),
            names,
          );
        } catch {
          return false;
        }
      }),
    );
    if (!matched) block(`ref "${raw}" names a claim \`${names.join(' > ')}\` that no anchor in \`${target}\` matches`);
  }
  return out;
}

/** A hub of ≥ 4 claims none of which is multi-site reads as a per-symbol claim-log. */
export function lintClaimLog(rel: string, hub: Hub): LintFinding[] {
  const claims = hub.anchors.length;
  if (claims < CLAIM_LOG_MIN_CLAIMS || hub.anchors.some((c) => claimSites(c).length > 1)) return [];
  return [
    finding(
      'warn',
      rel,
      `${claims} claims, all single-site — this reads as a per-symbol claim-log. A hub documents a system: consolidate related claims into fewer coarse ones, each listing every site it spans under one multi-site \`at:\``,
    ),
  ];
}

/** A hub of ≥ 2 claims needs ≥ 15 words of body prose (outside code fences) per claim. */
export function lintThinProse(rel: string, hub: Hub): LintFinding[] {
  const claims = hub.anchors.length;
  if (claims < 2) return [];
  const words = proseWords(hub.body);
  if (words >= MIN_PROSE_WORDS_PER_CLAIM * claims) return [];
  return [
    finding(
      'warn',
      rel,
      `thin prose: ${words} words of body for ${claims} claims — a hub is an onboarding doc, not a list of claims. Add prose framing the system (the key distinction, how the pieces fit, what it does *not* cover)`,
    ),
  ];
}

/** Words of body text outside ``` fences. */
export function proseWords(body: string): number {
  let count = 0;
  let inFence = false;
  for (const line of rustLines(body)) {
    if (rustTrimStart(line).startsWith('```')) {
      inFence = !inFence;
      continue;
    }
    if (!inFence) count += line.split(/\p{White_Space}+/u).filter((w) => w !== '').length;
  }
  return count;
}

/**
 * Frontmatter advisories: an unknown key one edit (OSA) from a known one is probably a typo (unknown
 * keys are kept for OKF, so it no longer blocks); an anchored hub needs a headline (`summary`,
 * `title` or `description`).
 */
export function lintFrontmatter(rel: string, hub: Hub): LintFinding[] {
  const out: LintFinding[] = [];
  for (const key of hub.extra.keys()) {
    const hit = KNOWN_HUB_KEYS.find((known) => key !== known && osaDistance(key, known) === 1);
    if (hit !== undefined) {
      out.push(
        finding(
          'warn',
          rel,
          `unknown frontmatter key \`${key}\` — did you mean \`${hit}\`? (unknown keys are preserved for OKF interop, so a typo no longer hard-blocks the gate)`,
        ),
      );
    }
  }
  if (hub.anchors.length > 0 && hub.summary === undefined && hub.title === undefined && !hub.extra.has('description')) {
    out.push(
      finding(
        'warn',
        rel,
        'anchored hub has no headline (`summary`, `title`, or `description`) — a hub is an onboarding doc; give readers something to orient on',
      ),
    );
  }
  return out;
}

/** Optimal string alignment distance: Levenshtein plus adjacent transposition, by code point. */
export function osaDistance(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  const d = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[x.length]![y.length]!;
}

/**
 * OKF cross-links: a local `.md` link in the body (`/x.md` from the workspace root, otherwise
 * relative to the hub) whose target is not a file warns — OKF tolerates links to not-yet-written
 * concepts, so this never blocks. URLs, `mailto:`, bare `#anchors` and non-markdown targets are skipped.
 */
export async function lintLinks(root: string, rel: string, hub: Hub): Promise<LintFinding[]> {
  const out: LintFinding[] = [];
  for (const raw of linkTargets(hub.body)) {
    const path = raw.split('#', 1)[0]!.trim();
    if (path === '' || path.includes('://') || path.startsWith('mailto:') || path.startsWith('//') || !path.endsWith('.md')) {
      continue;
    }
    const target = path.startsWith('/') ? path.slice(1) : resolveRefPath(rel, path);
    if (target === '' || (await isFile(join(root, target)))) continue;
    out.push(
      finding(
        'warn',
        rel,
        `OKF cross-link \`${raw}\` points at \`${target}\`, which doesn't exist — fine if it's not-yet-written, else check for a typo (advisory; OKF tolerates broken links)`,
        { at: raw },
      ),
    );
  }
  return out;
}

/** More than {@link MAX_ANCHORS_PER_HUB} anchors in one hub. */
export function lintTooManyAnchors(rel: string, hub: Hub): LintFinding[] {
  const n = hub.anchors.length;
  if (n <= MAX_ANCHORS_PER_HUB) return [];
  return [
    finding(
      'warn',
      rel,
      `${n} anchors in one hub (> ${MAX_ANCHORS_PER_HUB}) — consider splitting; bulk verify of a long list invites rubber-stamping`,
    ),
  ];
}

/** Markdown link targets: the text after each `](` up to the next `)`, trimmed. */
export function linkTargets(text: string): string[] {
  const out: string[] = [];
  const parts = text.split('](');
  for (const after of parts.slice(1)) {
    const close = after.indexOf(')');
    if (close >= 0) out.push(after.slice(0, close).trim());
  }
  return out;
}

/** Orders strings by Unicode code point (= UTF-8 byte order, as Rust compares `str`). */
export function compareCodePoints(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
