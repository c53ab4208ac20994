import fc from 'fast-check';
import { hostilePiece } from './hostile-text.js';

const name = fc.stringMatching(/^[a-z0-9_.-]{1,6}$/);

/** A glob segment: literals, `*`, `?`, `**`, classes `[a-z]`, `[!x]`, `[]-]`, reversed ranges, unclosed `[`. */
const globSegment = fc.oneof(
  { weight: 3, arbitrary: name },
  { weight: 2, arbitrary: fc.constantFrom('*', '**', '?', '*.ts', 'a?c', '[a-z]*', '[!a]', '[]]', '[]-]', '[!]]', '[z-a]', '[a-', '[', '[-]', '[!-]', '[a-c-e]', '[\\]]', 'x\\*', '***', '**x', '[[', '[*]', '[?]') },
  { weight: 1, arbitrary: fc.array(fc.oneof(name, fc.constantFrom('*', '?', '[', ']', '-', '!', '^', '\\'), hostilePiece), { minLength: 1, maxLength: 8 }).map((p) => p.join('')) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 1, max: 300 }), fc.constantFrom('*', '?', '[a]', '*a')).map(([n, p]) => p.repeat(n)) },
);

/** Glob-shaped declared paths, plus the shapes the grammar refuses (absolute, `..`, empty segments, `\`). */
export const globText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.array(globSegment, { minLength: 1, maxLength: 6 }).chain((s) => fc.constantFrom(s.join('/'), `${s.join('/')}/`)) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '/', '/abs', 'C:/x', 'a//b', './a', 'a/./b', 'a/../b', '..', 'a\\b', ' a', 'a ', 'a\u0000b', '\uD800', '**/**/**') },
  { weight: 1, arbitrary: fc.nat(1100).map((n) => Array.from({ length: n }, () => 'a').join('/')) },
  { weight: 1, arbitrary: fc.nat(2000).map((n) => `${'**/'.repeat(n)}*`) },
);

/** Candidate file paths: plain ones, plus empty, absolute, deep and hostile ones. */
export const candidatePath: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.array(fc.oneof(name, fc.constantFrom('a', 'b', 'src', 'x.ts', '.hidden', '[a]', '*')), { minLength: 1, maxLength: 6 }).map((p) => p.join('/')) },
  { weight: 1, arbitrary: fc.constantFrom('', '/', '/a', 'a/', 'a//b', '\uD800', 'a\u0000', 'é/e\u0301') },
  { weight: 1, arbitrary: fc.nat(1100).map((n) => Array.from({ length: n }, () => 'a').join('/')) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
);
