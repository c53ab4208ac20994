import { Option } from 'commander';
import { terminalSafe } from '@driftgate/report';

/** Terminal-safe text on one line. */
export const safe = (text: string): string => terminalSafe(text);

/**
 * Terminal-safe multi-line text: each line made safe on its own, continuation lines indented by
 * `indent`, so a multi-line claim stays readable without any control byte reaching the terminal.
 */
export function safeLines(text: string, indent: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => terminalSafe(line))
    .join(`\n${indent}`);
}

/** Pretty JSON exactly as the reference prints it: two-space indent, one trailing newline. */
export function prettyJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Output formats of the reporting commands. */
export type OutputFormat = 'human' | 'json';

/** The `--format human|json` option (default human); an unknown value is a usage error. */
export function outputFormatOption(): Option {
  return new Option('--format <format>', 'output format').choices(['human', 'json']).default('human');
}
