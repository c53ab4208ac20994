/**
 * The Rust items (tree-sitter-rust node kinds) that carry their name in a `name` field, grouped
 * by what they declare. Resolution, suggest and recipe 3's binders each take the groups they
 * need from this one table, so an item kind added for one cannot silently be missing from another.
 * Each kind appears in one group only.
 */
export const RUST_NAMED_ITEMS = {
  /** `fn` with a body. */
  functions: ['function_item'],
  /** A bodyless `fn`: a trait's required method, a function in an `extern` block. */
  signatures: ['function_signature_item'],
  /** `struct`, `enum`, `union`, `trait`, `type` alias. */
  types: ['struct_item', 'enum_item', 'union_item', 'trait_item', 'type_item'],
  /** `const` and `static`. */
  values: ['const_item', 'static_item'],
  /** `mod`. */
  modules: ['mod_item'],
  /** `macro_rules!`. */
  macros: ['macro_definition'],
  /** `type Item;` in a trait, `type Item = …;` in an impl. */
  associatedTypes: ['associated_type'],
} as const satisfies Readonly<Record<string, readonly string[]>>;
