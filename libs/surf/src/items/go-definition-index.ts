import type { Node, Tree } from 'web-tree-sitter';

/**
 * Go's flat symbol table (spec §4.3), built once per tree: top-level names, and methods by
 * receiver type and name, each in document order.
 */
export interface GoIndex {
  readonly topLevel: ReadonlyMap<string, readonly Node[]>;
  /** Keyed by {@link goMethodKey}. */
  readonly methods: ReadonlyMap<string, readonly Node[]>;
}

const GO_TOP_LEVEL_DEFS: ReadonlySet<string> = new Set([
  'function_declaration',
  'type_spec',
  'type_alias',
  'const_spec',
  'var_spec',
]);
const GO_DECLARATION_LISTS: ReadonlySet<string> = new Set([
  'type_declaration',
  'const_declaration',
  'var_declaration',
  'var_spec_list',
]);

const byTree = new WeakMap<Tree, GoIndex>();

/** Key of a method in {@link GoIndex.methods}. */
export function goMethodKey(receiverType: string, name: string): string {
  return `${receiverType}\0${name}`;
}

/** The index of a Go file's root node. */
export function goIndex(root: Node): GoIndex {
  let index = byTree.get(root.tree);
  if (!index) {
    const topLevel = new Map<string, Node[]>();
    const methods = new Map<string, Node[]>();
    for (const child of root.namedChildren) {
      if (child.type !== 'method_declaration') continue;
      const name = child.childForFieldName('name')?.text;
      const type = goReceiverTypeName(child);
      if (name !== undefined && type !== undefined) push(methods, goMethodKey(type, name), child);
    }
    collectTopLevel(root, topLevel);
    index = { topLevel, methods };
    byTree.set(root.tree, index);
  }
  return index;
}

function push(map: Map<string, Node[]>, key: string, node: Node): void {
  const list = map.get(key);
  if (list) list.push(node);
  else map.set(key, [node]);
}

function collectTopLevel(node: Node, out: Map<string, Node[]>): void {
  for (const child of node.namedChildren) {
    if (GO_TOP_LEVEL_DEFS.has(child.type)) {
      // `const a, b = 1, 2` defines both names in one spec; the spec counts once per name. The
      // grammar puts the separating commas under the `name` field too.
      const names = child.childrenForFieldName('name').filter((n) => n.isNamed);
      for (const name of new Set(names.map((n) => n.text))) push(out, name, child);
    } else if (GO_DECLARATION_LISTS.has(child.type)) {
      collectTopLevel(child, out);
    }
  }
}

/** The receiver's base type name: `T`, `*T`, `T[K]` and `*T[K]` all give `T`. */
export function goReceiverTypeName(method: Node): string | undefined {
  const receiver = method.childForFieldName('receiver');
  const param = receiver?.namedChildren.find((c) => c.type === 'parameter_declaration');
  const type = param?.childForFieldName('type');
  return type ? goTypeName(type) : undefined;
}

function goTypeName(node: Node): string | undefined {
  if (node.type === 'type_identifier') return node.text;
  if (node.type === 'pointer_type' || node.type === 'generic_type') {
    for (const child of node.namedChildren) {
      const name = goTypeName(child);
      if (name !== undefined) return name;
    }
  }
  return undefined;
}
