import { describe, expect, it } from 'vitest';
import { parseAnchor } from '../locate/anchor.js';
import { hashAnchor } from '../hash/hash-anchor.js';
import { type RepointAnswer, repointOfFile } from './repoint-of-file.js';

/** Compares `at` in `after` with `before`, stamped as it hashes in `before`. */
async function compare(before: string, after: string, at: string): Promise<RepointAnswer> {
  const anchor = parseAnchor(at);
  const { digest } = await hashAnchor(before, anchor, { recipe: 'v3' });
  const [answer] = await repointOfFile(anchor.file, before, after, [{ anchor, stamp: { recipe: 'v3', hex: digest, ignoreLiterals: false } }]);
  return answer!;
}

const GUARDED = 'import typing as t\nif t.TYPE_CHECKING:\n    class D:\n        x: bool\n        y: int\nelse:\n    class D:\n        x: bool\n';

describe('repointOfFile: which match an `@N` names then and now', () => {
  it('an earlier match deleted: `@1` now names what was `@2`, and the one it named is gone', async () => {
    const answer = await compare(GUARDED, GUARDED.replace('        x: bool\n        y: int\n', '        y: int\n'), 'a.py > D > x @1');
    expect(answer).toEqual({
      holdsStamp: true,
      moved: { segment: 1, was: 2, countThen: 2, countNow: 1, oldCode: 'x: bool', oldLine: 4, newCode: 'x: bool', newLine: 7 },
    });
  });

  it('an earlier match inserted: `@1` names a new match, and the one it named is `@2` now', async () => {
    const after = GUARDED.replace('if t.TYPE_CHECKING:\n', 'if t.Any:\n    class D:\n        x: bool\nelif t.TYPE_CHECKING:\n');
    const answer = await compare(GUARDED, after, 'a.py > D > x @1');
    expect(answer.moved).toMatchObject({ segment: 1, became: 2, countThen: 2, countNow: 3 });
    expect(answer.moved?.was).toBeUndefined();
  });

  it('no move: a later match added, an unrelated edit, every line shifted, the claimed match itself edited', async () => {
    const later = GUARDED.replace('else:\n', 'elif t.Any:\n    class D:\n        x: bool\nelse:\n');
    expect(await compare(GUARDED, later, 'a.py > D > x @1')).toEqual({ holdsStamp: true });
    expect(await compare(GUARDED, `${GUARDED}\ndef helper():\n    return 1\n`, 'a.py > D > x @1')).toEqual({ holdsStamp: true });
    expect(await compare(GUARDED, `import os\n\n${GUARDED}`, 'a.py > D > x @2')).toEqual({ holdsStamp: true });
    expect(await compare(GUARDED, GUARDED.replace('y: int', 'y: str'), 'a.py > D > x @1')).toEqual({ holdsStamp: true });
  });

  // Matches identical in place and code cannot be told apart: which of two equal duplicates went
  // changes no code the claim names, so the order decides.
  it('tells duplicates side by side apart by what is left of them', async () => {
    const before = 'class D:\n    x: bool\n    y: int\n\nclass D:\n    x: bool\n';
    const after = 'class D:\n    y: int\n\nclass D:\n    x: bool\n';
    expect((await compare(before, after, 'a.py > D > x @1')).moved).toMatchObject({ was: 2, countThen: 2, countNow: 1, newLine: 5, oldLine: 2 });
    // `@2` names nothing now: there is no match to compare (the check reports it unresolvable).
    expect(await compare(before, after, 'a.py > D > x @2')).toEqual({ holdsStamp: true });
  });

  it('an `@N` on an intermediate segment: the scope it picks is compared too', async () => {
    const before = 'class D:\n    def f(self):\n        return 1\n\n    def g(self):\n        pass\n\nclass D:\n    def f(self):\n        return 1\n';
    const after = before.replace('class D:\n    def f(self):\n        return 1\n\n    def g', 'class E:\n    def f(self):\n        return 1\n\n    def g');
    const answer = await compare(before, after, 'a.py > D @1 > f');
    expect(answer.moved).toMatchObject({ segment: 0, was: 2, countThen: 2, countNow: 1 });
  });

  it('Go: the N-th `init` of a file', async () => {
    const before = 'package p\n\nfunc init() { setup() }\n\nfunc init() { register() }\n';
    const after = before.replace('func init() { setup() }', 'func other() { setup() }');
    expect((await compare(before, after, 'p.go > init @1')).moved).toMatchObject({ segment: 0, was: 2, countThen: 2, countNow: 1, newCode: 'func init() { register() }' });
  });

  it('says nothing when the earlier version is not the verified one', async () => {
    const anchor = parseAnchor('a.py > D > x @1');
    const [answer] = await repointOfFile('a.py', GUARDED, GUARDED, [{ anchor, stamp: { recipe: 'v3', hex: '000000000000', ignoreLiterals: false } }]);
    expect(answer).toEqual({ holdsStamp: false });
    // The anchor did not resolve there at all.
    expect(await repointOfFile('a.py', 'x = 1\n', GUARDED, [{ anchor, stamp: { recipe: 'v3', hex: '000000000000', ignoreLiterals: false } }])).toEqual([{ holdsStamp: false }]);
  });
});
