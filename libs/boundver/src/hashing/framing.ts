import { createHash, type Hash } from 'node:crypto';
import { BoundverError } from '../errors.js';
import { DEFAULT_HASH_LIMITS, type HashLimits } from '../limits.js';
import { compareBytes } from '../formats/string-order.js';

/** The frame magic of the v3 hashing contract. */
export const HASH_MAGIC = 'boundver-hash/v3';

/** Domains of the v3 contract; each separates one purpose of a framed digest. */
export type HashDomain = 'exact-tree' | 'content-only-tree' | 'boundary' | 'behavior-envelope';

/**
 * One framed entry. `label` is UTF-8 encoded when given as text; pass bytes to keep git path
 * bytes that are not valid UTF-8. `mode` and `type` are ASCII (`100644`/`blob`,
 * `semantic`/`value`). `content` is hashed as given: normalize file bytes first.
 */
export interface HashEntry {
  readonly label: string | Uint8Array;
  readonly mode: string;
  readonly type: string;
  readonly content: Uint8Array;
}

interface EncodedEntry {
  readonly label: Uint8Array;
  readonly mode: Uint8Array;
  readonly type: Uint8Array;
  readonly content: Uint8Array;
}

function guardrail(message: string): BoundverError {
  return new BoundverError('BOUNDVER_HASH_GUARDRAIL', `Hash guardrail exceeded: ${message}`);
}

const NO_BYTES: Uint8Array = new Uint8Array(0);

// Modes and types are a handful of short strings ('100644', 'blob', 'semantic', …): encoded once.
const encodedNames = new Map<string, Buffer>();

function encode(text: string | Uint8Array): Uint8Array {
  return typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
}

/** `encode` for a mode or type: remembered, since every entry of a tree repeats the same few. */
export function encodeName(text: string): Uint8Array {
  let bytes = encodedNames.get(text);
  if (bytes === undefined) {
    bytes = Buffer.from(text, 'utf8');
    if (encodedNames.size < 64) encodedNames.set(text, bytes);
  }
  return bytes;
}

function u64(value: number): Buffer {
  const out = Buffer.alloc(8);
  writeU64(out, value, 0);
  return out;
}

/**
 * Writes a length as 8 big-endian bytes. Lengths are safe integers (< 2^53), so two 32-bit
 * writes are exact and skip a BigInt per field, which adds up over every entry of a large tree.
 */
function writeU64(out: Buffer, value: number, offset: number): void {
  out.writeUInt32BE(Math.floor(value / 0x1_0000_0000), offset);
  out.writeUInt32BE(value >>> 0, offset + 4);
}

function compareEntries(a: EncodedEntry, b: EncodedEntry): number {
  return (
    compareBytes(a.label, b.label) ||
    compareBytes(a.mode, b.mode) ||
    compareBytes(a.type, b.type) ||
    compareBytes(a.content, b.content)
  );
}

/** Counts bytes against the guardrails as entries arrive, before anything accumulates. */
class LimitTracker {
  private entries = 0;
  private contentBytes = 0;
  private labelBytes = 0;

  constructor(private readonly limits: HashLimits) {}

  checkCount(count: number): void {
    if (count > this.limits.maxEntries) throw guardrail(`more than ${this.limits.maxEntries} entries`);
  }

  /**
   * Admits one entry of `labelBytes` label and `contentBytes` content; an error names the label
   * `given`, or else `prefix` followed by `rest` (built only then).
   */
  admit(labelBytes: number, contentBytes: number, given: string | Uint8Array | undefined, prefix: Uint8Array, rest: Uint8Array): void {
    this.entries += 1;
    this.checkCount(this.entries);
    if (labelBytes > this.limits.maxLabelBytes) {
      throw guardrail(`label exceeds ${this.limits.maxLabelBytes} UTF-8 bytes`);
    }
    this.labelBytes += labelBytes;
    if (this.labelBytes > this.limits.maxTotalLabelBytes) {
      throw guardrail(`labels exceed ${this.limits.maxTotalLabelBytes} UTF-8 bytes in aggregate`);
    }
    if (contentBytes > this.limits.maxEntryBytes) {
      throw guardrail(`entry too large (${contentBytes} bytes, limit ${this.limits.maxEntryBytes}) at ${displayLabel(given ?? joinBytes(prefix, rest))}`);
    }
    this.contentBytes += contentBytes;
    if (this.contentBytes > this.limits.maxTotalBytes) {
      throw guardrail(`total content exceeds ${this.limits.maxTotalBytes} bytes`);
    }
  }
}

function encodeEntry(entry: HashEntry): EncodedEntry {
  return { label: encode(entry.label), mode: encodeName(entry.mode), type: encodeName(entry.type), content: entry.content };
}

function joinBytes(prefix: Uint8Array, rest: Uint8Array): Uint8Array {
  return rest.length === 0 ? prefix : Buffer.concat([prefix, rest]);
}

function displayLabel(label: string | Uint8Array): string {
  const text = typeof label === 'string' ? label : Buffer.from(label).toString('utf8');
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

function startFrame(domain: string, count: number): Hash {
  const hash = createHash('sha256');
  const magic = Buffer.from(HASH_MAGIC, 'ascii');
  const domainBytes = Buffer.from(domain, 'utf8');
  hash.update(u64(magic.length)).update(magic).update(u64(domainBytes.length)).update(domainBytes).update(u64(count));
  return hash;
}

/**
 * Writes the framing of one entry up to its content — the lengths and bytes of label, mode and
 * type, then the content length — into `header` (grown when too small) and returns it; the label
 * is `prefix` followed by `rest`. One buffer per entry field set keeps each entry at two hash
 * updates, and callers reuse the buffer, so framing allocates nothing per entry.
 */
function writeHeader(header: Buffer, prefix: Uint8Array, rest: Uint8Array, mode: Uint8Array, type: Uint8Array, contentLength: number): Buffer {
  const labelLength = prefix.length + rest.length;
  const size = 32 + labelLength + mode.length + type.length;
  const out = header.length >= size ? header : Buffer.allocUnsafe(Math.max(size, header.length * 2));
  writeU64(out, labelLength, 0);
  out.set(prefix, 8);
  out.set(rest, 8 + prefix.length);
  let offset = 8 + labelLength;
  writeU64(out, mode.length, offset);
  out.set(mode, offset + 8);
  offset += 8 + mode.length;
  writeU64(out, type.length, offset);
  out.set(type, offset + 8);
  offset += 8 + type.length;
  writeU64(out, contentLength, offset);
  return out;
}


function frameEntry(hash: Hash, entry: EncodedEntry, header: Buffer): Buffer {
  const out = writeHeader(header, entry.label, NO_BYTES, entry.mode, entry.type, entry.content.length);
  hash.update(out.subarray(0, 32 + entry.label.length + entry.mode.length + entry.type.length)).update(entry.content);
  return out;
}

/**
 * The framed digest of the v3 contract over entries in any order: entries are sorted by
 * (label, mode, type, content) bytes, duplicates are kept, and the guardrails are enforced
 * before hashing. Returns 64 lowercase hex characters.
 */
export function framedDigest(domain: HashDomain | string, entries: Iterable<HashEntry>, limits: Partial<HashLimits> = {}): string {
  const tracker = new LimitTracker({ ...DEFAULT_HASH_LIMITS, ...limits });
  const encoded: EncodedEntry[] = [];
  for (const entry of entries) {
    const prepared = encodeEntry(entry);
    tracker.admit(prepared.label.length, prepared.content.length, entry.label, prepared.label, NO_BYTES);
    encoded.push(prepared);
  }
  encoded.sort(compareEntries);
  const hash = startFrame(domain, encoded.length);
  let header: Buffer = Buffer.allocUnsafe(256);
  for (const entry of encoded) header = frameEntry(hash, entry, header);
  return hash.digest('hex');
}

/**
 * The same digest as {@link framedDigest}, hashed as entries arrive so no content accumulates.
 * `entryCount` is part of the frame header, so it must be known up front; entries must come in
 * framing order (file labels are unique, so sorted labels suffice).
 */
export interface FramedHasher {
  /** Hashes one entry; throws on an order violation, an extra entry or a guardrail breach. */
  add(entry: HashEntry): void;
  /**
   * {@link add} for an entry given as bytes, without building it: the label is `labelPrefix`
   * followed by `labelRest`; `mode` and `type` are their ASCII bytes. Same checks, same digest.
   * The hasher keeps `labelRest` and `content` by reference until the next entry (to order
   * equal labels), so neither may change before then.
   */
  addBytes(labelPrefix: Uint8Array, labelRest: Uint8Array, mode: Uint8Array, type: Uint8Array, content: Uint8Array): void;
  /** Finishes; throws when fewer than `entryCount` entries were added. */
  digest(): string;
}

export function createFramedHasher(domain: HashDomain | string, entryCount: number, limits: Partial<HashLimits> = {}): FramedHasher {
  if (!Number.isSafeInteger(entryCount) || entryCount < 0) {
    throw new BoundverError('BOUNDVER_HASH_ORDER', `Framed hasher entry count must be a non-negative integer, got ${entryCount}`);
  }
  const tracker = new LimitTracker({ ...DEFAULT_HASH_LIMITS, ...limits });
  tracker.checkCount(entryCount);
  const hash = startFrame(domain, entryCount);
  let added = 0;
  let finished = false;
  // Two header buffers, used in turn: the previous entry's label stays readable for the order
  // check while the next one is written, and nothing is allocated per entry.
  const headers: Buffer[] = [Buffer.allocUnsafe(512), Buffer.allocUnsafe(512)];
  let turn = 0;
  // The previous entry, by reference; `previousLabel` is null before the first.
  let previousLabel: Buffer | null = null;
  let previousMode = NO_BYTES;
  let previousType = NO_BYTES;
  let previousContent = NO_BYTES;
  const addBytes = (labelPrefix: Uint8Array, labelRest: Uint8Array, mode: Uint8Array, type: Uint8Array, content: Uint8Array, given?: string | Uint8Array): void => {
    const labelLength = labelPrefix.length + labelRest.length;
    if (finished) throw new BoundverError('BOUNDVER_HASH_ORDER', 'Framed hasher already produced its digest');
    tracker.admit(labelLength, content.length, given, labelPrefix, labelRest);
    if (added >= entryCount) {
      throw new BoundverError('BOUNDVER_HASH_ORDER', `Framed hasher received more than the declared ${entryCount} entries`);
    }
    const header = writeHeader(headers[turn] as Buffer, labelPrefix, labelRest, mode, type, content.length);
    headers[turn] = header;
    const current = header.subarray(8, 8 + labelLength);
    if (previousLabel !== null) {
      const order =
        compareBytes(previousLabel, current) ||
        compareBytes(previousMode, mode) ||
        compareBytes(previousType, type) ||
        compareBytes(previousContent, content);
      if (order > 0) {
        throw new BoundverError('BOUNDVER_HASH_ORDER', `Framed hasher entries out of order at ${displayLabel(given ?? joinBytes(labelPrefix, labelRest))}; feed entries sorted by label bytes`);
      }
    }
    hash.update(header.subarray(0, 32 + labelLength + mode.length + type.length)).update(content);
    added += 1;
    turn ^= 1;
    // Held by reference only: equal labels fall back to comparing mode, type and content.
    previousLabel = current;
    previousMode = mode;
    previousType = type;
    previousContent = content;
  };
  return {
    add(entry: HashEntry): void {
      addBytes(encode(entry.label), NO_BYTES, encodeName(entry.mode), encodeName(entry.type), entry.content, entry.label);
    },
    addBytes(labelPrefix, labelRest, mode, type, content): void {
      addBytes(labelPrefix, labelRest, mode, type, content);
    },
    digest(): string {
      if (added !== entryCount) {
        throw new BoundverError('BOUNDVER_HASH_ORDER', `Framed hasher declared ${entryCount} entries but received ${added}`);
      }
      finished = true;
      return hash.digest('hex');
    },
  };
}

/**
 * The complete framed preimage (for debugging and tests); sorts like {@link framedDigest}.
 * Holds every entry in memory: never use it for real trees.
 */
export function framedPreimage(domain: HashDomain | string, entries: Iterable<HashEntry>): Uint8Array {
  const encoded = [...entries].map(encodeEntry).sort(compareEntries);
  const magic = Buffer.from(HASH_MAGIC, 'ascii');
  const domainBytes = Buffer.from(domain, 'utf8');
  const parts: Uint8Array[] = [u64(magic.length), magic, u64(domainBytes.length), domainBytes, u64(encoded.length)];
  for (const entry of encoded) {
    for (const field of [entry.label, entry.mode, entry.type, entry.content]) parts.push(u64(field.length), field);
  }
  return Buffer.concat(parts);
}
