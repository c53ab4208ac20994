/**
 * The Java declarations (tree-sitter-java node kinds) a reader names in an anchor, grouped by
 * what they declare. Resolution, suggest and recipe 3's binders take the groups they need from
 * this one table, so a declaration kind added for one cannot silently be missing from another.
 * Each kind appears in one group only; all carry their name in a `name` field.
 */
export const JAVA_NAMED_ITEMS = {
  /** `class`, `interface`, `enum`, `record`, `@interface`. */
  types: ['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration', 'annotation_type_declaration'],
  /** Methods (with or without a body) and annotation-type elements (`String value() default "";`). */
  methods: ['method_declaration', 'annotation_type_element_declaration'],
  /** Constructors, named after their class; a record's compact constructor has no parameter list. */
  constructors: ['constructor_declaration', 'compact_constructor_declaration'],
  /** An enum's constants (`RED`, `GREEN(2) { … }`). */
  constants: ['enum_constant'],
} as const satisfies Readonly<Record<string, readonly string[]>>;

/**
 * Declarations of one or more variables (`int a, b;`): each `variable_declarator` in them is a
 * field of its own; the list itself is passed through.
 */
export const JAVA_FIELD_LISTS: ReadonlySet<string> = new Set(['field_declaration', 'constant_declaration']);

/** The bodies a Java type's members sit in, passed through without a path step. */
export const JAVA_BODIES: ReadonlySet<string> = new Set([
  'program',
  'class_body',
  'interface_body',
  'enum_body',
  'enum_body_declarations',
  'annotation_type_body',
]);
