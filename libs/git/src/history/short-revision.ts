import { isObjectId } from './revision.js';

/** A commit id cut to 12 hex digits for display; refs (`HEAD`, `origin/main`) unchanged. */
export function shortRevision(rev: string): string {
  return isObjectId(rev) ? rev.slice(0, 12) : rev;
}
