import { describe, expect, it } from 'vitest';
import { parseHub } from '../hub/parse-hub.js';
import type { LoadedHub } from '../workspace/load-workspace.js';
import { WatchedPaths } from './watched-paths.js';

/** A loaded hub whose YAML is parsed only when asked, as loadHub's. */
function loaded(rel: string, text: string): LoadedHub {
  return {
    rel,
    path: `/w/${rel}`,
    kind: 'Concept',
    text,
    get hub() {
      return parseHub(text, { path: rel });
    },
    error: undefined,
  };
}

describe('WatchedPaths', () => {
  it('takes surf.toml, what the hub globs match and the files the claims name', () => {
    const paths = new WatchedPaths();
    // The flow list of sites is off the line scanner's plain subset: that claim is read from the parsed hub.
    const hub = '---\nsummary: x\nanchors:\n  - claim: a\n    at: src/a.rs > add\n  - claim: b\n    at: [src/b.ts > f, src/c.py > g]\n  - claim: bad\n    at: src/d.rs\n---\n';
    paths.update({ hubs: ['hubs/*.md'], bundles: ['docs/concepts'] }, [loaded('hubs/h.md', hub)]);
    for (const rel of ['surf.toml', 'hubs/new.md', 'docs/concepts/deep/x.md', 'src/a.rs', 'src/b.ts', 'src/c.py']) expect(paths.includes(rel), rel).toBe(true);
    for (const rel of ['src/other.rs', 'src/sedAb12Cd', 'README.md', 'hubs/deep/x.md', 'src/d.rs', 'lib/surf.toml']) expect(paths.includes(rel), rel).toBe(false);
    // A hub edited to name another file, and a hub that went away.
    paths.update({ hubs: ['hubs/*.md'], bundles: [] }, [loaded('hubs/h.md', hub.replace('src/a.rs', 'src/e.rs'))]);
    expect([paths.includes('src/a.rs'), paths.includes('src/e.rs'), paths.includes('docs/concepts/x.md')]).toEqual([false, true, false]);
    paths.update({ hubs: ['hubs/*.md'], bundles: [] }, []);
    expect(paths.includes('src/e.rs')).toBe(false);
  });
});
