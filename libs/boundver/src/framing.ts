import { createHash, type Hash } from 'node:crypto';
import { BoundverError } from './errors.js';
import { DEFAULT_HASH_LIMITS, type HashLimits } from './limits.js';
import { compareBytes } from './string-order.js';

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

function encode(text: string | Uint8Array): Uint8Array {
  return typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
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

  /** `label` is the entry's label as given; it is turned into text only for an error message. */
  admit(entry: EncodedEntry, label: string | Uint8Array): void {
    this.entries += 1;
    this.checkCount(this.entries);
    if (entry.label.length > this.limits.maxLabelBytes) {
      throw guardrail(`label exceeds ${this.limits.maxLabelBytes} UTF-8 bytes`);
    }
    this.labelBytes += entry.label.length;
    if (this.labelBytes > this.limits.maxTotalLabelBytes) {
      throw guardrail(`labels exceed ${this.limits.maxTotalLabelBytes} UTF-8 bytes in aggregate`);
    }
    if (entry.content.length > this.limits.maxEntryBytes) {
      throw guardrail(`entry too large (${entry.content.length} bytes, limit ${this.limits.maxEntryBytes}) at ${displayLabel(label)}`);
    }
    this.contentBytes += entry.content.length;
    if (this.contentBytes > this.limits.maxTotalBytes) {
      throw guardrail(`total content exceeds ${this.limits.maxTotalBytes} bytes`);
    }
  }
}

function encodeEntry(entry: HashEntry): EncodedEntry {
  return { label: encode(entry.label), mode: encode(entry.mode), type: encode(entry.type), content: entry.content };
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

function frameEntry(hash: Hash, entry: EncodedEntry): void {
  // One header buffer for the three small fields and the content length: two hash updates per
  // entry instead of eight keeps per-file overhead low on large trees.
  const { label, mode, type, content } = entry;
  const header = Buffer.allocUnsafe(32 + label.length + mode.length + type.length);
  let offset = 0;
  for (const field of [label, mode, type]) {
    writeU64(header, field.length, offset);
    header.set(field, offset + 8);
    offset += 8 + field.length;
  }
  writeU64(header, content.length, offset);
  hash.update(header).update(content);
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
    tracker.admit(prepared, entry.label);
    encoded.push(prepared);
  }
  encoded.sort(compareEntries);
  const hash = startFrame(domain, encoded.length);
  for (const entry of encoded) frameEntry(hash, entry);
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
  let previous: EncodedEntry | undefined;
  let finished = false;
  return {
    add(entry: HashEntry): void {
      if (finished) throw new BoundverError('BOUNDVER_HASH_ORDER', 'Framed hasher already produced its digest');
      const prepared = encodeEntry(entry);
      tracker.admit(prepared, entry.label);
      if (added >= entryCount) {
        throw new BoundverError('BOUNDVER_HASH_ORDER', `Framed hasher received more than the declared ${entryCount} entries`);
      }
      if (previous !== undefined && compareEntries(previous, prepared) > 0) {
        throw new BoundverError(
          'BOUNDVER_HASH_ORDER',
          `Framed hasher entries out of order at ${displayLabel(entry.label)}; feed entries sorted by label bytes`,
        );
      }
      frameEntry(hash, prepared);
      added += 1;
      // Held by reference only: equal labels fall back to comparing mode, type and content.
      previous = prepared;
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
