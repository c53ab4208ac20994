import type { Family } from '@driftgate/syntax';

/**
 * Node kinds whose text is an identifier, per language family (spec §5.2 IDENT_KINDS). Every
 * recipe reads the same table: a change here changes v1 and v2 digests too.
 */
export const IDENT_KINDS: Readonly<Record<Family, ReadonlySet<string>>> = {
  rust: new Set(['identifier', 'type_identifier', 'field_identifier', 'shorthand_field_identifier']),
  typescript: new Set([
    'identifier',
    'type_identifier',
    'property_identifier',
    'shorthand_property_identifier',
    'shorthand_property_identifier_pattern',
    'private_property_identifier',
  ]),
  python: new Set(['identifier']),
  go: new Set(['identifier', 'type_identifier', 'field_identifier', 'package_identifier']),
  // Recipe 3 only (see hash/recipe-families.ts): no v1/v2 digest depends on it.
  java: new Set(['identifier', 'type_identifier']),
};

/** String literal kinds, per family (spec §5.2 STRING_KINDS): what `ignore_literals` drops, and what recipe 3 reads whole. */
export const STRING_KINDS: Readonly<Record<Family, ReadonlySet<string>>> = {
  rust: new Set(['string_literal', 'raw_string_literal']),
  typescript: new Set(['string', 'template_string']),
  python: new Set(['string']),
  go: new Set(['interpreted_string_literal', 'raw_string_literal']),
  // Text blocks (`"""…"""`) are string literals too.
  java: new Set(['string_literal']),
};
