export type SyntaxErrorCode =
  /** A file whose extension maps to no supported language. */
  | 'SYNTAX_UNSUPPORTED_FILE_TYPE'
  /** A grammar (or the tree-sitter runtime) that could not be loaded. */
  | 'SYNTAX_GRAMMAR_LOAD'
  /** A grammar used synchronously before `loadLanguage` finished. */
  | 'SYNTAX_GRAMMAR_NOT_LOADED'
  /** Source bytes that are not UTF-8. */
  | 'SYNTAX_SOURCE_NOT_UTF8'
  /** tree-sitter returned no tree at all. */
  | 'SYNTAX_PARSE_FAILED';

/**
 * Every error the syntax layer raises: a stable `code` callers switch on (never the message), a
 * message meant for the user, and `cause` when wrapping. The gates built on this package decide
 * whether such an error is a finding (an unresolvable claim) or a reason they cannot run.
 */
export class SyntaxLayerError extends Error {
  readonly code: SyntaxErrorCode;

  constructor(code: SyntaxErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** The file's extension maps to no supported language. Message: `unsupported file type: <file>`. */
export class UnsupportedFileTypeError extends SyntaxLayerError {
  readonly file: string;

  constructor(file: string) {
    super('SYNTAX_UNSUPPORTED_FILE_TYPE', `unsupported file type: ${file}`);
    this.file = file;
  }
}

/** A grammar could not be loaded, or was used synchronously before `loadLanguage` finished. */
export class GrammarError extends SyntaxLayerError {
  constructor(code: 'SYNTAX_GRAMMAR_LOAD' | 'SYNTAX_GRAMMAR_NOT_LOADED', message: string, cause?: unknown) {
    super(code, message, cause === undefined ? undefined : { cause });
  }
}

/** Source bytes that are not valid UTF-8. `file` is the repository-relative path, when known. */
export class SourceDecodeError extends SyntaxLayerError {
  readonly file: string | undefined;

  constructor(file: string | undefined, cause: unknown) {
    super(
      'SYNTAX_SOURCE_NOT_UTF8',
      `${file ? `\`${file}\`` : 'source'} is not valid UTF-8; source is read as UTF-8 text only — re-encode the file as UTF-8`,
      { cause },
    );
    this.file = file;
  }
}

/** tree-sitter produced no tree (it does only when parsing is cancelled). Message: `source could not be parsed`. */
export class ParseFailedError extends SyntaxLayerError {
  readonly file: string | undefined;

  constructor(file: string | undefined) {
    super('SYNTAX_PARSE_FAILED', 'source could not be parsed');
    this.file = file;
  }
}
