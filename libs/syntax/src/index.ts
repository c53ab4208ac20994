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
  familyOf,
  langForPath,
  loadLanguage,
  loadLanguages,
  parserFor,
  requireLang,
} from './languages.js';
export { ParsedFile, parseFile, parseSource, parseSourceSync } from './parsed-file.js';
