export {
  GrammarError,
  ParseFailedError,
  SourceDecodeError,
  type SyntaxErrorCode,
  SyntaxLayerError,
  UnsupportedFileTypeError,
} from './errors.js';
export { decodeSource } from './decode-source.js';
export {
  type Family,
  type Lang,
  LANGS,
  type ReferenceFamily,
  familyOf,
  isReferenceFamily,
  langForPath,
  loadLanguage,
  loadLanguages,
  parserFor,
  preferBaselineWasm,
  requireLang,
  syntaxVersions,
} from './languages.js';
export { ParsedFile, parseFile, parseSource, parseSourceSync, reparseSourceSync } from './parsed-file.js';
export { type TextSplice, applySplice, spliceBetween, treeEditFor } from './source-edit.js';
export { type SyntaxCursor, walkFrom } from './syntax-cursor.js';
/** Tree-sitter queries over a parsed file's tree (`new SyntaxQuery(tree.language, source)`). */
export { Query as SyntaxQuery } from 'web-tree-sitter';
/** The syntax-tree types of the grammars, so users of this package need no tree-sitter dependency. */
export type { Node as SyntaxNode, Tree as SyntaxTree, TreeCursor as SyntaxTreeCursor } from 'web-tree-sitter';
