import { terminalSafe } from '@driftgate/report';
import type { Divergence } from '@driftgate/surf';
import type { Decision } from './state.js';
import type { Colour, Theme } from './theme.js';

/** A five-cell tag for a divergence: its magnitude for a changed claim, else its kind. */
export function kindTag(d: Pick<Divergence, 'kind' | 'magnitude'>): string {
  switch (d.kind) {
    case 'changed':
      return d.magnitude === 'large' ? 'LARGE' : d.magnitude === 'medium' ? 'MED  ' : d.magnitude === 'small' ? 'SMALL' : 'CHG  ';
    case 'unresolvable':
      return 'UNRES';
    case 'unverified':
      return 'UNVER';
    case 'referenced_stale':
      return 'STALE';
  }
}

export function kindColour(d: Pick<Divergence, 'kind' | 'magnitude'>, theme: Theme): Colour {
  switch (d.kind) {
    case 'changed':
      return theme.magnitude[d.magnitude ?? 'none'];
    case 'unresolvable':
      return theme.unresolvable;
    case 'unverified':
      return theme.unverified;
    case 'referenced_stale':
      return theme.stale;
  }
}

/** One-cell marker of a pending decision (blank when none). */
export function decisionMark(decision: Decision | undefined): string {
  return decision === 'accept' ? '✓' : decision === 'follow' ? '→' : decision === 'skip' ? '·' : ' ';
}

export function decisionColour(decision: Decision | undefined, theme: Theme): Colour | undefined {
  return decision === 'accept' ? theme.accepted : decision === 'follow' ? theme.followed : decision === 'skip' ? theme.skipped : undefined;
}

/** `text` cut to `width` cells with `…` (code points; wide characters may still overflow slightly). */
export function fit(text: string, width: number): string {
  if (width <= 0) return '';
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, Math.max(0, width - 1)).join('')}…`;
}

/** Tabs as spaces and other control characters made visible, for one display line. */
export function oneLine(text: string): string {
  return text.replace(/\t/g, '  ').replace(/[\r\n]+/g, ' ');
}

/** Untrusted text as one terminal-safe display line (backslashes shown once, for readable code). */
export function displayLine(text: string): string {
  return terminalSafe(oneLine(text)).replace(/\\\\/g, '\\');
}
