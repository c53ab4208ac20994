/** What a renderer produces: the document (stdout or a report file) and notes meant for stderr. */
export interface Rendered {
  /** The document itself; LF line endings, ends with a newline. */
  readonly out: string;
  /** Notes for a human (stderr); never part of a report file. */
  readonly err: string;
}
