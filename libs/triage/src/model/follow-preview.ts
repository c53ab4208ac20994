import { realpath } from 'node:fs/promises';
import {
  type Anchor,
  type Claim,
  type Divergence,
  GitContext,
  type LoadedWorkspace,
  type ParsedFile,
  familyOf,
  findRenamed,
  hashSite,
  langForPath,
  type Recipe,
  parseAnchor,
  parseFile,
  parseStamp,
  readWorkspaceSource,
} from '@driftgate/surf';

/** What `follow` would write for one claim: the new anchor, or why `surf verify --follow` would refuse. */
export type FollowPreview = { readonly newAt: string } | { readonly problem: string };

/**
 * Works out, before anything is chosen, what `surf verify --follow` would do for each unresolvable
 * claim, with the same pieces it decides with: `findRenamed` (the first definition whose own hash
 * equals the stored stamp) for a symbol renamed in a readable file — single-segment anchors only,
 * as verify refuses the rest — and git's rename detection for a file that cannot be read (a moved
 * file, whose anchored code must hash as stored, or whose symbol must be found by its stamp).
 * `surf verify` stays the authority at write time; this only keeps `f` from being offered where it
 * would fail, and shows the new anchor first. Claims are looked up in `workspace` by hub and line.
 */
export async function previewFollows(workspace: LoadedWorkspace, divergences: readonly Divergence[]): Promise<Map<Divergence, FollowPreview>> {
  const out = new Map<Divergence, FollowPreview>();
  const wanted = divergences.filter((d) => d.kind === 'unresolvable' && d.hubLine !== undefined);
  if (wanted.length === 0) return out;
  const rootReal = await realpath(workspace.root);
  let git: Promise<GitContext | undefined> | undefined;
  try {
    for (const d of wanted) {
      const claim = workspace.hubs.find((h) => h.rel === d.hub)?.hub?.anchors.find((c) => c.line === d.hubLine);
      out.set(d, claim === undefined ? { problem: 'the claim is no longer in its hub' } : await previewOne(workspace.root, rootReal, claim, () => (git ??= GitContext.open(workspace.root))));
    }
  } finally {
    await (await git)?.close();
  }
  return out;
}

async function previewOne(root: string, rootReal: string, claim: Claim, git: () => Promise<GitContext | undefined>): Promise<FollowPreview> {
  const sites = typeof claim.at === 'string' ? [claim.at] : claim.at;
  if (sites.length !== 1) return { problem: 'follow supports single-site claims only' };
  if (claim.hash === undefined) return { problem: 'follow needs a stored hash to match against' };
  let anchor: Anchor;
  try {
    anchor = parseAnchor(sites[0]!);
  } catch (error) {
    return { problem: `invalid anchor: ${(error as Error).message}` };
  }
  const text = await readWorkspaceSource(root, rootReal, anchor.file);
  if (typeof text === 'string') {
    const renamed = await withParsed(anchor.file, text, (parsed) => renamedSymbol(parsed, anchor, claim));
    if (!('problem' in renamed) || anchor.segments.length !== 1) return renamed;
    return (await movedSymbol(root, rootReal, anchor, claim, await git())) ?? renamed;
  }
  // Only a file that is not there is a rename case (as for verify); another failure is its own.
  if (text.kind !== 'unreadable') return { problem: text.message };
  const newFile = await (await git())?.renamedTo(anchor.file, claim.verifiedCommit === undefined ? [] : [claim.verifiedCommit]);
  if (newFile === undefined) {
    return { problem: `\`${anchor.file}\` cannot be read and git knows no rename of it (a move git has not seen yet: \`git add\` both paths)` };
  }
  const site = sites[0]!;
  const newAt = `${newFile} >${site.slice(site.indexOf('>') + 1)}`;
  let moved: Anchor;
  try {
    moved = parseAnchor(newAt);
  } catch (error) {
    return { problem: `invalid anchor: ${(error as Error).message}` };
  }
  const stored = parseStamp(claim.hash);
  const movedText = await readWorkspaceSource(root, rootReal, newFile);
  if (typeof movedText !== 'string') return { problem: movedText.message };
  return withParsed(newFile, movedText, (parsed) => {
    if (stored !== undefined && digestOf(parsed, moved, stored.recipe, claim.ignoreLiterals) === stored.hex) return { newAt };
    if (moved.segments.length === 1) return renamedSymbol(parsed, moved, claim);
    return { problem: 'the file moved but its anchored code changed' };
  });
}

/**
 * As `surf verify --follow` looks for a symbol gone from a file that stays: a definition of the
 * same name, hashing as stored, in the one file of those git says changed with it that holds one.
 */
async function movedSymbol(root: string, rootReal: string, anchor: Anchor, claim: Claim, git: GitContext | undefined): Promise<FollowPreview | undefined> {
  const stored = parseStamp(claim.hash!);
  if (git === undefined || stored === undefined) return undefined;
  const family = langForPath(anchor.file);
  const name = anchor.segments[0]!.name;
  const hits: string[] = [];
  for (const file of await git.movedFrom(anchor.file, claim.verifiedCommit)) {
    const lang = langForPath(file);
    if (family === undefined || lang === undefined || familyOf(lang) !== familyOf(family)) continue;
    const text = await readWorkspaceSource(root, rootReal, file);
    if (typeof text !== 'string') continue;
    const newAt = `${file} > ${name}`;
    const hit = await withParsed(file, text, (parsed) => (digestOf(parsed, parseAnchor(newAt), stored.recipe, claim.ignoreLiterals) === stored.hex ? { newAt } : { problem: '' }));
    if ('newAt' in hit) hits.push(newAt);
  }
  if (hits.length === 1) return { newAt: hits[0]! };
  return hits.length > 1 ? { problem: `moved, but to more than one file: ${hits.map((h) => `\`${h}\``).join(', ')}; point its \`at:\` at one with e` } : undefined;
}

function renamedSymbol(parsed: ParsedFile, anchor: Anchor, claim: Claim): FollowPreview {
  if (anchor.segments.length !== 1) return { problem: 'only a top-level symbol can be followed (a method or nested name cannot)' };
  const name = findRenamed(parsed, claim.hash!, { ignoreLiterals: claim.ignoreLiterals });
  // Follow re-points within a file or along a file git saw renamed; a symbol moved into another
  // file that stays is neither, so say that it may have moved and what to do then.
  if (name === undefined) return { problem: `no definition in ${anchor.file} hashes as the stored stamp: changed, deleted, or moved to another file (then point its \`at:\` there with e)` };
  const newAt = `${anchor.file} > ${name}`;
  return digestOf(parsed, parseAnchor(newAt), undefined, claim.ignoreLiterals) === undefined ? { problem: 'the rename target does not resolve' } : { newAt };
}

function digestOf(parsed: ParsedFile, anchor: Anchor, recipe: Recipe | undefined, ignoreLiterals: boolean): string | undefined {
  try {
    return hashSite(parsed, anchor, { ...(recipe !== undefined ? { recipe } : {}), ignoreLiterals }).digest;
  } catch {
    return undefined;
  }
}

async function withParsed(file: string, text: string, use: (parsed: ParsedFile) => FollowPreview): Promise<FollowPreview> {
  let parsed: ParsedFile;
  try {
    parsed = await parseFile(file, text);
  } catch (error) {
    return { problem: (error as Error).message };
  }
  try {
    return use(parsed);
  } finally {
    parsed.delete();
  }
}
