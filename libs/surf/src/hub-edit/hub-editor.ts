import { rustTrimEnd, rustTrimStart } from '../hub/rust-lines.js';
import { formatYamlScalar } from './yaml-scalar.js';
import { opensFrontmatter } from '../hub/frontmatter-fence.js';

/**
 * Why an in-place edit was refused. The text is never re-serialized, so anything the line
 * scanner of spec §2.5 cannot locate is refused rather than guessed.
 */
export type EditRefusalReason =
  /** No `---` line 0 or no closing `---`. */
  | 'no-frontmatter'
  /** No line starting `anchors:` inside the frontmatter. */
  | 'no-anchors'
  /** The scanner found fewer items than the index asked for. */
  | 'no-item'
  /** `setAt`: the item has no `at:` line at its key indent. */
  | 'no-at'
  /** `setAt`: `at:` holds a list (block or flow) or a multi-line scalar; only a one-line anchor can be rewritten. */
  | 'list-form';

/** Result of an in-place edit: the new text, or why the edit was refused. */
export type HubEdit =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly reason: EditRefusalReason; readonly message: string };

/** Where one `anchors:` item sits in the hub text, as found by the line scanner of spec §2.5. */
export interface AnchorItemSpan {
  /** 0-based item index. */
  readonly index: number;
  /** 0-based line index of the item's `- ` line. */
  readonly startLine: number;
  /** 0-based line index one past the item (next item's dash line, or the end of the list). */
  readonly endLine: number;
  /** Leading spaces before the item's `-`. */
  readonly dashIndent: number;
  /** `dashIndent + 2`: the indent of the item's own keys. */
  readonly keyIndent: number;
}

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Locates the `anchors:` items of a hub by scanning lines (spec §2.5 steps 1–4), without YAML.
 * Returns an empty list when there is no frontmatter or no `anchors:` line.
 *
 * One extension over the reference: a list written flush with its key (`anchors:` followed by
 * `- claim:` at the same indent, valid YAML that the reference's scanner finds no items in) is
 * recognised; items then end at a line indented less than the key or at a same-indent line that
 * is not a `- ` item.
 */
export function locateAnchorItems(text: string): readonly AnchorItemSpan[] {
  const scan = scanItems(text.split('\n'));
  return scan.ok ? scan.items : [];
}

/**
 * `set_field`: writes `<key>: <value>` into item `itemIndex` (0-based). Replaces the first line of
 * the item that has exactly the item's key indent and starts with `<key>:`; otherwise inserts the
 * line after the item's last non-blank line. Every other byte is kept, so setting a value a
 * field already has (written the same way) returns identical text.
 *
 * Line endings: the text is split on `\n` only. A replaced line keeps its own `\r`, and an inserted
 * line copies the `\r` of the line it follows, so a CRLF hub stays CRLF (the reference would
 * write a bare-LF line into it).
 *
 * `value` is written bare when it reads back as the same YAML string, else double-quoted.
 */
export function setField(text: string, itemIndex: number, key: string, value: string): HubEdit {
  if (!KEY.test(key)) throw new RangeError(`setField: \`${key}\` is not a plain YAML key`);
  const lines = text.split('\n');
  const found = findItem(lines, itemIndex);
  if (!found.ok) return found;
  const { item } = found;
  const newLine = `${' '.repeat(item.keyIndent)}${key}: ${formatYamlScalar(value)}`;
  const existing = findKeyLine(lines, item, key);
  if (existing >= 0) {
    lines[existing] = newLine + carriageReturn(lines[existing]);
  } else {
    let last = item.endLine - 1;
    while (last > item.startLine && isBlank(lines[last])) last--;
    lines.splice(last + 1, 0, newLine + carriageReturn(lines[last]));
  }
  return { ok: true, text: lines.join('\n') };
}

/** Field writes for one `anchors:` item, in the order {@link setField} would apply them. */
export interface ItemFieldWrites {
  /** 0-based item index. */
  readonly itemIndex: number;
  /** `[key, value]` pairs, applied in order (a later write of the same key wins). */
  readonly fields: ReadonlyArray<readonly [key: string, value: string]>;
}

/**
 * Many {@link setField} calls in one pass over the text: the result is byte-for-byte what calling
 * `setField` for every field of every item would give (items in any order, fields in order), but
 * the text is split, scanned and joined once instead of once per field, so stamping a hub of
 * thousands of claims costs one pass instead of one pass per claim.
 *
 * Each item is edited on the original line positions: replacing a line never shifts another, and
 * lines inserted into an item go after its last non-blank line (after the lines inserted there
 * before them), which is where successive `setField` calls would put them. Refuses (`no-item`) for
 * the highest item index the scanner does not find, as bottom-up successive calls would first.
 * Throws `RangeError` when an item is listed twice or a key is not a plain YAML key.
 */
export function setFields(text: string, writes: readonly ItemFieldWrites[]): HubEdit {
  if (writes.length === 0) return { ok: true, text };
  const lines = text.split('\n');
  const scan = scanItems(lines);
  if (!scan.ok) return scan;
  const ordered = [...writes].sort((a, b) => b.itemIndex - a.itemIndex);
  const replaced = new Map<number, string>();
  const insertedAfter = new Map<number, string[]>();
  const formatted = new Map<string, string>();
  const scalar = (value: string): string => {
    let out = formatted.get(value);
    if (out === undefined) formatted.set(value, (out = formatYamlScalar(value)));
    return out;
  };
  for (let w = 0; w < ordered.length; w++) {
    const { itemIndex, fields } = ordered[w]!;
    if (w > 0 && ordered[w - 1]!.itemIndex === itemIndex) throw new RangeError(`setFields: item ${itemIndex} is listed twice`);
    const item = Number.isInteger(itemIndex) ? scan.items[itemIndex] : undefined;
    if (!item) return missingItem(itemIndex, scan.items.length);
    let last = item.endLine - 1;
    while (last > item.startLine && isBlank(lines[last])) last--;
    const cr = carriageReturn(lines[last]);
    // Keys this item got as new lines, and where in `insertedAfter` each sits, so that a repeated
    // key replaces its own inserted line as a second `setField` would.
    const inserted = new Map<string, number>();
    for (const [key, value] of fields) {
      if (!KEY.test(key)) throw new RangeError(`setFields: \`${key}\` is not a plain YAML key`);
      const newLine = `${' '.repeat(item.keyIndent)}${key}: ${scalar(value)}`;
      const existing = findKeyLine(lines, item, key);
      if (existing >= 0) {
        replaced.set(existing, newLine + carriageReturn(lines[existing]));
        continue;
      }
      let list = insertedAfter.get(last);
      if (!list) insertedAfter.set(last, (list = []));
      const at = inserted.get(key);
      if (at === undefined) {
        inserted.set(key, list.length);
        list.push(newLine + cr);
      } else {
        list[at] = newLine + cr;
      }
    }
  }
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    out.push(replaced.get(i) ?? lines[i]!);
    const list = insertedAfter.get(i);
    if (list) for (const line of list) out.push(line);
  }
  return { ok: true, text: out.join('\n') };
}

/**
 * `set_anchor_at`: rewrites a one-line `at: <anchor>` of item `itemIndex` to `at: <newAt>`.
 * Refuses (`list-form`) when `at:` has no value on its line (a block list follows), holds a flow
 * list, or continues on deeper-indented lines.
 */
export function setAt(text: string, itemIndex: number, newAt: string): HubEdit {
  const lines = text.split('\n');
  const found = findItem(lines, itemIndex);
  if (!found.ok) return found;
  const { item } = found;
  const at = findKeyLine(lines, item, 'at');
  if (at < 0) return refuse('no-at', `anchors item ${itemIndex} has no \`at:\` line at indent ${item.keyIndent}`);
  const value = rustTrimEnd(rustTrimStart(rustTrimStart(lines[at]).slice('at:'.length)));
  let hasDeeperLines = false;
  for (let i = at + 1; i < item.endLine; i++) {
    if (isBlank(lines[i])) continue;
    hasDeeperLines = leadingSpaces(lines[i]) > item.keyIndent;
    break;
  }
  if (value === '' || value.startsWith('#') || value.startsWith('[') || hasDeeperLines) {
    return refuse('list-form', `anchors item ${itemIndex} has a list or multi-line \`at:\`; only a one-line anchor can be rewritten`);
  }
  lines[at] = `${' '.repeat(item.keyIndent)}at: ${formatYamlScalar(newAt)}${carriageReturn(lines[at])}`;
  return { ok: true, text: lines.join('\n') };
}

type Scan = { ok: true; items: AnchorItemSpan[] } | { ok: false; reason: EditRefusalReason; message: string };

function scanItems(lines: readonly string[]): Scan {
  if (!opensFrontmatter(lines[0])) {
    return refuse('no-frontmatter', 'hub does not start with a `---` frontmatter fence');
  }
  let end = -1;
  for (let i = 1; i < lines.length; i++) {
    if (rustTrimEnd(lines[i]) === '---') {
      end = i;
      break;
    }
  }
  if (end < 0) return refuse('no-frontmatter', 'hub frontmatter is not closed with `---`');
  let anchorsLine = -1;
  for (let i = 1; i < end; i++) {
    if (rustTrimStart(lines[i]).startsWith('anchors:')) {
      anchorsLine = i;
      break;
    }
  }
  if (anchorsLine < 0) return refuse('no-anchors', 'hub frontmatter has no `anchors:` line');
  const anchorsIndent = leadingSpaces(lines[anchorsLine]);
  const starts: number[] = [];
  let dashIndent: number | undefined;
  let compact = false;
  let first = true;
  let seqEnd = end;
  for (let i = anchorsLine + 1; i < end; i++) {
    const line = lines[i];
    if (isBlank(line)) continue;
    const indent = leadingSpaces(line);
    const trimmed = rustTrimEnd(rustTrimStart(line));
    const isDash = trimmed === '-' || trimmed.startsWith('- ');
    if (first) {
      first = false;
      compact = isDash && indent === anchorsIndent;
    }
    const ends = compact ? indent < anchorsIndent || (indent === anchorsIndent && !isDash) : indent <= anchorsIndent;
    if (ends) {
      seqEnd = i;
      break;
    }
    if (!isDash) continue;
    dashIndent ??= indent;
    if (indent === dashIndent) starts.push(i);
  }
  const items = starts.map((startLine, index) => ({
    index,
    startLine,
    endLine: starts[index + 1] ?? seqEnd,
    dashIndent: dashIndent as number,
    keyIndent: (dashIndent as number) + 2,
  }));
  return { ok: true, items };
}

function findItem(
  lines: readonly string[],
  itemIndex: number,
): { ok: true; item: AnchorItemSpan } | { ok: false; reason: EditRefusalReason; message: string } {
  const scan = scanItems(lines);
  if (!scan.ok) return scan;
  const item = Number.isInteger(itemIndex) ? scan.items[itemIndex] : undefined;
  if (!item) return missingItem(itemIndex, scan.items.length);
  return { ok: true, item };
}

function missingItem(itemIndex: number, found: number): { ok: false; reason: EditRefusalReason; message: string } {
  return refuse(
    'no-item',
    `anchors item ${itemIndex} not found in place (found ${found}); write \`anchors:\` as a block list of \`- claim:\` items`,
  );
}

function findKeyLine(lines: readonly string[], item: AnchorItemSpan, key: string): number {
  const prefix = `${key}:`;
  for (let i = item.startLine; i < item.endLine; i++) {
    if (leadingSpaces(lines[i]) === item.keyIndent && rustTrimStart(lines[i]).startsWith(prefix)) return i;
  }
  return -1;
}

function refuse(reason: EditRefusalReason, message: string): { ok: false; reason: EditRefusalReason; message: string } {
  return { ok: false, reason, message };
}

function leadingSpaces(line: string): number {
  let n = 0;
  while (n < line.length && line.charCodeAt(n) === 0x20) n++;
  return n;
}

function isBlank(line: string): boolean {
  return rustTrimEnd(line) === '';
}

function carriageReturn(line: string): string {
  return line.endsWith('\r') ? '\r' : '';
}
