import { SurfError } from '../errors.js';

/** The three ways `parse_hub` fails (spec §2.1). */
export type HubParseErrorKind = 'MissingFrontmatter' | 'UnterminatedFrontmatter' | 'Yaml';

/**
 * A hub that cannot be parsed. `message` is exactly the reference's display text
 * (`hub must begin with a `---`-fenced YAML frontmatter block`,
 * `frontmatter block is not closed with `---``, `invalid frontmatter: <detail>`), because it ends
 * up in `check` details and lint findings that both tools must render alike.
 */
export class HubParseError extends SurfError {
  readonly kind: HubParseErrorKind;
  /** For `Yaml`: the problem without the `invalid frontmatter: ` prefix. Empty otherwise. */
  readonly detail: string;
  /** 1-based line in the hub file the problem points at, when known. */
  readonly line: number | undefined;
  /** 1-based column on {@link line}, when known. */
  readonly column: number | undefined;

  constructor(kind: HubParseErrorKind, detail = '', position?: { line: number; column: number }, cause?: unknown) {
    super('SURF_BAD_HUB', hubParseMessage(kind, detail), cause === undefined ? undefined : { cause });
    this.kind = kind;
    this.detail = detail;
    this.line = position?.line;
    this.column = position?.column;
  }
}

function hubParseMessage(kind: HubParseErrorKind, detail: string): string {
  switch (kind) {
    case 'MissingFrontmatter':
      return 'hub must begin with a `---`-fenced YAML frontmatter block';
    case 'UnterminatedFrontmatter':
      return 'frontmatter block is not closed with `---`';
    case 'Yaml':
      return `invalid frontmatter: ${detail}`;
  }
}
