import { terminalSafe } from '@driftgate/report';

/** Terminal-safe text on one line: no control byte of the input reaches the terminal. */
export const safe = (text: string): string => terminalSafe(text);

/** Lines as terminal-safe text: each line escaped on its own and LF-terminated. */
export function safeLines(lines: readonly string[]): string {
  return lines.map((line) => `${terminalSafe(line)}\n`).join('');
}

/**
 * Terminal-safe multi-line text: each line made safe on its own, continuation lines indented by
 * `indent`, so a multi-line value stays readable without any control byte reaching the terminal.
 */
export function safeIndented(text: string, indent: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => terminalSafe(line))
    .join(`\n${indent}`);
}

/** Pretty JSON for stdout: two-space indent, one trailing LF (as the reference tools print it). */
export function prettyJson(value: unknown, replacer?: (key: string, value: unknown) => unknown): string {
  return `${JSON.stringify(value, replacer, 2)}\n`;
}
