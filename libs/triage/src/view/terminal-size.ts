import { useEffect, useState } from 'react';
import { useStdout } from 'ink';

/** Terminal size in character cells. */
export interface TerminalSize {
  readonly columns: number;
  readonly rows: number;
}

/** 80×24 when the stream does not say (pipes, test streams). */
export const FALLBACK_SIZE: TerminalSize = { columns: 80, rows: 24 };

/** The stdout size, updated on `resize`; `fixed` overrides it (tests, embedding). */
export function useTerminalSize(fixed?: TerminalSize): TerminalSize {
  const { stdout } = useStdout();
  const read = (): TerminalSize => ({
    columns: stdout.columns > 0 ? stdout.columns : FALLBACK_SIZE.columns,
    rows: stdout.rows > 0 ? stdout.rows : FALLBACK_SIZE.rows,
  });
  const [size, setSize] = useState<TerminalSize>(read);
  useEffect(() => {
    if (fixed !== undefined) return undefined;
    const onResize = (): void => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout, fixed]);
  return fixed ?? size;
}

/**
 * Rows for each region of the claims view, summing to at most `rows - 1` (ink redraws a frame
 * as tall as the terminal by clearing the screen, which flickers): 2 header, the list, 1 rule,
 * the detail pane, the notice (`noticeRows`, 1 unless a long one wraps) and 1 help bar.
 */
export function claimsLayout(size: TerminalSize, itemCount: number, showDetail = true, noticeRows = 1): { list: number; detail: number } {
  const free = Math.max(2, size.rows - 1 - 2 - 1 - noticeRows - 1);
  // Without the detail pane (`i`), the list takes its rows.
  if (!showDetail) return { list: Math.max(1, Math.min(itemCount, free + 1)), detail: 0 };
  // A list that fits in half the rows is shown whole; a longer one gets 40% and scrolls.
  const share = itemCount <= Math.floor(free / 2) ? itemCount : Math.floor(free * 0.4);
  const list = Math.max(1, Math.min(itemCount, Math.max(3, share)));
  return { list, detail: Math.max(1, free - list) };
}

/** First row of a window of `height` rows over `length` rows that keeps `cursor` in view, centred. */
export function windowStart(cursor: number, height: number, length: number): number {
  return Math.max(0, Math.min(cursor - Math.floor(height / 2), length - height));
}
