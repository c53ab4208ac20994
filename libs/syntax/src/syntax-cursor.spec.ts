import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { TreeCursor } from 'web-tree-sitter';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Lang, loadLanguages } from './languages.js';
import { parseSourceSync } from './parsed-file.js';
import { type SyntaxCursor, runtimeModule, walkFrom } from './syntax-cursor.js';

// walkFrom's cursor must answer exactly as web-tree-sitter's own, node for node, on every
// grammar: the canonical token streams, and so every stamp, are built from those answers.

const require = createRequire(import.meta.url);

/** Real code from what is installed (the TypeScript compiler's own files), and small samples. */
const SAMPLES: ReadonlyArray<[Lang, string]> = [
  ['typescript', readFileSync(require.resolve('typescript/lib/lib.es5.d.ts'), 'utf8')],
  // Cut mid-file on purpose: the walk crosses ERROR and MISSING nodes too.
  ['javascript', readFileSync(require.resolve('typescript/lib/typescript.js'), 'utf8').slice(0, 400_000)],
  ['tsx', 'export const A = ({ items }: { items: string[] }) => (\n  <ul>{items.map((i) => <li key={i}>{i}</li>)}</ul>\n);\n'],
  ['python', 'import os\n\nclass A(B, metaclass=M):\n    @property\n    def f(self, x: int = 1, *a, **k) -> str:\n        """doc"""\n        return f"{x!r:>{k}}" + os.sep\n'],
  ['go', 'package p\n\ntype T struct{ A int `json:"a"` }\n\nfunc (t *T) F(x ...int) (n int, err error) {\n\tfor i := range x {\n\t\tn += x[i]\n\t}\n\treturn\n}\n'],
  ['rust', '#[derive(Debug)]\npub struct S<T: Clone> { a: T }\nimpl<T: Clone> S<T> {\n    pub fn f(&self, b: &[u8]) -> Option<T> { match b { [x, ..] if *x > 0 => None, _ => Some(self.a.clone()) } }\n}\n'],
];

/** Every answer of a full pre-order walk, with each move's result. */
function trace(cursor: SyntaxCursor, limit = Number.POSITIVE_INFINITY): string[] {
  const out: string[] = [];
  let depth = 0;
  try {
    for (;;) {
      out.push(`${cursor.nodeTypeId} ${cursor.nodeType} ${cursor.nodeIsNamed} ${cursor.startIndex} ${cursor.endIndex} ${String(cursor.currentFieldName)} ${cursor.currentNode.id}`);
      if (out.length >= limit) return out;
      if (cursor.gotoFirstChild()) {
        depth++;
        continue;
      }
      for (;;) {
        if (depth === 0) return out;
        if (cursor.gotoNextSibling()) break;
        out.push(`up ${cursor.gotoParent()}`);
        depth--;
        out.push(`end ${cursor.endIndex}`);
      }
    }
  } finally {
    cursor.delete();
  }
}

describe('walkFrom', () => {
  beforeAll(async () => {
    await loadLanguages();
  });

  it('uses the fast cursor with this runtime (so the comparisons below compare two cursors)', () => {
    const parsed = parseSourceSync('x = 1\n', 'python');
    try {
      const cursor = walkFrom(parsed.tree.rootNode);
      expect(cursor).not.toBeInstanceOf(TreeCursor);
      cursor.delete();
    } finally {
      parsed.delete();
    }
  });

  it.each(SAMPLES)('answers as node.walk() does on every node of %s', (lang, text) => {
    const parsed = parseSourceSync(text, lang);
    try {
      const root = parsed.tree.rootNode;
      const expected = trace(root.walk());
      expect(expected.length).toBeGreaterThan(20);
      expect(trace(walkFrom(root))).toEqual(expected);
      // From an inner node too: the walk stays inside it, as node.walk() does.
      const inner = root.namedChild(root.namedChildCount - 1)!;
      expect(trace(walkFrom(inner))).toEqual(trace(inner.walk()));
    } finally {
      parsed.delete();
    }
  });

  it('keeps answering right across the runtime memory growing mid-walk', () => {
    // Deep nesting makes the cursor's stack grow while walking; a large parse between the way down
    // and the way up grows the runtime's memory, which replaces its heap views.
    const deep = `const x = ${'['.repeat(3000)}${']'.repeat(3000)};\n`;
    const parsed = parseSourceSync(deep, 'typescript');
    try {
      const steps: string[][] = [[], []];
      const cursors = [walkFrom(parsed.tree.rootNode), parsed.tree.rootNode.walk()];
      // Down to the innermost array: into the first child, or on from a leaf to its next sibling.
      for (const [i, cursor] of cursors.entries()) {
        while (cursor.gotoFirstChild() || cursor.gotoNextSibling()) steps[i]!.push(`${cursor.nodeType}@${cursor.startIndex}`);
      }
      const heapBytes = () => (runtimeModule['HEAP32'] as Int32Array).buffer.byteLength;
      const before = heapBytes();
      const big = parseSourceSync('y = [1, 2, 3]\n'.repeat(200_000), 'python');
      big.delete();
      expect(heapBytes()).toBeGreaterThan(before);
      for (const [i, cursor] of cursors.entries()) {
        while (cursor.gotoParent()) steps[i]!.push(`${cursor.nodeType}@${cursor.endIndex} ${String(cursor.currentFieldName)}`);
        cursor.delete();
      }
      expect(steps[0]!.length).toBeGreaterThan(6000);
      expect(steps[0]).toEqual(steps[1]);
    } finally {
      parsed.delete();
    }
  });
});
