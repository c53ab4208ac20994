import type { Node } from 'web-tree-sitter';
import { describe, expect, it } from 'vitest';
import { parseFile } from '@driftgate/syntax';
import { RUST_NAMED_ITEMS } from './rust-items.js';

// One of each item the table lists, each named after its kind.
const SOURCE = `fn function_item() {}
trait trait_item { fn function_signature_item(&self); type associated_type; }
struct struct_item;
enum enum_item { A }
union union_item { a: u8 }
type type_item = u8;
const const_item: u8 = 0;
static static_item: u8 = 0;
mod mod_item {}
macro_rules! macro_definition { () => {} }
`;

function nodesOf(root: Node, kind: string): Node[] {
  const out: Node[] = [];
  const visit = (node: Node): void => {
    if (node.type === kind) out.push(node);
    for (const child of node.namedChildren) visit(child);
  };
  visit(root);
  return out;
}

describe('RUST_NAMED_ITEMS', () => {
  it('lists each kind once, and each is a tree-sitter-rust node that carries its name in a `name` field', async () => {
    const kinds = Object.values(RUST_NAMED_ITEMS).flat();
    expect(new Set(kinds).size).toBe(kinds.length);
    const parsed = await parseFile('items.rs', SOURCE);
    try {
      expect(parsed.tree.rootNode.hasError).toBe(false);
      for (const kind of kinds) {
        const names = nodesOf(parsed.tree.rootNode, kind).map((node) => node.childForFieldName('name')?.text);
        expect(names, kind).toEqual([kind]);
      }
    } finally {
      parsed.delete();
    }
  });
});
