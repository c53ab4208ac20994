/** The three version views stored under a lock component's `semver`. */
export interface SemverParts {
  /** Major version (`compat_family`), or null when the version does not parse. */
  readonly compatFamily: string | null;
  /** `MAJOR.MINOR` (`api_surface`), or null. */
  readonly apiSurface: string | null;
  /** `MAJOR.MINOR.PATCH` with patch defaulting to 0, or the raw version when it does not parse. */
  readonly exactVersion: string | null;
}

/** How a component's compat identity is derived from its version. */
export type CompatMode = 'major' | 'semver_major' | 'semver_major_minor';

// Python's \d matches any Unicode decimal digit; `\p{Nd}` keeps that behaviour.
const SEMVER_PREFIX = /^v?(\p{Nd}+)\.(\p{Nd}+)(?:\.(\p{Nd}+))?/u;

/**
 * Parses the leading `v?MAJOR.MINOR[.PATCH]` of a version (a prefix match: `2.3.4-rc.1` gives
 * `2`, `2.3`, `2.3.4`). No match keeps the raw version as `exactVersion`; null or empty gives
 * all nulls.
 */
export function parseSemver(version: string | null): SemverParts {
  if (version === null || version === '') return { compatFamily: null, apiSurface: null, exactVersion: null };
  const match = SEMVER_PREFIX.exec(version);
  if (match === null) return { compatFamily: null, apiSurface: null, exactVersion: version };
  const [, major, minor, patch] = match;
  return { compatFamily: major, apiSurface: `${major}.${minor}`, exactVersion: `${major}.${minor}.${patch ?? '0'}` };
}

/** The compat identity: the major for `major`/`semver_major`, `MAJOR.MINOR` for `semver_major_minor`. */
export function compatIdentity(parts: SemverParts, mode: CompatMode): string | null {
  return mode === 'semver_major_minor' ? parts.apiSurface : parts.compatFamily;
}
