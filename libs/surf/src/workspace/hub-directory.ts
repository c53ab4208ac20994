import { posix } from 'node:path';
import type { SurfConfigValues } from './config.js';

/**
 * Root-relative POSIX directory that `surf new` writes into (spec §6): the literal prefix of the
 * **first** `hubs` glob up to its first `*`, `?` or `[`, cut at the last `/`
 * (`docs/hubs/*.md` → `docs/hubs`). Without a `/` in that prefix (or without any glob): `hubs`.
 * `./` prefixes are normalized away (`./docs/*.md` → `docs`; `./*.md` → `.`, the root).
 */
export function hubDirectory(config: Pick<SurfConfigValues, 'hubs'>): string {
  const first = config.hubs[0];
  if (first === undefined) return 'hubs';
  const magic = first.search(/[*?[]/);
  const literal = magic < 0 ? first : first.slice(0, magic);
  const slash = literal.lastIndexOf('/');
  if (slash <= 0) return 'hubs';
  return posix.normalize(literal.slice(0, slash));
}
