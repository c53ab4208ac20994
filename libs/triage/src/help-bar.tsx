import { Box, Text } from 'ink';
import { type KeyBinding, helpEntries } from './key-bindings.js';
import type { TriageMode } from './state.js';
import type { Theme } from './theme.js';

/** The bindings of `mode` as `key label` pairs on one truncated line (all of them, wrapped, when `all`). */
export function HelpBar({ bindings, mode, theme, width, all = false }: { bindings: readonly KeyBinding[]; mode: TriageMode; theme: Theme; width: number; all?: boolean }) {
  const entries = helpEntries(bindings, mode, all);
  if (all) {
    return (
      <Box flexDirection="column" width={width}>
        {entries.map((e) => (
          <Text key={e.key} wrap="truncate-end">
            <Text bold color={theme.accent}>{e.key.padEnd(10)}</Text>
            <Text>{e.label}</Text>
          </Text>
        ))}
      </Box>
    );
  }
  return (
    <Box width={width}>
      <Text wrap="truncate-end">
        {entries.map((e, i) => (
          <Text key={e.key}>
            {i > 0 ? '  ' : ''}
            <Text bold color={theme.accent}>{e.key}</Text>
            <Text color={theme.muted}> {e.label}</Text>
          </Text>
        ))}
      </Text>
    </Box>
  );
}
