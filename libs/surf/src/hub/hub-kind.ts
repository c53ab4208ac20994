/**
 * OKF role of a hub file, decided by basename alone (spec §2.4). `Index` and `Log` files hold no
 * claims, are skipped for governance and never block, even without frontmatter.
 */
export type HubKind = 'Concept' | 'Index' | 'Log';

/** The kind of the hub at `path` (POSIX or native separators; only the basename counts, case-sensitively). */
export function hubKindOf(path: string): HubKind {
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  if (base === 'index.md') return 'Index';
  if (base === 'log.md') return 'Log';
  return 'Concept';
}
