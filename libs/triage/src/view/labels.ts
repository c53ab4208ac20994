import { terminalSafe } from '@driftgate/report';
import type { Divergence } from '@driftgate/surf';
import stringWidth from 'string-width';
import type { Decision } from '../model/state.js';
import type { Colour, Theme } from './theme.js';

/** A five-cell tag for a divergence: its magnitude for a changed claim, else its kind. */
export function kindTag(d: Pick<Divergence, 'kind' | 'magnitude'>): string {
  switch (d.kind) {
    case 'changed':
      return d.magnitude === 'large' ? 'LARGE' : d.magnitude === 'medium' ? 'MED  ' : d.magnitude === 'small' ? 'SMALL' : 'CHG  ';
    case 'unresolvable':
      return 'UNRES';
    case 'unverified':
      return 'UNVER';
    case 'referenced_stale':
      return 'STALE';
  }
}

export function kindColour(d: Pick<Divergence, 'kind' | 'magnitude'>, theme: Theme): Colour {
  switch (d.kind) {
    case 'changed':
      return theme.magnitude[d.magnitude ?? 'none'];
    case 'unresolvable':
      return theme.unresolvable;
    case 'unverified':
      return theme.unverified;
    case 'referenced_stale':
      return theme.stale;
  }
}

/** One-cell marker of a pending decision (blank when none). */
export function decisionMark(decision: Decision | undefined): string {
  return decision === 'accept' ? '✓' : decision === 'follow' ? '→' : decision === 'skip' ? '·' : ' ';
}

export function decisionColour(decision: Decision | undefined, theme: Theme): Colour | undefined {
  return decision === 'accept' ? theme.accepted : decision === 'follow' ? theme.followed : decision === 'skip' ? theme.skipped : undefined;
}

/** Terminal cells `text` takes (a CJK character or an emoji takes two, a combining mark none). */
export function cells(text: string): number {
  return stringWidth(text);
}

/** `text` cut to at most `width` terminal cells, ending in `…` when cut. */
export function fit(text: string, width: number): string {
  if (width <= 0) return '';
  if (cells(text) <= width) return text;
  return `${takeCells(text, width - 1).head}…`;
}

/** `text` cut to at most `width` cells by dropping its middle (`packages/…/index.ts`), when cut. */
export function fitMiddle(text: string, width: number): string {
  if (cells(text) <= width) return text;
  if (width <= 1) return fit(text, width);
  const keep = width - 1;
  const head = takeCells(text, Math.ceil(keep / 2)).head;
  // The tail: the longest suffix that fits in what is left.
  const chars = [...text];
  let tail = '';
  for (let i = chars.length - 1; i >= 0 && cells(chars[i]! + tail) <= keep - cells(head); i--) tail = chars[i]! + tail;
  return `${head}…${tail}`;
}

/**
 * A claim's sites for a list row: each later site that is in the same file as the one before it
 * is written from its first `>` on, after `…` (`a.ts > A > f  +  … > A > g`), so a multi-site row
 * spends its cells on what differs.
 */
export function compactSites(sites: readonly string[]): string {
  const file = (site: string) => (site.includes(' > ') ? site.slice(0, site.indexOf(' > ')) : site);
  return sites.map((site, i) => (i > 0 && site.includes(' > ') && file(site) === file(sites[i - 1]!) ? `…${site.slice(site.indexOf(' > '))}` : site)).join('  +  ');
}

/** Cells of a row the prose keeps when the anchor is too long to leave it any. */
const PROSE_MIN = 16;

/**
 * A list row's `<hub:line>  <at>  <prose>` in `width` cells. When the anchor does not fit whole,
 * its first file path is shortened in the middle so the symbols stay (rows that differ only in
 * the symbol stay apart). The prose takes what is left, and keeps at least {@link PROSE_MIN} cells
 * of a wide row: a long anchor (a multi-site claim) is cut at its end for it.
 */
export function fitRow(where: string, at: string, prose: string, width: number): string {
  const full = `${where}  ${at}${prose !== '' ? `  ${prose}` : ''}`;
  if (cells(full) <= width) return full;
  const room = width - cells(where) - 2;
  const proseKeep = prose === '' ? 0 : Math.min(cells(prose), PROSE_MIN) + 2;
  // A narrow row gives the anchor all it has: the prose is still in the detail pane.
  const atBudget = room - proseKeep >= 24 ? room - proseKeep : room;
  if (cells(at) <= atBudget) return fit(full, width);
  const split = at.indexOf(' > ');
  const symbol = split > 0 ? at.slice(split) : '';
  const shown = split > 0 && cells(symbol) <= atBudget - 7 ? `${fitMiddle(at.slice(0, split), atBudget - cells(symbol))}${symbol}` : fit(at, atBudget);
  const row = `${where}  ${shown}`;
  return prose !== '' && cells(row) + 3 < width ? fit(`${row}  ${prose}`, width) : row;
}

/** `text` padded with spaces to `width` cells (cut first when longer). */
export function pad(text: string, width: number): string {
  const cut = fit(text, width);
  return cut + ' '.repeat(Math.max(0, width - cells(cut)));
}

/**
 * One display line broken into rows of at most `width` cells, at the last space when there is one
 * in the row, else mid-word (long identifiers and hashes have none). Always at least one row.
 */
export function wrapCells(text: string, width: number): string[] {
  if (width <= 0) return [''];
  const rows: string[] = [];
  let rest = text;
  while (cells(rest) > width) {
    const { head } = takeCells(rest, width);
    const space = head.lastIndexOf(' ');
    const cut = space > 0 && space > head.length / 3 ? space + 1 : Math.max(head.length, rest.codePointAt(0)! > 0xffff ? 2 : 1);
    rows.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut);
  }
  rows.push(rest);
  return rows;
}

/** The longest prefix of `text` (whole code points) that fits in `width` cells. */
function takeCells(text: string, width: number): { head: string } {
  let used = 0;
  let end = 0;
  for (const ch of text) {
    const w = cells(ch);
    if (used + w > width) break;
    used += w;
    end += ch.length;
  }
  return { head: text.slice(0, end) };
}

/** Tabs as spaces and other control characters made visible, for one display line. */
export function oneLine(text: string): string {
  return text.replace(/\t/g, '  ').replace(/[\r\n]+/g, ' ');
}

/** Untrusted text as one terminal-safe display line (backslashes shown once, for readable code). */
export function displayLine(text: string): string {
  return terminalSafe(oneLine(text)).replace(/\\\\/g, '\\');
}
