import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type CST,
  type Document,
  type Node,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import { hubKindOf } from './hub-kind.js';
import type { Claim, Hub } from './hub-types.js';
import { rustLines, rustTrimEnd } from './rust-lines.js';
import { MAX_FRONTMATTER_DEPTH, frontmatterDepthExcess } from './frontmatter-depth.js';
import { HubParseError } from './hub-parse-error.js';
import { opensFrontmatter } from './frontmatter-fence.js';

/** Claim keys in the reference's declaration order (used in the unknown-key message). */
const CLAIM_KEYS = ['id', 'claim', 'at', 'hash', 'verified_at', 'verified_commit', 'ignore_literals'] as const;
type ClaimKey = (typeof CLAIM_KEYS)[number];
const CLAIM_KEY_SET: ReadonlySet<string> = new Set(CLAIM_KEYS);
const EXPECTED_CLAIM_KEYS = CLAIM_KEYS.map((k) => `\`${k}\``).join(', ');

/** The frontmatter text starts on line 2 of the hub file (line 1 is the opening fence). */
const FRONTMATTER_LINE_OFFSET = 1;

export interface ParseHubOptions {
  /** Path of the hub (only its basename is used, to decide {@link Hub.kind}). */
  readonly path?: string;
}

/**
 * Parses a hub file (spec §2.1–§2.3). Throws {@link HubParseError} (`SURF_BAD_HUB`) when the
 * frontmatter fence is missing or unclosed, the YAML is malformed, a known key has the wrong
 * type, a claim lacks `claim`/`at`, or a claim has a key outside the claim schema.
 */
export function parseHub(text: string, options: ParseHubOptions = {}): Hub {
  const lines = rustLines(text);
  if (!opensFrontmatter(lines[0])) throw new HubParseError('MissingFrontmatter');
  let close = -1;
  for (let i = 1; i < lines.length; i++) {
    if (rustTrimEnd(lines[i]) === '---') {
      close = i;
      break;
    }
  }
  if (close < 0) throw new HubParseError('UnterminatedFrontmatter');
  let yamlText = '';
  for (let i = 1; i < close; i++) yamlText += `${lines[i]}\n`;
  const frontmatter = new FrontmatterReader(yamlText).read();
  return {
    kind: options.path === undefined ? 'Concept' : hubKindOf(options.path),
    ...frontmatter,
    body: lines.slice(close + 1).join('\n'),
  };
}

type Frontmatter = Omit<Hub, 'kind' | 'body'>;
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Types the YAML document by hand instead of letting the YAML schema coerce plain scalars: every
 * string field is the scalar's own text, so `123456789012`, `1e5`, `0x1f`, `2:abc` stay strings.
 */
class FrontmatterReader {
  private readonly lineCounter = new LineCounter();
  private readonly doc: Document;

  constructor(yamlText: string) {
    const excess = frontmatterDepthExcess(yamlText);
    if (excess !== undefined) {
      const position = { line: excess.line + FRONTMATTER_LINE_OFFSET, column: excess.column };
      throw new HubParseError(
        'Yaml',
        `nesting deeper than ${MAX_FRONTMATTER_DEPTH} levels at line ${position.line}, column ${position.column}; a hub's frontmatter needs a few levels (anchors > claim > at), so flatten this value`,
        position,
      );
    }
    try {
      this.doc = parseDocument(yamlText, {
        keepSourceTokens: true,
        lineCounter: this.lineCounter,
        prettyErrors: false,
        uniqueKeys: true,
        // The library would otherwise print its warnings (a collection used as a key) to stderr
        // itself; a library of ours never writes to the terminal.
        logLevel: 'error',
      });
    } catch (cause) {
      // A nesting shape the pre-scan does not count may still exhaust the library's recursion.
      if (cause instanceof RangeError && /call stack/i.test(cause.message)) {
        throw new HubParseError('Yaml', `nesting deeper than ${MAX_FRONTMATTER_DEPTH} levels; a hub's frontmatter needs a few levels (anchors > claim > at), so flatten this value`, undefined, cause);
      }
      throw cause;
    }
    const error = this.doc.errors[0];
    if (error) {
      const position = this.position(error.pos[0]);
      if (/call stack/i.test(error.message)) {
        // The library caught its own stack overflow; say what the user has to change instead.
        throw new HubParseError(
          'Yaml',
          `nesting deeper than ${MAX_FRONTMATTER_DEPTH} levels at line ${position.line}, column ${position.column}; a hub's frontmatter needs a few levels (anchors > claim > at), so flatten this value`,
          position,
          error,
        );
      }
      throw new HubParseError('Yaml', `${error.message} at line ${position.line}, column ${position.column}`, position, error);
    }
  }

  read(): Frontmatter {
    const result: Mutable<Frontmatter> = {
      type: 'concept',
      title: undefined,
      summary: undefined,
      tags: [],
      timestamp: undefined,
      anchors: [],
      refs: [],
      covers: [],
      extra: new Map(),
    };
    const root = this.deref(this.doc.contents);
    if (root === undefined || isNullScalar(root)) return result;
    if (!isMap(root)) this.fail(root, '', 'expected a mapping of keys to values');
    const extra = new Map<string, unknown>();
    const seen = new Set<string>();
    for (const pair of (root as YAMLMap).items) {
      const key = this.keyText(pair.key, '');
      // The YAML layer only rejects keys equal as YAML values; `1` and `"1"` are the same key here.
      if (seen.has(key)) this.fail(pair.key, '', `duplicate field \`${key}\``);
      seen.add(key);
      const value = pair.value as Node | null;
      switch (key) {
        case 'type':
          result.type = this.requiredString(value, pair.key, key);
          break;
        case 'title':
        case 'summary':
        case 'timestamp':
          result[key] = this.optionalString(value, key);
          break;
        case 'tags':
        case 'refs':
        case 'covers':
          result[key] = this.stringList(value, pair.key, key);
          break;
        case 'anchors':
          result.anchors = this.claims(value, pair.key);
          break;
        default:
          extra.set(key, this.plainData(value, key));
      }
    }
    result.extra = extra;
    return result;
  }

  private claims(node: Node | null, keyNode: unknown): Claim[] {
    const seq = this.deref(node);
    if (seq === undefined || !isSeq(seq)) this.fail(seq ?? keyNode, 'anchors', 'expected a list of claims');
    const dashLines = this.itemLines(seq as YAMLSeq);
    return (seq as YAMLSeq).items.map((item, index) => this.claim(item as Node | null, index, dashLines[index]));
  }

  private claim(node: Node | null, index: number, line: number): Claim {
    const path = `anchors[${index}]`;
    const map = this.deref(node);
    if (map === undefined || !isMap(map)) {
      this.fail(map ?? null, path, 'expected a mapping with `claim` and `at`', line);
    }
    const seen = new Map<ClaimKey, { value: Node | null; key: unknown }>();
    for (const pair of (map as YAMLMap).items) {
      const key = this.keyText(pair.key, path);
      if (!CLAIM_KEY_SET.has(key)) {
        this.fail(pair.key, path, `unknown field \`${key}\`, expected one of ${EXPECTED_CLAIM_KEYS}`);
      }
      if (seen.has(key as ClaimKey)) this.fail(pair.key, path, `duplicate field \`${key}\``);
      seen.set(key as ClaimKey, { value: pair.value as Node | null, key: pair.key });
    }
    const field = (key: ClaimKey) => seen.get(key);
    const claimField = field('claim');
    if (!claimField) this.fail(map, path, 'missing field `claim`', line);
    const atField = field('at');
    if (!atField) this.fail(map, path, 'missing field `at`', line);
    const optional = (key: ClaimKey): string | undefined => {
      const entry = field(key);
      return entry ? this.optionalString(entry.value, `${path}.${key}`) : undefined;
    };
    const hashField = field('hash');
    const ignore = field('ignore_literals');
    const hash = optional('hash');
    return {
      index,
      line,
      hashLine: hash === undefined || !hashField ? undefined : this.position(nodeStart(hashField.key)).line,
      id: optional('id'),
      claim: this.requiredString(claimField!.value, claimField!.key, `${path}.claim`),
      at: this.anchorField(atField!.value, atField!.key, `${path}.at`),
      hash,
      verifiedAt: optional('verified_at'),
      verifiedCommit: optional('verified_commit'),
      ignoreLiterals: ignore ? this.bool(ignore.value, ignore.key, `${path}.ignore_literals`) : false,
    };
  }

  private anchorField(node: Node | null, keyNode: unknown, path: string): string | string[] {
    const value = this.deref(node);
    if (value !== undefined && isSeq(value)) return this.stringList(value, keyNode, path);
    const text = value !== undefined && isScalar(value) ? scalarText(value) : null;
    if (text === null) this.fail(value ?? keyNode, path, 'expected an anchor string or a list of anchor strings');
    return text as string;
  }

  private stringList(node: Node | null, keyNode: unknown, path: string): string[] {
    const seq = this.deref(node);
    if (seq === undefined || !isSeq(seq)) this.fail(seq ?? keyNode, path, 'expected a list of strings');
    return (seq as YAMLSeq).items.map((item, i) => this.requiredString(item as Node | null, seq, `${path}[${i}]`));
  }

  private requiredString(node: Node | null, keyNode: unknown, path: string): string {
    const text = this.optionalString(node, path);
    if (text === undefined) this.fail(this.deref(node) ?? keyNode, path, 'expected a string, found null');
    return text as string;
  }

  /** Undefined for a YAML null (`key:`, `~`, `null`), which the reference reads as an absent option. */
  private optionalString(node: Node | null, path: string): string | undefined {
    const value = this.deref(node);
    if (value === undefined) return undefined;
    if (!isScalar(value)) this.fail(value, path, 'expected a string');
    return scalarText(value) ?? undefined;
  }

  private bool(node: Node | null, keyNode: unknown, path: string): boolean {
    const value = this.deref(node);
    // YAML 1.2 core booleans only (true/True/TRUE/false/False/FALSE), as serde_yaml reads them.
    if (value !== undefined && isScalar(value) && typeof value.value === 'boolean') return value.value;
    this.fail(value ?? keyNode, path, 'expected a boolean (`true` or `false`)');
  }

  private plainData(node: Node | null, path: string): unknown {
    if (node === null) return null;
    try {
      return node.toJS(this.doc);
    } catch (error) {
      // toJS refuses alias bombs (more than maxAliasCount expansions).
      this.fail(node, path, error instanceof Error ? error.message : String(error));
    }
  }

  private keyText(key: unknown, path: string): string {
    const node = this.deref(key as Node | null);
    const text = node !== undefined && isScalar(node) ? scalarText(node) : null;
    if (text === null) this.fail(node ?? null, path, 'keys must be strings');
    return text as string;
  }

  private deref(node: Node | null | undefined): Node | undefined {
    if (node === null || node === undefined) return undefined;
    if (!isAlias(node)) return node;
    const target = node.resolve(this.doc);
    if (target === undefined) this.fail(node, '', `unresolved alias \`*${node.source}\` (define the anchor before using it)`);
    return target;
  }

  /** 1-based line of each item's `- ` indicator (block lists), else of the item's first character. */
  private itemLines(seq: YAMLSeq): number[] {
    const lines = seq.items.map((item) => this.position(nodeStart(item) ?? nodeStart(seq)).line);
    const token = seq.srcToken as CST.Token | undefined;
    if (token?.type !== 'block-seq') return lines;
    const dashes: number[] = [];
    for (const item of token.items) {
      const indicator = item.start.find((t) => t.type === 'seq-item-ind');
      // Items without a `-` hold only comments; the composer drops them too.
      if (indicator && 'offset' in indicator) dashes.push(this.position(indicator.offset).line);
    }
    return dashes.length === lines.length ? dashes : lines;
  }

  private position(offset: number | undefined): { line: number; column: number } {
    const { line, col } = this.lineCounter.linePos(offset ?? 0);
    return { line: line + FRONTMATTER_LINE_OFFSET, column: col };
  }

  private fail(node: unknown, path: string, problem: string, line?: number): never {
    const position = this.position(nodeStart(node));
    const at = line === undefined || nodeStart(node) !== undefined ? position : { line, column: 1 };
    const prefix = path === '' ? '' : `${path}: `;
    throw new HubParseError('Yaml', `${prefix}${problem} at line ${at.line}, column ${at.column}`, at);
  }
}

function isNullScalar(node: Node): boolean {
  return isScalar(node) && node.value === null;
}

/**
 * The text of a scalar as written: quoted and block scalars are already strings; a plain scalar
 * that the YAML schema resolved to a number or boolean falls back to its source text. Null for a
 * YAML null.
 */
function scalarText(node: Node): string | null {
  if (!isScalar(node)) return null;
  if (typeof node.value === 'string') return node.value;
  if (node.value === null || node.value === undefined) return null;
  return node.source ?? String(node.value);
}

function nodeStart(node: unknown): number | undefined {
  const range = (node as { range?: [number, number, number] } | null)?.range;
  return range?.[0];
}
