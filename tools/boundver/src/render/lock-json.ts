import { pythonJsonDumps, type JsonValue } from '@driftgate/boundver';
import { prettyJson } from '@driftgate/cli';

/** Pretty JSON for stdout (2-space indent, LF-terminated); the lock's bigints and maps as JSON numbers and objects. */
export function jsonText(value: unknown): string {
  return prettyJson(value, (_key, item: unknown) => (typeof item === 'bigint' ? Number(item) : item instanceof Map ? Object.fromEntries(item) : item));
}

/** A lock value on one line, as diff and why show metadata: compact JSON, keys sorted, ASCII only. */
export function valueLine(value: JsonValue): string {
  return pythonJsonDumps(value, { sortKeys: true, ensureAscii: true, escapeLoneSurrogates: true });
}
