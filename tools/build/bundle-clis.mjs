// Second step of `npm run build` (after `tsc -b`): bundles each CLI's compiled entry point into
// one ES module beside it (and surf's hashing worker, and the git benchmark's reader). Loading
// ~200 small modules, one file each, cost a command 150–250 ms before it did any work; one file
// loads in about 50 ms. The libraries stay unbundled: the Nx executors and the tests import them.
//
// Kept out of the bundles, and resolved from node_modules at run time (so each CLI's package.json
// declares them):
// - web-tree-sitter finds its runtime .wasm beside its own module file (both engines parse through
//   @driftgate/syntax, which is bundled, so each CLI's package.json declares it and the grammars);
// - @driftgate/triage (ink, react, yoga's wasm, top-level await) is imported only by `surf triage`:
//   it is its own bundle, `triage-view.js` beside the CLI's, with ink and React inside and its own
//   copy of the engine, which surf-cli.js imports by that relative path. Unbundled, the view was
//   hundreds of modules (React's CommonJS files each scanned for exports, the engine a second time)
//   and loading it cost about 0.8 s of CPU, all of it on the thread that runs the check, so the
//   first frame came that much after the check; bundled it takes about 0.15 s. React still picks
//   its build from NODE_ENV when the view is imported (see command-triage.ts), as in the
//   published package;
// - boundver's yaml, smol-toml and ajv runtime helpers, the JUnit renderer's junit-report-builder
//   (it brings all of lodash), and the grammars' .wasm files, are loaded lazily through
//   createRequire, which a bundler leaves alone (surf imports yaml and smol-toml directly, so its
//   bundle carries them).
// Bundled code that reads `import.meta.url` must only look for files that sit at the same place
// relative to the bundle as to its own dist file (`../package.json`, `./hash-worker.js`).
import { build } from 'esbuild';
import { ROOT, TRIAGE_VIEW_BUNDLE, bundleBuildOptions } from './bundle-options.mjs';
import { writeBundleKey } from './bundle-key.mjs';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Bundled file → compiled entry it starts from, both relative to the repository root. */
const BUNDLES = [
  // `surf triage` imports boundver for its boundary view only; everything else in surf never does.
  // Split at its dynamic imports (the language server's modules, about a quarter of it), so other
  // commands neither compile nor evaluate them: `surf --version` went from about 98 to 73 ms. The
  // chunks sit flat beside the entry, where `./hash-worker.js` and `../package.json` resolve the
  // same from every chunk.
  { entry: 'tools/surf/dist/main.js', out: 'tools/surf/dist/surf-cli.js', external: ['@driftgate/boundver'], plugins: [triageViewBeside()], chunks: 'surf-chunk' },
  // `surf triage`'s view, imported by surf-cli.js as `./triage-view.js`.
  TRIAGE_VIEW_BUNDLE,
  // Found by the surf engine as `./hash-worker.js` next to the module that starts the pool.
  { entry: 'libs/surf/dist/pool/hash-worker.js', out: 'tools/surf/dist/hash-worker.js' },
  { entry: 'tools/boundver/dist/main.js', out: 'tools/boundver/dist/boundver-cli.js' },
  // The git benchmark's measured process loads the git layer the way the CLIs above do.
  { entry: 'tools/bench/dist/workers/read-all-blobs.js', out: 'tools/bench/dist/workers/read-all-blobs.bundle.js' },
];

/** Resolves the CLI's `import('@driftgate/triage')` to the view bundle beside it, left external. */
function triageViewBeside() {
  return {
    name: 'triage-view-beside',
    setup(build) {
      build.onResolve({ filter: /^@driftgate\/triage$/ }, () => ({ path: './triage-view.js', external: true }));
    },
  };
}

/** Removes a bundle and, for a split one, every chunk an earlier build left beside it. */
function removeBundle({ out, chunks }) {
  rmSync(join(ROOT, out), { force: true });
  if (chunks === undefined) return;
  const dir = join(ROOT, dirname(out));
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) if (name.startsWith(`${chunks}-`) && name.endsWith('.js')) rmSync(join(dir, name), { force: true });
}

if (process.argv.includes('--clean')) {
  for (const bundle of BUNDLES) removeBundle(bundle);
  process.exit(0);
}

// Stale chunks would stay beside the new ones (their names carry a content hash), and surf's
// engine key hashes every module file of its folder.
for (const bundle of BUNDLES) if (bundle.chunks !== undefined) removeBundle(bundle);

await Promise.all(BUNDLES.map((bundle) => build(bundleBuildOptions(bundle))));
// The bins' compile cache is named by this key (see bundle-key.mjs).
for (const cli of ['surf', 'boundver']) writeBundleKey(join(ROOT, `tools/${cli}/dist`));
