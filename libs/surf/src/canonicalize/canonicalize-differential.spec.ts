import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Node } from 'web-tree-sitter';
import { type ReferenceFamily as Family, isReferenceFamily, parseFile, requireLang } from '@driftgate/syntax';
import { canonicalTokens } from './canonicalize.js';
import { hashableNode } from '../locate/definitions.js';
import { collectAllDefinitions } from '../hash/find-renamed.js';
import type { Recipe } from '../hash/stamp.js';

// Differential test: the cursor-based canonicalizer against a literal transcription of spec
// §5.2/§5.3 written with `node.children` recursion, over every definition of a corpus.

const IDENT: Record<Family, string[]> = {
  rust: ['identifier', 'type_identifier', 'field_identifier', 'shorthand_field_identifier'],
  typescript: [
    'identifier',
    'type_identifier',
    'property_identifier',
    'shorthand_property_identifier',
    'shorthand_property_identifier_pattern',
    'private_property_identifier',
  ],
  python: ['identifier'],
  go: ['identifier', 'type_identifier', 'field_identifier', 'package_identifier'],
};
const STRINGS: Record<Family, string[]> = {
  rust: ['string_literal', 'raw_string_literal'],
  typescript: ['string', 'template_string'],
  python: ['string'],
  go: ['interpreted_string_literal', 'raw_string_literal'],
};

function isMemberAccessName(node: Node, family: Family): boolean {
  const parent = node.parent;
  if (!parent) return false;
  const isField = (f: string): boolean => parent.childForFieldName(f)?.id === node.id;
  switch (family) {
    case 'typescript':
      return (
        ['property_identifier', 'private_property_identifier'].includes(node.type) &&
        parent.type === 'member_expression' &&
        isField('property')
      );
    case 'go':
      return node.type === 'field_identifier' && parent.type === 'selector_expression' && isField('field');
    case 'rust':
      return node.type === 'field_identifier' && parent.type === 'field_expression' && isField('field');
    case 'python':
      return node.type === 'identifier' && parent.type === 'attribute' && isField('attribute');
  }
}

function fieldChildren(node: Node, field: string): Node[] {
  const out: Node[] = [];
  node.children.forEach((child, i) => {
    if (node.fieldNameForChild(i) === field) out.push(child);
  });
  return out;
}

function harvest(node: Node, out: Set<string>): void {
  if (
    [
      'scoped_identifier',
      'scoped_type_identifier',
      'attribute',
      'member_expression',
      'selector_expression',
      'field_expression',
    ].includes(node.type)
  ) {
    return;
  }
  if (
    ['identifier', 'type_identifier', 'shorthand_field_identifier', 'shorthand_property_identifier_pattern'].includes(
      node.type,
    )
  ) {
    out.add(node.text);
    return;
  }
  const typeId = node.childForFieldName('type')?.id;
  for (const child of node.children) if (child.id !== typeId) harvest(child, out);
}

function bindHere(node: Node, family: Family, out: Set<string>): void {
  const bindText = (n: Node, f: string): void => fieldChildren(n, f).forEach((c) => out.add(c.text));
  const harvestField = (f: string): void => fieldChildren(node, f).forEach((c) => harvest(c, out));
  const k = node.type;
  const table: Record<Family, () => void> = {
    rust: () => {
      if (['function_item', 'function_signature_item'].includes(k)) bindText(node, 'name');
      else if (['parameter', 'let_declaration', 'for_expression', 'let_condition'].includes(k)) harvestField('pattern');
      else if (['closure_parameters', 'type_parameters'].includes(k)) node.namedChildren.forEach((c) => harvest(c, out));
    },
    typescript: () => {
      if (
        [
          'function_declaration',
          'generator_function_declaration',
          'function_signature',
          'method_definition',
          'method_signature',
          'abstract_method_signature',
        ].includes(k)
      ) {
        bindText(node, 'name');
      } else if (['required_parameter', 'optional_parameter'].includes(k)) harvestField('pattern');
      else if (k === 'variable_declarator') harvestField('name');
      else if (k === 'arrow_function' || k === 'catch_clause') harvestField('parameter');
      else if (k === 'for_in_statement') harvestField('left');
      else if (k === 'type_parameters') node.namedChildren.forEach((c) => harvest(c, out));
    },
    python: () => {
      if (k === 'function_definition') bindText(node, 'name');
      else if (k === 'parameters' || k === 'lambda_parameters') {
        for (const c of node.namedChildren) {
          if (c.type === 'default_parameter' || c.type === 'typed_default_parameter') bindText(c, 'name');
          else harvest(c, out);
        }
      } else if (['assignment', 'augmented_assignment', 'for_statement', 'for_in_clause'].includes(k)) {
        harvestField('left');
      } else if (k === 'as_pattern_target') harvest(node, out);
    },
    go: () => {
      if (
        [
          'function_declaration',
          'method_declaration',
          'var_spec',
          'const_spec',
          'type_parameter_declaration',
          'parameter_declaration',
          'variadic_parameter_declaration',
        ].includes(k)
      ) {
        bindText(node, 'name');
      } else if (k === 'short_var_declaration' || k === 'range_clause') harvestField('left');
    },
  };
  table[family]();
}

function collectBound(node: Node, family: Family, out: Set<string>): void {
  bindHere(node, family, out);
  for (const child of node.children) collectBound(child, family, out);
}

function naiveTokens(nodes: Node[], family: Family, recipe: Recipe, ignoreLiterals: boolean): string[] {
  const bound = new Set<string>();
  if (recipe === 'v2') for (const n of nodes) collectBound(n, family, bound);
  const ids = new Map<string, number>();
  const out: string[] = [];
  const emit = (node: Node, decoratorName: boolean): void => {
    const k = node.type;
    if (k.includes('comment')) return;
    if (!node.isNamed) {
      out.push(k);
      return;
    }
    if (IDENT[family].includes(k)) {
      const t = node.text;
      const verbatim = recipe === 'v1' ? decoratorName : isMemberAccessName(node, family) || !bound.has(t);
      if (verbatim) out.push(`${k}:${t}`);
      else {
        if (!ids.has(t)) ids.set(t, ids.size);
        out.push(`#${ids.get(t)}`);
      }
      return;
    }
    const isString = ignoreLiterals && STRINGS[family].includes(k);
    if (node.childCount === 0) {
      out.push(isString ? k : `${k}:${node.text}`);
      return;
    }
    out.push(k);
    if (isString) return;
    const childDec =
      family === 'python' && k === 'decorator' ? true : family === 'python' && k === 'argument_list' ? false : decoratorName;
    for (const child of node.children) emit(child, childDec);
  };
  for (const n of nodes) emit(n, false);
  return out;
}

const EXTRA: Record<string, string> = {
  'closures.rs': `pub fn f<'a, T: Clone>(items: &'a [T], Point { x, y: py }: Point) -> Vec<T> {
    let (a, mut b) = (1, 2);
    for (i, v) in items.iter().enumerate() { b += i; }
    if let Some(z) = items.first() { let _ = z.clone(); }
    let c = |q: i32, r| q + r + a;
    match b { Some(m) => m, _ => 0 };
    items.iter().map(|w| w.clone()).collect::<Vec<_>>()
}
pub trait T { fn sig(&self, n: u8) -> u8; }
`,
  'patterns.ts': `export function f<T extends object>({ a, b: [c, ...d] }: T, e = 1, f?: string) {
  for (const k in obj) { console.log(k); }
  for (const [x, y] of pairs) {}
  try { g(); } catch (err) { throw err; }
  const h = (p) => p, i = async (q: number) => q * 2;
  const s = \`t \${a} \${(z: number) => z}\`;
  label: while (true) { break label; }
  return { a, c, #priv: 1, ['k']: 2, ...d } as unknown as T;
}
class K { #x = 1; m(this: K) { return this.#x; } }
`,
  'comprehensions.py': `@app.route("/x", methods=["GET"])
async def handler(req, *args, limit: int = 10, **kw):
    squares = [n * n for n in range(limit) if n % 2]
    pairs = {k: v for k, v in kw.items()}
    total = 0
    total += sum(x for x in squares)
    with open(req.path) as fh:
        data = fh.read()
    try:
        pass
    except (ValueError, KeyError) as exc:
        raise RuntimeError(f"bad {exc!r} {data:>10}") from exc
    f = lambda a, b=2: a + b
    match req:
        case {"kind": kind, **rest}:
            return kind
    return self.client.get(r"raw\\d", b"bytes")
`,
  'ranges.go': `package x

func Sum[T int | float64](xs []T, opts ...Option) (total T, err error) {
	for i, v := range xs {
		total += v * T(i)
	}
	m := map[string]T{"a": 1}
	var a, b = 1, 2
	const c = "s"
	go func(n int) { fmt.Println(n, a, b, c, m) }(3)
	return total, errors.New(\`raw\`)
}
`,
};

interface CorpusFile {
  file: string;
  text: string;
}

function corpus(): CorpusFile[] {
  const inputs = fileURLToPath(new URL('../../../../fixtures/spans/input/', import.meta.url));
  const files: CorpusFile[] = readdirSync(inputs).map((file) => ({ file, text: readFileSync(inputs + file, 'utf8') }));
  for (const [file, text] of Object.entries(EXTRA)) files.push({ file, text });
  // A slice of a large real-world JavaScript file (pinned with the toolchain), cut mid-file on
  // purpose: error recovery nodes must canonicalize identically too.
  const big = readFileSync(createRequire(import.meta.url).resolve('typescript/lib/typescript.js'), 'utf8');
  files.push({ file: 'typescript-slice.js', text: big.slice(0, 120_000) });
  return files;
}

describe('cursor canonicalizer = literal spec transcription', () => {
  it.each(corpus().map((c) => [c.file, c] as const))('%s', async (_name, { file, text }) => {
    const parsed = await parseFile(file, text);
    try {
      // The corpus holds only the reference's languages, whose recipes 1 and 2 this compares.
      const family = parsed.family;
      if (!isReferenceFamily(family)) throw new Error(`${file}: not a language of the reference`);
      const defs = collectAllDefinitions(parsed);
      expect(defs.length).toBeGreaterThan(0);
      let compared = 0;
      for (const { node } of defs) {
        const nodes = [hashableNode(node, family)];
        for (const recipe of ['v1', 'v2'] as const) {
          for (const ignoreLiterals of [false, true]) {
            const expected = naiveTokens(nodes, family, recipe, ignoreLiterals);
            expect(canonicalTokens(nodes, family, parsed.text, { recipe, ignoreLiterals })).toEqual(expected);
            compared++;
          }
        }
      }
      // The whole file as one span exercises every node kind the file has, in one stream.
      const root = [parsed.tree.rootNode];
      expect(canonicalTokens(root, family, parsed.text, { recipe: 'v2', ignoreLiterals: true })).toEqual(
        naiveTokens(root, family, 'v2', true),
      );
      expect(compared).toBe(defs.length * 4);
    } finally {
      parsed.delete();
    }
  });

  it('covers every language family', () => {
    expect(new Set(corpus().map((c) => requireLang(c.file)))).toEqual(
      new Set(['typescript', 'tsx', 'javascript', 'python', 'go', 'rust']),
    );
  });
});
