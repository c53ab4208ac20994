import { describe, expect, it } from 'vitest';
import { parseFile } from '@driftgate/syntax';
import { findRenamed } from './find-renamed.js';
import { hashAnchor } from './hash-anchor.js';

async function renamed(file: string, source: string, stamp: string, ignoreLiterals = false): Promise<string | undefined> {
  const parsed = await parseFile(file, source);
  try {
    return findRenamed(parsed, stamp, { ignoreLiterals });
  } finally {
    parsed.delete();
  }
}

describe('findRenamed', () => {
  it('honours the stamp recipe (a v1 stamp relocates too)', async () => {
    const old = 'def rotate(token):\n    return Store.save(token)\n';
    const now = 'import x\n\ndef rotate_token(token):\n    return Store.save(token)\n';
    const v1 = (await hashAnchor(old, 'a.py > rotate', { recipe: 'v1' })).stamp;
    const v2 = (await hashAnchor(old, 'a.py > rotate')).stamp;
    expect(v1).not.toBe(v2);
    expect(await renamed('a.py', now, v1)).toBe('rotate_token');
    expect(await renamed('a.py', now, v2)).toBe('rotate_token');
  });

  it('finds nested definitions (a method renamed inside its class)', async () => {
    const old = 'export class Svc {\n  rotate(t: string) { return t.trim(); }\n}\n';
    const now = 'export class Svc {\n  other() {}\n  spin(t: string) { return t.trim(); }\n}\n';
    const stamp = (await hashAnchor(old, 'a.ts > Svc > rotate')).stamp;
    expect(await renamed('a.ts', now, stamp)).toBe('spin');
  });

  it('hashes decorated Python definitions with their decorators', async () => {
    const old = '@cache\ndef load():\n    return 1\n';
    const stamp = (await hashAnchor(old, 'a.py > load')).stamp;
    expect(await renamed('a.py', '@cache\ndef fetch():\n    return 1\n', stamp)).toBe('fetch');
    expect(await renamed('a.py', '@lru_cache\ndef fetch():\n    return 1\n', stamp)).toBeUndefined();
  });

  it('must use the claim ignore_literals mode', async () => {
    const old = 'fn greet() -> &\'static str { "hello" }\n';
    const stamp = (await hashAnchor(old, 'a.rs > greet', { ignoreLiterals: true })).stamp;
    const now = 'fn salute() -> &\'static str { "hi there" }\n';
    expect(await renamed('a.rs', now, stamp, true)).toBe('salute');
    expect(await renamed('a.rs', now, stamp, false)).toBeUndefined();
  });

  it('an unrecognized stamp matches nothing', async () => {
    expect(await renamed('a.rs', 'fn f() {}\n', '3:abcdef012345')).toBeUndefined();
  });

  it('Go definitions are found too', async () => {
    const stamp = (await hashAnchor('func Add(a int) int { return a }\n', 'a.go > Add')).stamp;
    expect(await renamed('a.go', 'package x\nfunc Plus(a int) int { return a }\n', stamp)).toBe('Plus');
  });
});
