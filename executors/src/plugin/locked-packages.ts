import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Lock files Nx reads external npm nodes from. */
export const LOCK_FILES: readonly string[] = ['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lock'];

/**
 * Whether a lock file of the workspace installs `name` from a registry, that is whether Nx knows it
 * as an npm node: Nx refuses a target whose `externalDependencies` name a package it has no node for.
 */
export function lockedInWorkspace(workspaceRoot: string, name: string): boolean {
  for (const file of LOCK_FILES) {
    // Bytes, not text: searching a lock file of megabytes costs far less than decoding it.
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(workspaceRoot, file));
    } catch {
      continue;
    }
    if (!bytes.includes(name)) continue;
    if (file.endsWith('.json') ? lockedByNpm(bytes, name) : lockedByOther(file, bytes.toString('utf8'), name)) return true;
  }
  return false;
}

/** A digest of one file's bytes, or `-` where there is no such file. */
export function fileContentStamp(path: string): string {
  try {
    return createHash('sha256').update(readFileSync(path)).digest('hex');
  } catch {
    return '-';
  }
}

/** Whether an npm lock installs `name` at the top level (a workspace link is not an npm node). */
function lockedByNpm(lock: Buffer, name: string): boolean {
  const entry = npmLockEntry(lock, `node_modules/${name}`);
  return entry !== undefined && entry.link !== true;
}

/**
 * Whether a yarn, pnpm or bun lock has a package entry for `name`. A plain substring would not do
 * for a name like `typescript`, which is part of many other packages' names.
 */
function lockedByOther(file: string, text: string, name: string): boolean {
  const quoted = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern =
    file === 'yarn.lock'
      ? // `typescript@^5.9.0:` (v1) or `"typescript@npm:^5.9.0":` (berry), at the start of an entry.
        new RegExp(`^"?${quoted}@`, 'm')
      : file === 'pnpm-lock.yaml'
        ? // `typescript@5.9.3:` (v9), `/typescript@5.1.6:` (v6) or `/typescript/4.9.5:` (v5), quoted or not.
          new RegExp(`^\\s+['"]?/?${quoted}[@/]\\d`, 'm')
        : // bun: `"typescript": ["typescript@5.9.3", ...]`.
          new RegExp(`"${quoted}":\\s*\\["${quoted}@`);
  return pattern.test(text);
}

/**
 * The `packages` entry `key` of an npm lock, parsed on its own: a large workspace's lock is
 * megabytes, and parsing it whole would be most of a warm inference in every Nx process. The
 * whole file is parsed only when the entry's text cannot be delimited.
 */
function npmLockEntry(lock: Buffer, key: string): { link?: boolean } | undefined {
  const quoted = JSON.stringify(key);
  for (let at = lock.indexOf(quoted); at !== -1; at = lock.indexOf(quoted, at + quoted.length)) {
    // A key is followed by `:` and, for a package entry, an object; anywhere else the path is a value.
    const after = at + quoted.length;
    const open = /^\s*:\s*\{/.exec(lock.toString('utf8', after, after + 64));
    if (open === null) continue;
    const start = after + open[0].length - 1;
    const end = objectEnd(lock, start);
    if (end === -1) break;
    try {
      return JSON.parse(lock.toString('utf8', start, end)) as { link?: boolean };
    } catch {
      break;
    }
  }
  if (!lock.includes(quoted)) return undefined;
  try {
    return (JSON.parse(lock.toString('utf8')) as { packages?: Record<string, { link?: boolean }> }).packages?.[key];
  } catch {
    return undefined;
  }
}

/**
 * The offset just past the `}` that closes the JSON object opening at `start`, or -1. Scanning
 * UTF-8 bytes is safe: quotes, backslashes and brackets are ASCII, and no byte of a multi-byte
 * character is.
 */
function objectEnd(json: Buffer, start: number): number {
  let depth = 0;
  for (let i = start; i < json.length; i++) {
    const byte = json[i];
    if (byte === 0x22) {
      // A string: skip to its closing quote, past escaped characters.
      for (i++; i < json.length && json[i] !== 0x22; i++) if (json[i] === 0x5c) i++;
    } else if (byte === 0x7b || byte === 0x5b) {
      depth++;
    } else if (byte === 0x7d || byte === 0x5d) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

