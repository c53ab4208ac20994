/**
 * The shape every CLI's exit-code table has: named codes, `ok` (0) for success and `usage` for a
 * run that could not be evaluated (bad flags, bad input, an unexpected failure). Each bin keeps its
 * own table (`as const`) typed by this shape; only its main.ts turns a code into a process exit.
 */
export interface ExitCodeTable {
  readonly ok: 0;
  readonly usage: number;
  readonly [name: string]: number;
}

/** The codes a table holds, as a union of its literal numbers. */
export type ExitCodeOf<Table extends ExitCodeTable> = Table[keyof Table];
