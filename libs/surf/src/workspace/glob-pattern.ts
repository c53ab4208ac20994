import { Minimatch } from 'minimatch';
import { SurfError } from '../errors.js';

/** A validated, compiled workspace glob (`surf.toml` `hubs` / `bundles`). */
export interface WorkspaceGlob {
  /** The pattern as matched (leading `./` removed). */
  readonly pattern: string;
  /** Whether a root-relative POSIX path matches the whole pattern. */
  matches(path: string): boolean;
  /** Whether a root-relative directory could contain matches (prunes the directory walk). */
  mayContain(dir: string): boolean;
}

const OPTIONS = {
  // The reference's glob crate: `*`, `?`, `[…]`, `[!…]`, `**`; dotfiles match; no braces,
  // extglobs, `#` comments or `!` negation; case-sensitive.
  dot: true,
  nobrace: true,
  noext: true,
  nocomment: true,
  nonegate: true,
  nocase: false,
} as const;

/**
 * Validates and compiles a root-relative glob. Rejects (with `SURF_BAD_GLOB`) what the
 * reference's glob crate rejects — an unclosed `[` ("invalid range pattern"), `***`, a `**`
 * that is not a whole path component — and, additionally, an empty pattern, a backslash, an
 * absolute pattern and a `..` component, so discovery never leaves the workspace root.
 *
 * @param origin where the pattern came from, for the message (e.g. "`bundles` entry `docs`").
 */
export function compileWorkspaceGlob(pattern: string, origin?: string): WorkspaceGlob {
  const problem = globProblem(pattern);
  if (problem !== undefined) {
    const from = origin === undefined ? '' : ` (${origin})`;
    throw new SurfError('SURF_BAD_GLOB', `invalid glob pattern \`${pattern}\`${from}: ${problem}; fix it in surf.toml`);
  }
  const normalized = stripDotSlash(pattern);
  const matcher = new Minimatch(normalized, OPTIONS);
  return {
    pattern: normalized,
    matches: (path) => matcher.match(path),
    mayContain: (dir) => matcher.match(dir, true),
  };
}

/** Removes leading `./` components (`./hubs/*.md` → `hubs/*.md`). */
export function stripDotSlash(pattern: string): string {
  let p = pattern;
  while (p.startsWith('./')) p = p.slice(2).replace(/^\/+/, '');
  return p;
}

/**
 * Why a root-relative glob would be rejected by {@link compileWorkspaceGlob}, or undefined when it
 * is valid; for callers that word the error themselves (`--files`, a hub's `covers`).
 */
export function globPatternProblem(pattern: string): string | undefined {
  return globProblem(pattern);
}

function globProblem(pattern: string): string | undefined {
  if (pattern === '') return 'the pattern is empty';
  if (pattern.includes('\\')) return 'use `/` as the path separator';
  if (pattern.startsWith('/')) return 'patterns are relative to the workspace root (remove the leading `/`)';
  const chars = Array.from(pattern);
  for (let i = 0; i < chars.length; i++) {
    if (chars[i] !== '[') continue;
    // Same acceptance as the glob crate: `[` + at least one member + `]`, where the first member
    // (after an optional `!`) may itself be `]`.
    const negated = chars[i + 1] === '!';
    const close = chars.indexOf(']', i + (negated ? 3 : 2));
    if (close < 0) return 'invalid range pattern (unclosed `[`)';
    i = close;
  }
  const components = stripDotSlash(pattern).split('/');
  for (const component of components) {
    if (component === '..') return 'patterns must not leave the workspace root (`..`)';
    if (component.includes('***')) return 'wildcards are either regular `*` or recursive `**`';
    if (component.includes('**') && component !== '**') return 'recursive wildcards must form a single path component';
  }
  return undefined;
}
