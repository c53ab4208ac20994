// The esbuild options every bundle of `npm run build` shares (see bundle-clis.mjs for why each
// is bundled and what stays out), so the triage benchmark's rebuilt views (bundle-triage-view.mjs)
// are made exactly as the shipped one is.
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESM_BANNER } from './esm-banner.mjs';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const EXTERNAL = ['web-tree-sitter', '@driftgate/triage', 'ink', 'react'];

/**
 * ink imports its devtools module (which imports react-devtools-core, not installed) only when
 * DEV=true. Bundled as it is, that module's static import would sit at the top of the bundle and
 * fail every start; so ink's dynamic import asks for react-devtools-core itself, and with DEV=true
 * ink prints its own "not installed" warning, as it does unbundled.
 */
export function inkDevtoolsOnDemand() {
  return {
    name: 'ink-devtools-on-demand',
    setup(build) {
      build.onResolve({ filter: /^\.\/devtools\.js$/ }, (args) => (/[\\/]ink[\\/]build$/.test(args.resolveDir) ? { path: 'react-devtools-core', external: true } : undefined));
    },
  };
}

/**
 * esbuild options of one bundle: `entry` (compiled, repository-relative) into `out`, ES module for
 * Node 20, with the shared externals less `bundled`, plus `external`; `chunks` splits it at its
 * dynamic imports into `<chunks>-<hash>.js` files beside `out`.
 */
export function bundleBuildOptions({ entry, out, external = [], bundled = [], plugins = [], chunks }) {
  return {
    absWorkingDir: ROOT,
    ...(chunks === undefined
      ? { entryPoints: [entry], outfile: out }
      : { entryPoints: { [basename(out, '.js')]: entry }, outdir: join(ROOT, dirname(out)), splitting: true, chunkNames: `${chunks}-[hash]` }),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...EXTERNAL.filter((name) => !bundled.includes(name)), ...external],
    plugins,
    banner: { js: ESM_BANNER },
    logLevel: 'warning',
  };
}

/** `surf triage`'s view, with ink and React inside (see bundle-clis.mjs). */
export const TRIAGE_VIEW_BUNDLE = { entry: 'libs/triage/dist/index.js', out: 'tools/surf/dist/triage-view.js', bundled: ['ink', 'react'], plugins: [inkDevtoolsOnDemand()] };
