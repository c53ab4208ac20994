import { pythonJsonDumps, type JsonValue } from '@driftgate/boundver';
import { terminalSafe } from '@driftgate/report';

/** Joins lines into terminal-safe text: every line escaped, LF-terminated. */
export function safeLines(lines: readonly string[]): string {
  return lines.map((line) => `${terminalSafe(line)}\n`).join('');
}

/** Pretty JSON for stdout (2-space indent, LF-terminated). */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? Number(item) : item instanceof Map ? Object.fromEntries(item) : item), 2)}\n`;
}

/** A lock value on one line, as diff and why show metadata: compact JSON, keys sorted, ASCII only. */
export function valueLine(value: JsonValue): string {
  return pythonJsonDumps(value, { sortKeys: true, ensureAscii: true, escapeLoneSurrogates: true });
}
