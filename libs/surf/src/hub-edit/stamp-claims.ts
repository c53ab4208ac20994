import { isDeepStrictEqual } from 'node:util';
import { type EditRefusalReason, type ItemFieldWrites, locateAnchorItems, setFields } from './hub-editor.js';
import type { Claim, Hub } from '../hub/hub-types.js';
import { parseHub } from '../hub/parse-hub.js';
import { SurfError } from '../errors.js';

/** A new stamp for one claim, with the provenance to record if it changes the stored hash. */
export interface ClaimStamp {
  /** 0-based index of the claim in `anchors:` ({@link Claim.index}). */
  readonly itemIndex: number;
  /** The stamp to store, e.g. `2:1a2b3c4d5e6f`. */
  readonly hash: string;
  /** ISO-8601 UTC seconds (e.g. `2026-07-01T16:53:08Z`) from the caller's clock. */
  readonly verifiedAt: string;
  /** Full 40-hex HEAD commit; leave undefined outside a git repository (nothing is written then). */
  readonly verifiedCommit?: string;
  /**
   * Write the stamp and its provenance even when the stored hash equals {@link hash}: the claim
   * was verified again for another reason than its code (an `@N` claim that now names another
   * match with the same code), and `verified_commit` must say against which commit.
   */
  readonly restamp?: boolean;
}

/** What happened to one requested stamp. */
export type StampOutcome =
  | {
      readonly itemIndex: number;
      readonly status: 'stamped';
      /** The id written because the claim had none; undefined when it kept its id. */
      readonly newId: string | undefined;
    }
  | { readonly itemIndex: number; readonly status: 'unchanged' }
  | {
      readonly itemIndex: number;
      readonly status: 'refused';
      /** `layout`: the line scanner's item does not start where the YAML item does. */
      readonly reason: EditRefusalReason | 'layout';
      readonly message: string;
    };

export interface StampResult {
  /** The new hub text (=== the input when nothing changed). */
  readonly text: string;
  readonly changed: boolean;
  /** One per requested stamp, in request order. */
  readonly outcomes: readonly StampOutcome[];
}

/**
 * Applies stamps to a hub's text surgically (spec §2.5, §7.7): for each claim whose stored `hash`
 * differs from the new one, writes `hash`, then `id` (only if the claim has none; `newId` is called
 * once per such claim, in ascending claim order), `verified_at`, and `verified_commit` (when
 * given). A claim whose stored hash already equals the new one is left byte-for-byte alone,
 * unless its stamp asks to be written again ({@link ClaimStamp.restamp}).
 *
 * Safety: a claim is edited only when the line scanner's item starts on the same line as the
 * YAML item; afterwards the result is parsed again and must differ from the input only in the
 * stamped fields. Throws {@link SurfError} `SURF_HUB_EDIT` if it does not (no partial result), and
 * the input's {@link HubParseError} if the hub does not parse to begin with.
 *
 * @param path used only to label errors and decide the hub kind.
 */
export function stampClaims(
  text: string,
  stamps: readonly ClaimStamp[],
  newId: () => string,
  path?: string,
): StampResult {
  const before = parseHub(text, path === undefined ? {} : { path });
  const spans = locateAnchorItems(text);
  const seen = new Set<number>();
  for (const stamp of stamps) {
    if (seen.has(stamp.itemIndex)) throw new RangeError(`stampClaims: claim ${stamp.itemIndex} is stamped twice`);
    seen.add(stamp.itemIndex);
  }

  interface Plan {
    stamp: ClaimStamp;
    claim: Claim;
    newId: string | undefined;
  }
  const outcomes = new Map<number, StampOutcome>();
  const plans: Plan[] = [];
  for (const stamp of [...stamps].sort((a, b) => a.itemIndex - b.itemIndex)) {
    const { itemIndex } = stamp;
    const claim = before.anchors[itemIndex];
    const span = spans[itemIndex];
    if (!claim) {
      outcomes.set(itemIndex, {
        itemIndex,
        status: 'refused',
        reason: 'no-item',
        message: `the hub has ${before.anchors.length} claim(s); there is no claim ${itemIndex}`,
      });
    } else if (claim.hash === stamp.hash && stamp.restamp !== true) {
      outcomes.set(itemIndex, { itemIndex, status: 'unchanged' });
    } else if (!span || span.startLine + 1 !== claim.line) {
      outcomes.set(itemIndex, {
        itemIndex,
        status: 'refused',
        reason: 'layout',
        message:
          'cannot edit this claim in place: write `anchors:` as a block list indented under the key, one `- claim:` item per claim, with no comment lines at or left of the key’s indent inside it',
      });
    } else {
      const id = claim.id === undefined ? newId() : undefined;
      plans.push({ stamp, claim, newId: id });
      outcomes.set(itemIndex, { itemIndex, status: 'stamped', newId: id });
    }
  }

  // One pass over the text for all claims: what one `setField` per field would write, without
  // re-scanning the hub per field (which made stamping thousands of claims quadratic).
  const writes: ItemFieldWrites[] = plans.map(({ stamp, newId: id }) => {
    const fields: Array<[string, string]> = [['hash', stamp.hash]];
    if (id !== undefined) fields.push(['id', id]);
    fields.push(['verified_at', stamp.verifiedAt]);
    if (stamp.verifiedCommit !== undefined) fields.push(['verified_commit', stamp.verifiedCommit]);
    return { itemIndex: stamp.itemIndex, fields };
  });
  const edit = setFields(text, writes);
  if (!edit.ok) {
    const failed = [...plans].reverse().find((plan) => spans[plan.stamp.itemIndex] === undefined) ?? plans[plans.length - 1]!;
    throw editError(path, `hash of claim ${failed.stamp.itemIndex}: ${edit.message}`);
  }
  const next = edit.text;
  if (next !== text) checkOnlyStampsChanged(before, next, plans, path);
  return { text: next, changed: next !== text, outcomes: stamps.map((s) => outcomes.get(s.itemIndex) as StampOutcome) };
}

/** {@link stampClaims} for a single claim. */
export function applyStamp(
  text: string,
  stamp: ClaimStamp,
  newId: () => string,
  path?: string,
): { readonly text: string; readonly changed: boolean; readonly outcome: StampOutcome } {
  const result = stampClaims(text, [stamp], newId, path);
  return { text: result.text, changed: result.changed, outcome: result.outcomes[0] };
}

function checkOnlyStampsChanged(
  before: Hub,
  nextText: string,
  plans: readonly { stamp: ClaimStamp; claim: Claim; newId: string | undefined }[],
  path: string | undefined,
): void {
  let after: Hub;
  try {
    after = parseHub(nextText, path === undefined ? {} : { path });
  } catch (error) {
    throw editError(path, 'the edited frontmatter no longer parses', error);
  }
  const expected = before.anchors.map(claimContent);
  for (const { stamp, claim, newId } of plans) {
    expected[stamp.itemIndex] = {
      ...claimContent(claim),
      hash: stamp.hash,
      id: newId ?? claim.id,
      verifiedAt: stamp.verifiedAt,
      verifiedCommit: stamp.verifiedCommit ?? claim.verifiedCommit,
    };
  }
  const sameHub = isDeepStrictEqual(hubContent(after), hubContent(before));
  if (!sameHub || !isDeepStrictEqual(after.anchors.map(claimContent), expected)) {
    throw editError(path, 'the edit would change more than the stamped fields');
  }
}

/** A claim without its positions, which legitimately move when lines are inserted above. */
function claimContent(claim: Claim): Omit<Claim, 'line' | 'hashLine'> {
  const { line: _line, hashLine: _hashLine, ...rest } = claim;
  return rest;
}

function hubContent(hub: Hub): Omit<Hub, 'anchors'> {
  const { anchors: _anchors, ...rest } = hub;
  return rest;
}

function editError(path: string | undefined, detail: string, cause?: unknown): SurfError {
  const where = path === undefined ? 'hub' : path;
  return new SurfError(
    'SURF_HUB_EDIT',
    `cannot stamp ${where} in place: ${detail}; the file was left unchanged — fix its frontmatter layout and re-run`,
    cause === undefined ? undefined : { cause },
  );
}
