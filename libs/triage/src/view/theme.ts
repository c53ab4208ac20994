import type { Magnitude } from '@driftgate/surf';

/** Colour names ink understands (chalk names). */
export type Colour = 'red' | 'green' | 'yellow' | 'blue' | 'magenta' | 'cyan' | 'white' | 'gray';

/**
 * Semantic colour tokens: views name what a colour means, never the colour itself, so one table
 * decides the palette (and a monochrome terminal loses only hue, never information — every token
 * is paired with a text marker).
 */
export interface Theme {
  readonly magnitude: Readonly<Record<Magnitude | 'none', Colour>>;
  readonly unresolvable: Colour;
  readonly unverified: Colour;
  readonly stale: Colour;
  readonly diffAdded: Colour;
  readonly diffRemoved: Colour;
  readonly accepted: Colour;
  readonly followed: Colour;
  readonly skipped: Colour;
  readonly accent: Colour;
  readonly muted: Colour;
  readonly danger: Colour;
  /** Boundary facets by severity. */
  readonly facet: Readonly<Record<'compat' | 'boundary' | 'behavior' | 'exact' | 'other', Colour>>;
}

export const DEFAULT_THEME: Theme = {
  magnitude: { large: 'red', medium: 'yellow', small: 'green', none: 'gray' },
  unresolvable: 'magenta',
  unverified: 'blue',
  stale: 'gray',
  diffAdded: 'green',
  diffRemoved: 'red',
  accepted: 'green',
  followed: 'cyan',
  skipped: 'gray',
  accent: 'cyan',
  muted: 'gray',
  danger: 'red',
  facet: { compat: 'red', boundary: 'magenta', behavior: 'yellow', exact: 'blue', other: 'gray' },
};
