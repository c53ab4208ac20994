import { rustTrimEnd } from './rust-lines.js';

/**
 * Whether a hub's first line opens its frontmatter: `---`, trailing whitespace allowed, after an
 * optional UTF-8 byte-order mark. Windows editors save one; the reference surf reads files
 * verbatim and would reject such a hub, so this is our one leniency there. The mark stays in the
 * text, and so in every hub written back (only stamp lines change).
 */
export function opensFrontmatter(line: string | undefined): boolean {
  if (line === undefined) return false;
  return rustTrimEnd(line.startsWith('\ufeff') ? line.slice(1) : line) === '---';
}
