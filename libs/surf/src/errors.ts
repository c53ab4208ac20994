export type SurfErrorCode =
  /** No `surf.toml` in the start directory or any ancestor. */
  | 'SURF_NO_CONFIG'
  /** `surf.toml` is unreadable, is not TOML, or has unknown keys / wrong types. */
  | 'SURF_BAD_CONFIG'
  /** A `hubs` / `bundles` glob that cannot be compiled (or would leave the workspace root). */
  | 'SURF_BAD_GLOB'
  /** A hub file whose frontmatter cannot be read (see {@link HubParseError}). */
  | 'SURF_BAD_HUB'
  /** A surgical edit that could not be applied safely; the hub was left untouched. */
  | 'SURF_HUB_EDIT'
  /** A hub changed on disk between being read and being written back. */
  | 'SURF_HUB_CHANGED'
  /** Another surf process held a hub's write lock for longer than surf waits. */
  | 'SURF_HUB_LOCKED'
  /** A `surf new` name that cannot be a hub file name. */
  | 'SURF_BAD_HUB_NAME'
  /** A file-system operation failed (listing, reading or writing). */
  | 'SURF_IO'
  /** An `at:` anchor that does not follow the grammar. */
  | 'SURF_BAD_ANCHOR'
  /** A `refs:` entry that does not follow the grammar. */
  | 'SURF_BAD_REF'
  /** Hub bytes that are not UTF-8 (source files: `SYNTAX_SOURCE_NOT_UTF8` of @driftgate/syntax). */
  | 'SURF_SOURCE_NOT_UTF8'
  /** `surf verify <at>` names no anchor of any hub. */
  | 'SURF_NO_MATCH'
  /** A path argument (`surf for <path>`) that is missing, a directory, or outside the workspace. */
  | 'SURF_BAD_PATH'
  /** An anchor that resolves to no symbol, to several, or a file that cannot be parsed. */
  | 'SURF_SYMBOL_NOT_FOUND'
  | 'SURF_SYMBOL_AMBIGUOUS'
  | 'SURF_PARSE_FAILED'
  /** A recipe-1 or recipe-2 hash asked of a language only recipe 3 defines (Java). */
  | 'SURF_RECIPE_LANGUAGE';

/**
 * Every error surf raises: a stable `code` callers switch on (never the message), a message meant
 * for the user (for anchors, hubs and resolution byte-identical to the reference's, so `check`
 * details and `lint` findings read the same under both tools), and `cause` when wrapping.
 */
export class SurfError extends Error {
  readonly code: SurfErrorCode;

  constructor(code: SurfErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** Why an `at:` anchor failed to parse (spec §3; `BadPath` is ours, not the reference's). */
export type AnchorErrorKind = 'Empty' | 'EmptyFile' | 'MissingSymbol' | 'EmptySegment' | 'BadIndex' | 'BadPath';

/** An `at:` anchor (or one segment of a `refs:` entry) that does not follow the grammar. */
export class AnchorParseError extends SurfError {
  readonly kind: AnchorErrorKind;
  /** For `BadIndex`: the trimmed index text after `@`. For `BadPath`: the offending path. */
  readonly detail: string | undefined;

  constructor(kind: AnchorErrorKind, message: string, detail?: string) {
    super('SURF_BAD_ANCHOR', message);
    this.kind = kind;
    this.detail = detail;
  }
}

/** Why a `refs:` entry failed to parse. `Segment` wraps the anchor-segment error as `cause`. */
export type RefErrorKind = 'Empty' | 'EmptyPath' | 'Segment' | 'BadPath';

export class RefParseError extends SurfError {
  readonly kind: RefErrorKind;
  /** The segment error, for kind `Segment`. */
  readonly segmentError: AnchorParseError | undefined;

  constructor(kind: RefErrorKind, message: string, segmentError?: AnchorParseError) {
    super('SURF_BAD_REF', message, segmentError ? { cause: segmentError } : undefined);
    this.kind = kind;
    this.segmentError = segmentError;
  }
}

/**
 * A hub whose bytes are not valid UTF-8. surf rewrites hubs surgically, so it refuses to read one
 * it could only decode with replacement characters. Source files fail with @driftgate/syntax's
 * `SourceDecodeError` instead.
 */
export class HubDecodeError extends SurfError {
  readonly file: string;

  constructor(file: string, cause: unknown) {
    super(
      'SURF_SOURCE_NOT_UTF8',
      `hub ${file} is not valid UTF-8; surf reads and rewrites hubs as UTF-8 text only — re-encode the file as UTF-8`,
      { cause },
    );
    this.file = file;
  }
}

/** Why an anchor did not resolve to exactly one symbol (spec §4.4). */
export type ResolveErrorKind = 'NotFound' | 'Ambiguous' | 'Parse' | 'Recipe';

const RESOLVE_CODES: Record<ResolveErrorKind, SurfErrorCode> = {
  NotFound: 'SURF_SYMBOL_NOT_FOUND',
  Ambiguous: 'SURF_SYMBOL_AMBIGUOUS',
  Parse: 'SURF_PARSE_FAILED',
  Recipe: 'SURF_RECIPE_LANGUAGE',
};

/**
 * Resolution failure. Messages are exactly the reference's:
 * `no symbol \`X\` found at this path`, `` `X` is ambiguous (N matches); disambiguate with `@N` ``,
 * `source could not be parsed`.
 */
export class ResolveError extends SurfError {
  readonly kind: ResolveErrorKind;
  /** Name of the segment that failed (NotFound, Ambiguous); empty for Parse. */
  readonly segment: string;
  /** Number of matches (Ambiguous only; 0 otherwise). */
  readonly count: number;

  private constructor(kind: ResolveErrorKind, message: string, segment: string, count: number) {
    super(RESOLVE_CODES[kind], message);
    this.kind = kind;
    this.segment = segment;
    this.count = count;
  }

  static notFound(segment: string): ResolveError {
    // Without a stack: resolution throws NotFound as control flow (the extended rules are asked
    // next), thousands of times on a cold check, and no message of ours ever prints a stack.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      return new ResolveError('NotFound', `no symbol \`${segment}\` found at this path`, segment, 0);
    } finally {
      Error.stackTraceLimit = limit;
    }
  }

  static ambiguous(segment: string, count: number): ResolveError {
    return new ResolveError(
      'Ambiguous',
      `\`${segment}\` is ambiguous (${count} matches); disambiguate with \`@N\``,
      segment,
      count,
    );
  }

  static parse(): ResolveError {
    return new ResolveError('Parse', 'source could not be parsed', '', 0);
  }

  /**
   * A site in a language the reference implementation cannot parse, asked for under one of the
   * reference's recipes: those recipes promise the reference's digest, and it has none to give.
   * Raised where hashing would start, like the reference's `unsupported file type`, so check
   * reports the claim as unresolvable rather than comparing against a digest nobody can compute.
   */
  static recipeLanguage(family: string, recipe: string, file?: string): ResolveError {
    const where = file === undefined ? `${family} source` : `\`${file}\` (${family})`;
    const stamp = recipe === 'v1' ? 'a bare-hex stamp' : `a \`${recipe.slice(1)}:\` stamp`;
    return new ResolveError(
      'Recipe',
      `${where} is hashed under recipe 3 only, so ${stamp} cannot be computed for it — set \`recipe = 3\` in surf.toml and re-stamp with \`surf verify\``,
      '',
      0,
    );
  }
}
