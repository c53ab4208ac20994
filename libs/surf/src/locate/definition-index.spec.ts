import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguages, parseSourceSync } from '@driftgate/syntax';
import { scopeIndex } from './definition-index.js';
import { goIndex, goMethodKey } from '../items/go-definition-index.js';

beforeAll(async () => {
  await loadLanguages(['python', 'go', 'typescript']);
});

describe('scopeIndex', () => {
  it('lists every definition of a scope by name, in document order, through transparent nodes', () => {
    const parsed = parseSourceSync(
      'def a(): pass\nif X:\n    def b(): pass\nelse:\n    def a(): return 2\nclass C:\n    def a(self): pass\n',
      'python',
    );
    const index = scopeIndex(parsed.tree.rootNode, 'python');
    expect([...index.keys()]).toEqual(['a', 'b', 'C']);
    expect(index.get('a')!.map((n) => n.startPosition.row)).toEqual([0, 4]);
    // A class is a boundary: its method is not a module-level name.
    expect(index.get('a')!.some((n) => n.startPosition.row === 6)).toBe(false);
    parsed.delete();
  });

  it('builds a scope once and answers every later lookup from it', () => {
    const parsed = parseSourceSync('export const x = 1;\nexport function f() {}\n', 'typescript');
    const root = parsed.tree.rootNode;
    expect(scopeIndex(root, 'typescript')).toBe(scopeIndex(parsed.tree.rootNode, 'typescript'));
    parsed.delete();
  });

  it('keeps the indexes of two trees apart', () => {
    const one = parseSourceSync('def a(): pass\n', 'python');
    const two = parseSourceSync('def b(): pass\n', 'python');
    expect([...scopeIndex(one.tree.rootNode, 'python').keys()]).toEqual(['a']);
    expect([...scopeIndex(two.tree.rootNode, 'python').keys()]).toEqual(['b']);
    one.delete();
    two.delete();
  });
});

describe('goIndex', () => {
  it('indexes top-level names once per spec and methods by receiver type', () => {
    const parsed = parseSourceSync(
      'package p\nconst a, a2 = 1, 2\nvar (\n\tv = 1\n)\ntype T struct{}\nfunc (t *T) M() {}\nfunc (t T[K]) N() {}\nfunc F() {}\n',
      'go',
    );
    const index = goIndex(parsed.tree.rootNode);
    expect([...index.topLevel.keys()].sort()).toEqual(['F', 'T', 'a', 'a2', 'v']);
    expect(index.topLevel.get('a')).toHaveLength(1);
    expect(index.methods.get(goMethodKey('T', 'M'))).toHaveLength(1);
    expect(index.methods.get(goMethodKey('T', 'N'))).toHaveLength(1);
    expect(index.methods.has(goMethodKey('T', 'F'))).toBe(false);
    parsed.delete();
  });
});
