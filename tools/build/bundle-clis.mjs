// Second step of `npm run build` (after `tsc -b`): bundles each CLI's compiled entry point into
// one ES module beside it (and surf's hashing worker, and the git benchmark's reader). Loading
// ~200 small modules (execa alone is over 100 files) cost a command 150–250 ms before it did
// any work; one file loads in about 50 ms. The libraries stay unbundled: the Nx executors and
// the tests import them.
//
// Kept out of the bundles, and resolved from node_modules at run time (so each CLI's package.json
// declares them):
// - web-tree-sitter finds its runtime .wasm beside its own module file (both engines parse through
//   @driftgate/syntax, which is bundled, so each CLI's package.json declares it and the grammars);
// - @driftgate/triage (ink, react, yoga's wasm, top-level await) is imported only by `surf triage`,
//   which therefore loads a second, unbundled copy of the surf engine: a one-off cost of that
//   interactive command;
// - boundver's yaml, smol-toml and ajv runtime helpers, the JUnit renderer's junit-report-builder
//   (it brings all of lodash), and the grammars' .wasm files, are loaded lazily through
//   createRequire, which a bundler leaves alone (surf imports yaml and smol-toml directly, so its
//   bundle carries them).
// Bundled code that reads `import.meta.url` must only look for files that sit at the same place
// relative to the bundle as to its own dist file (`../package.json`, `./hash-worker.js`).
import { build } from 'esbuild';
import { ESM_BANNER } from './esm-banner.mjs';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Bundled file → compiled entry it starts from, both relative to the repository root. */
const BUNDLES = [
  // `surf triage` imports boundver for its boundary view only; everything else in surf never does.
  { entry: 'tools/surf/dist/main.js', out: 'tools/surf/dist/surf-cli.js', external: ['@driftgate/boundver'] },
  // Found by the surf engine as `./hash-worker.js` next to the module that starts the pool.
  { entry: 'libs/surf/dist/pool/hash-worker.js', out: 'tools/surf/dist/hash-worker.js' },
  { entry: 'tools/boundver/dist/main.js', out: 'tools/boundver/dist/boundver-cli.js' },
  // The git benchmark's measured process loads the git layer the way the CLIs above do.
  { entry: 'tools/bench/dist/workers/read-all-blobs.js', out: 'tools/bench/dist/workers/read-all-blobs.bundle.js' },
];

const EXTERNAL = ['web-tree-sitter', '@driftgate/triage', 'ink', 'react'];

if (process.argv.includes('--clean')) {
  for (const { out } of BUNDLES) rmSync(join(ROOT, out), { force: true });
  process.exit(0);
}

await Promise.all(
  BUNDLES.map(({ entry, out, external = [] }) =>
    build({
      absWorkingDir: ROOT,
      entryPoints: [entry],
      outfile: out,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: [...EXTERNAL, ...external],
      banner: { js: ESM_BANNER },
      logLevel: 'warning',
    }),
  ),
);
