import { rustLines, rustTrimEnd } from './rust-lines.js';
import { opensFrontmatter } from './frontmatter-fence.js';
import type { Claim } from './hub-types.js';

/** What a scoped command needs to know about a hub before deciding to parse it. */
export interface HubFacts {
  /** The hub's `refs:` entries, exactly as {@link parseHub} reads them. */
  readonly refs: readonly string[];
  /** Each claim's `at:` sites, in claim order, exactly as `claimSites` of the parsed claim. */
  readonly sites: ReadonlyArray<readonly string[]>;
  /** Each claim's item line, prose, `id`, `hash`, `ignore_literals` and `verified_commit`, in claim order, exactly as the parsed claim's. */
  readonly stamps: ReadonlyArray<ClaimStampFacts>;
}

/**
 * What `surf check` needs of a claim to judge and report it, besides its sites — clean or
 * diverged, so a hub one of whose claims diverges is not parsed for its report either.
 */
export interface ClaimStampFacts {
  /** 1-based line of the claim's `- ` item in the hub file, as the parsed claim's `line`. */
  readonly line: number;
  /** The prose sentence, untrimmed, as the parsed claim's `claim`. */
  readonly claim: string;
  /** The claim's `id`, as written (absent when it has none). */
  readonly id?: string;
  readonly hash: string | undefined;
  readonly ignoreLiterals: boolean;
  /**
   * The claim's `verified_commit`, as written (absent when it has none): an `@N` claim's
   * matches are compared with that commit's, and a clean claim's hub is not parsed for it.
   */
  readonly verifiedCommit?: string;
}

/** A parsed claim's {@link ClaimStampFacts}: what the quick scan reads of it, for a hub it cannot scan. */
export function stampFactsOf(claim: Claim): ClaimStampFacts {
  return {
    line: claim.line,
    claim: claim.claim,
    ...(claim.id !== undefined ? { id: claim.id } : {}),
    hash: claim.hash,
    ignoreLiterals: claim.ignoreLiterals,
    ...(claim.verifiedCommit !== undefined ? { verifiedCommit: claim.verifiedCommit } : {}),
  };
}

interface ClaimFacts {
  readonly sites: readonly string[];
  readonly stamp: ClaimStampFacts;
}

const CLAIM_KEYS: ReadonlySet<string> = new Set(['id', 'claim', 'at', 'hash', 'verified_at', 'verified_commit', 'ignore_literals']);
const LIST_KEYS: ReadonlySet<string> = new Set(['tags', 'refs', 'covers']);
const BOOLEANS: ReadonlySet<string> = new Set(['true', 'True', 'TRUE', 'false', 'False', 'FALSE']);
const NULLS: ReadonlySet<string> = new Set(['~', 'null', 'Null', 'NULL']);
const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const FLOW_WORD = '[A-Za-z0-9_][A-Za-z0-9_./-]*';
const FLOW_LIST = new RegExp(`^ \\[ *(${FLOW_WORD} *(, *${FLOW_WORD} *)*)?\\]$`);
/** Characters a plain scalar may not start with (YAML indicators, quotes, and `-` to stay simple). */
const PLAIN_FIRST = new Set('-?:,[]{}#&*!|>\'"%@`');

/**
 * The refs and claim sites of a hub read by a line scanner, without YAML — only when the hub is
 * in a plain subset of the format that certainly parses, and to exactly these values: one-line
 * `key: value` pairs with plain or simply quoted scalars, block lists of claims and of strings,
 * flow lists of simple words, blank lines. Anything else (comments, block or multi-line scalars, escapes, flow
 * collections, anchors, tags, tabs, nested values, a YAML problem of any kind) gives undefined,
 * and the caller parses the hub as usual. So a hub can be passed over when none of its claims is
 * in scope, while a malformed hub is still parsed (and reported) as before.
 */
export function quickHubFacts(text: string): HubFacts | undefined {
  const lines = rustLines(text);
  if (!opensFrontmatter(lines[0])) return undefined;
  let close = -1;
  for (let i = 1; i < lines.length; i++) {
    if (rustTrimEnd(lines[i]!) === '---') {
      close = i;
      break;
    }
  }
  if (close < 0) return undefined;
  const reader = new LineReader(lines, 1, close);
  let refs: string[] = [];
  const claims: ClaimFacts[] = [];
  const seen = new Set<string>();
  for (let line = reader.next(); line !== undefined; line = reader.next()) {
    const pair = keyValue(line, 0);
    if (pair === undefined || seen.has(pair.key)) return undefined;
    seen.add(pair.key);
    const { key, rest } = pair;
    if (key === 'anchors') {
      if (rest === ' []') continue;
      if (rest !== '') return undefined;
      const read = readClaims(reader);
      if (read === undefined) return undefined;
      claims.push(...read);
    } else if (LIST_KEYS.has(key)) {
      const list = rest === '' ? readStringList(reader, 0) : flowList(rest);
      if (list === undefined) return undefined;
      if (key === 'refs') refs = list;
    } else if (scalarValue(rest) === undefined) {
      // `type`, `title`, `summary`, `timestamp` and unknown keys: any non-null one-line string.
      return undefined;
    }
  }
  return { refs, sites: claims.map((c) => c.sites), stamps: claims.map((c) => c.stamp) };
}

/** The frontmatter's non-blank lines, one at a time, with one line of look-ahead. */
class LineReader {
  #at: number;
  /** The position blank lines were last skipped from, so a repeated peek does not look again. */
  #skipped = -1;
  constructor(
    private readonly lines: readonly string[],
    from: number,
    private readonly end: number,
  ) {
    this.#at = from;
  }

  peek(): string | undefined {
    // Blank means spaces only: YAML reads a no-break space or a tab as content or as an error.
    // Each line is looked at once, however often it is peeked (every line is, several times).
    if (this.#skipped !== this.#at) {
      while (this.#at < this.end && indentOf(this.lines[this.#at]!) === this.lines[this.#at]!.length) this.#at++;
      this.#skipped = this.#at;
    }
    return this.#at < this.end ? this.lines[this.#at] : undefined;
  }

  next(): string | undefined {
    const line = this.peek();
    if (line !== undefined) this.#at++;
    return line;
  }

  /** 1-based line number, in the whole file, of the line {@link peek} returned. */
  peekedLineNumber(): number {
    return this.#at + 1;
  }
}

/** `anchors:` items at one dash indent: each a mapping of claim keys with `claim` and `at`. */
function readClaims(reader: LineReader): ClaimFacts[] | undefined {
  const first = reader.peek();
  if (first === undefined) return undefined;
  const dash = indentOf(first);
  const claims: ClaimFacts[] = [];
  while (true) {
    const line = reader.peek();
    if (line === undefined || indentOf(line) < dash || (indentOf(line) === dash && !line.startsWith('- ', dash))) break;
    if (indentOf(line) !== dash || !line.startsWith('- ', dash)) return undefined;
    const itemLine = reader.peekedLineNumber();
    reader.next();
    const keys = new Set<string>();
    let at: string[] | undefined;
    let hash: string | undefined;
    let verifiedCommit: string | undefined;
    let prose: string | undefined;
    let id: string | undefined;
    let ignoreLiterals = false;
    // The dash line carries the item's first key; the rest sit at dash + 2.
    let pair = keyValue(`${' '.repeat(dash + 2)}${line.slice(dash + 2)}`, dash + 2);
    while (pair !== undefined) {
      const { key, rest } = pair;
      if (!CLAIM_KEYS.has(key) || keys.has(key)) return undefined;
      keys.add(key);
      if (key === 'at' && rest === '') {
        at = readStringList(reader, dash + 3);
        if (at === undefined || at.length === 0) return undefined;
      } else if (key === 'ignore_literals') {
        if (!rest.startsWith(' ') || !BOOLEANS.has(rest.slice(1))) return undefined;
        ignoreLiterals = rest[1] !== 'f' && rest[1] !== 'F';
      } else {
        const value = scalarValue(rest);
        if (value === undefined) return undefined;
        if (key === 'at') at = [value];
        if (key === 'hash') hash = value;
        if (key === 'verified_commit') verifiedCommit = value;
        if (key === 'claim') prose = value;
        if (key === 'id') id = value;
      }
      const next = reader.peek();
      if (next === undefined || indentOf(next) !== dash + 2) break;
      reader.next();
      pair = keyValue(next, dash + 2);
      if (pair === undefined) return undefined;
    }
    if (pair === undefined || prose === undefined || at === undefined) return undefined;
    const stamp = { line: itemLine, claim: prose, ...(id !== undefined ? { id } : {}), hash, ignoreLiterals, ...(verifiedCommit !== undefined ? { verifiedCommit } : {}) };
    claims.push({ sites: at, stamp });
  }
  return claims.length === 0 ? undefined : claims;
}

/** A block list of one-line strings at one indent of at least `minIndent`. */
function readStringList(reader: LineReader, minIndent: number): string[] | undefined {
  const first = reader.peek();
  if (first === undefined) return undefined;
  const indent = indentOf(first);
  if (indent < minIndent) return undefined;
  const out: string[] = [];
  for (let line = reader.peek(); line !== undefined && indentOf(line) === indent && line.startsWith('- ', indent); line = reader.peek()) {
    const value = scalarValue(line.slice(indent + 1));
    if (value === undefined) return undefined;
    out.push(value);
    reader.next();
  }
  const after = reader.peek();
  // A deeper line after the list would continue its last scalar (or be a YAML error).
  if (out.length === 0 || (after !== undefined && indentOf(after) >= indent)) return undefined;
  return out;
}

/** A one-line flow list of simple words, ` [a, b/c, d-1]` (or ` []`); undefined for anything else. */
function flowList(rest: string): string[] | undefined {
  if (!FLOW_LIST.test(rest)) return undefined;
  const inner = rest.slice(rest.indexOf('[') + 1, rest.lastIndexOf(']')).trim();
  if (inner === '') return [];
  const items = inner.split(',').map((item) => item.trim());
  return items.some((item) => NULLS.has(item)) ? undefined : items;
}

/** `key:` at exactly `indent` spaces, and what follows the colon (`''` or ` value`). */
function keyValue(line: string, indent: number): { key: string; rest: string } | undefined {
  if (indentOf(line) !== indent) return undefined;
  const colon = line.indexOf(':', indent);
  if (colon < 0) return undefined;
  const key = line.slice(indent, colon);
  const rest = line.slice(colon + 1);
  if (!KEY.test(key) || NULLS.has(key) || (rest !== '' && !rest.startsWith(' '))) return undefined;
  return { key, rest };
}

/**
 * The string a one-line scalar written as ` value` reads as, when that is certain: a plain
 * scalar free of indicators, comments and `: `, or a quoted one without escapes; never null.
 */
function scalarValue(rest: string): string | undefined {
  if (!rest.startsWith(' ')) return undefined;
  const raw = rest.slice(1);
  if (raw === '' || !printable(raw) || raw !== raw.trim()) return undefined;
  const quote = raw[0];
  if (quote === "'" || quote === '"') {
    if (raw.length < 2 || raw[raw.length - 1] !== quote) return undefined;
    const inner = raw.slice(1, -1);
    if (quote === '"') return inner.includes('"') || inner.includes('\\') ? undefined : inner;
    if (inner.replaceAll("''", '').includes("'")) return undefined;
    return inner.replaceAll("''", "'");
  }
  if (PLAIN_FIRST.has(raw[0]!) || NULLS.has(raw)) return undefined;
  if (raw.includes(': ') || raw.includes(' #') || raw.endsWith(':')) return undefined;
  return raw;
}

/** Only ordinary printable characters: no tabs, controls, line or paragraph separators, BOMs. */
function printable(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c < 0xa0) || c === 0x2028 || c === 0x2029 || c === 0xfeff || c >= 0xfffe) return false;
    if (c >= 0xd800 && c <= 0xdfff) return false;
  }
  return true;
}

function indentOf(line: string): number {
  let n = 0;
  while (n < line.length && line.charCodeAt(n) === 0x20) n++;
  return n;
}
