import type { Node, TreeCursor } from 'web-tree-sitter';

/**
 * The part of a tree-sitter cursor the gates walk trees with. web-tree-sitter's `TreeCursor`
 * satisfies it; {@link walkFrom} may return a faster one with identical answers.
 */
export interface SyntaxCursor {
  /** The current node's kind id (an index into the language's kind table). */
  readonly nodeTypeId: number;
  /** The current node's kind name; `ERROR` for ids past the language's table. */
  readonly nodeType: string;
  readonly nodeIsNamed: boolean;
  /** UTF-16 offsets into the parsed text, start inclusive, end exclusive. */
  readonly startIndex: number;
  readonly endIndex: number;
  /** The field of the current node in its parent, when it has one. */
  readonly currentFieldName: string | null;
  readonly currentNode: Node;
  gotoFirstChild(): boolean;
  gotoNextSibling(): boolean;
  gotoParent(): boolean;
  /** Frees the cursor; it must not be used afterwards. */
  delete(): void;
}

/**
 * The runtime's exported functions and memory, as emscripten puts them on the options object
 * given to `Parser.init` (that object becomes the module). Only what the fast cursor calls.
 */
interface RuntimeExports {
  HEAP32?: Int32Array;
  _ts_init?: () => number;
  _ts_tree_cursor_current_node_type_id_wasm?: (tree: number) => number;
  _ts_tree_cursor_current_node_is_named_wasm?: (tree: number) => number;
  _ts_tree_cursor_current_field_id_wasm?: (tree: number) => number;
  _ts_tree_cursor_start_index_wasm?: (tree: number) => number;
  _ts_tree_cursor_end_index_wasm?: (tree: number) => number;
  _ts_tree_cursor_goto_first_child_wasm?: (tree: number) => number;
  _ts_tree_cursor_goto_next_sibling_wasm?: (tree: number) => number;
  _ts_tree_cursor_goto_parent_wasm?: (tree: number) => number;
}

/** What a web-tree-sitter cursor keeps of itself: its four handle words and its tree's address. */
interface CursorInternals {
  readonly handles?: number[];
  readonly tree?: { readonly 0?: number; readonly language: { readonly types: readonly string[]; readonly fields: readonly (string | null)[] } };
}

type Present<T> = { [K in keyof T]-?: NonNullable<T[K]> };

/**
 * Given to `Parser.init`: emscripten fills it with the runtime's exports. Per thread, like the
 * runtime itself.
 */
export const runtimeModule: Record<string, unknown> = {};

let exports: Present<RuntimeExports> | undefined;
let transferBuffer = 0;
/** `unknown` until the first walk compares the fast cursor with web-tree-sitter's own. */
let mode: 'unknown' | 'fast' | 'public' = 'unknown';

/**
 * Takes the exports from {@link runtimeModule} once `Parser.init` has filled it. A runtime
 * without them (another web-tree-sitter build) leaves every walk on the public cursor.
 */
export function attachRuntime(): void {
  const m = runtimeModule as RuntimeExports;
  const needed: Array<keyof RuntimeExports> = [
    '_ts_init',
    '_ts_tree_cursor_current_node_type_id_wasm',
    '_ts_tree_cursor_current_node_is_named_wasm',
    '_ts_tree_cursor_current_field_id_wasm',
    '_ts_tree_cursor_start_index_wasm',
    '_ts_tree_cursor_end_index_wasm',
    '_ts_tree_cursor_goto_first_child_wasm',
    '_ts_tree_cursor_goto_next_sibling_wasm',
    '_ts_tree_cursor_goto_parent_wasm',
  ];
  if (!(m.HEAP32 instanceof Int32Array) || needed.some((name) => typeof m[name] !== 'function')) {
    mode = 'public';
    return;
  }
  exports = m as Present<RuntimeExports>;
  // Returns the address of the runtime's transfer buffer (and rewrites the two version words
  // the runtime keeps there, with the same values).
  transferBuffer = exports._ts_init();
}

/**
 * A cursor on `node`, which must be freed with `delete()`. Answers exactly as `node.walk()` does.
 *
 * Why: web-tree-sitter's cursor copies its four handle words into the runtime's transfer buffer
 * through emscripten's generic `setValue` before every call, and back through `getValue` after
 * every move; on the canonical walk that bookkeeping costs more than the calls. This cursor does
 * the same copies with four typed-array stores. It is used only after a first walk has checked,
 * node by node, that it answers as web-tree-sitter's cursor does; otherwise the public cursor is
 * returned.
 */
export function walkFrom(node: Node): SyntaxCursor {
  const inner = node.walk();
  if (mode === 'public') return inner;
  const fast = FastCursor.over(inner);
  if (fast === undefined) {
    mode = 'public';
    return inner;
  }
  if (mode === 'unknown') mode = agrees(node.tree.rootNode) ? 'fast' : 'public';
  return mode === 'fast' ? fast : inner;
}

/** At most this many nodes are compared on the first walk. */
const CHECKED_NODES = 512;

/** Walks `node` with both cursors side by side, comparing every answer. */
function agrees(node: Node): boolean {
  const reference = node.walk();
  const candidate = FastCursor.over(node.walk());
  if (candidate === undefined) {
    reference.delete();
    return false;
  }
  try {
    let depth = 0;
    for (let seen = 0; seen < CHECKED_NODES; seen++) {
      if (
        reference.nodeTypeId !== candidate.nodeTypeId ||
        reference.nodeType !== candidate.nodeType ||
        reference.nodeIsNamed !== candidate.nodeIsNamed ||
        reference.startIndex !== candidate.startIndex ||
        reference.endIndex !== candidate.endIndex ||
        reference.currentFieldName !== candidate.currentFieldName
      ) {
        return false;
      }
      const down = reference.gotoFirstChild();
      if (down !== candidate.gotoFirstChild()) return false;
      if (down) {
        depth++;
        continue;
      }
      for (;;) {
        if (depth === 0) return true;
        const next = reference.gotoNextSibling();
        if (next !== candidate.gotoNextSibling()) return false;
        if (next) break;
        if (reference.gotoParent() !== candidate.gotoParent()) return false;
        depth--;
      }
    }
    return true;
  } finally {
    reference.delete();
    candidate.delete();
  }
}

class FastCursor implements SyntaxCursor {
  private constructor(
    private readonly inner: TreeCursor,
    /** Shared with `inner`, so `delete` and `currentNode` there see every move made here. */
    private readonly handles: number[],
    private readonly tree: number,
    private readonly language: { readonly types: readonly string[]; readonly fields: readonly (string | null)[] },
  ) {}

  /** Undefined when `inner` does not look like the web-tree-sitter cursor this was written for. */
  static over(inner: TreeCursor): FastCursor | undefined {
    const internals = inner as unknown as CursorInternals;
    const handles = internals.handles;
    const tree = internals.tree?.[0];
    if (exports === undefined || !Array.isArray(handles) || handles.length !== 4 || typeof tree !== 'number' || internals.tree === undefined) return undefined;
    return new FastCursor(inner, handles, tree, internals.tree.language);
  }

  get nodeTypeId(): number {
    this.store();
    return exports!._ts_tree_cursor_current_node_type_id_wasm(this.tree);
  }

  get nodeType(): string {
    return this.language.types[this.nodeTypeId] || 'ERROR';
  }

  get nodeIsNamed(): boolean {
    this.store();
    return exports!._ts_tree_cursor_current_node_is_named_wasm(this.tree) === 1;
  }

  get startIndex(): number {
    this.store();
    return exports!._ts_tree_cursor_start_index_wasm(this.tree);
  }

  get endIndex(): number {
    this.store();
    return exports!._ts_tree_cursor_end_index_wasm(this.tree);
  }

  get currentFieldName(): string | null {
    this.store();
    // As web-tree-sitter answers: null for no field, and whatever the table holds otherwise.
    return this.language.fields[exports!._ts_tree_cursor_current_field_id_wasm(this.tree)] as string | null;
  }

  get currentNode(): Node {
    return this.inner.currentNode;
  }

  gotoFirstChild(): boolean {
    return this.move(exports!._ts_tree_cursor_goto_first_child_wasm);
  }

  gotoNextSibling(): boolean {
    return this.move(exports!._ts_tree_cursor_goto_next_sibling_wasm);
  }

  gotoParent(): boolean {
    return this.move(exports!._ts_tree_cursor_goto_parent_wasm);
  }

  /** A move: the runtime reads the cursor from the transfer buffer and writes it back moved. */
  private move(goto: (tree: number) => number): boolean {
    this.store();
    const moved = goto(this.tree);
    this.load();
    return moved === 1;
  }

  delete(): void {
    this.inner.delete();
  }

  // The heap view is read per call: the runtime's memory can grow, which replaces it.
  private store(): void {
    const heap = exports!.HEAP32;
    const at = transferBuffer >> 2;
    const h = this.handles;
    heap[at] = h[0]!;
    heap[at + 1] = h[1]!;
    heap[at + 2] = h[2]!;
    heap[at + 3] = h[3]!;
  }

  private load(): void {
    const heap = exports!.HEAP32;
    const at = transferBuffer >> 2;
    const h = this.handles;
    h[0] = heap[at]!;
    h[1] = heap[at + 1]!;
    h[2] = heap[at + 2]!;
    h[3] = heap[at + 3]!;
  }
}
