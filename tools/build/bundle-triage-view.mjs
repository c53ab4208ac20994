// `node tools/build/bundle-triage-view.mjs --out <file> [--ink-from <dir>] [--incremental]`: the
// triage view bundled as `npm run build` bundles it, but with ink and React taken from the
// node_modules under <dir> (another ink release, installed there) and, with --incremental, ink's
// incremental rendering on. Only the triage benchmark uses it, to measure other ink releases
// against the shipped bundle; nothing it writes is shipped.
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { TRIAGE_VIEW_BUNDLE, bundleBuildOptions } from './bundle-options.mjs';

const { values } = parseArgs({ options: { out: { type: 'string' }, 'ink-from': { type: 'string' }, incremental: { type: 'boolean', default: false } } });
if (values.out === undefined) {
  process.stderr.write('usage: node tools/build/bundle-triage-view.mjs --out <file> [--ink-from <dir>] [--incremental]\n');
  process.exit(2);
}

/** ink and React (and what they import by those names) resolved from `dir` wherever our code asks. */
function resolveFrom(dir) {
  return {
    name: 'ink-from',
    setup(b) {
      b.onResolve({ filter: /^(ink|react)(\/.*)?$/ }, async (args) => {
        if (args.pluginData === 'ink-from' || !relative(dir, args.resolveDir).startsWith('..')) return undefined;
        const found = await b.resolve(args.path, { kind: args.kind, resolveDir: dir, pluginData: 'ink-from' });
        return found.errors.length > 0 ? { errors: found.errors } : { path: found.path, external: found.external, sideEffects: found.sideEffects };
      });
    },
  };
}

/** The view's `render` call with `incrementalRendering: true`; fails loudly if the call changed. */
function incrementalRendering() {
  return {
    name: 'incremental-rendering',
    setup(b) {
      b.onLoad({ filter: /[\\/]libs[\\/]triage[\\/]dist[\\/]run-triage\.js$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('maxFps: 120,')) throw new Error('run-triage.js no longer passes `maxFps: 120,` to render: update bundle-triage-view.mjs');
        return { contents: text.replace('maxFps: 120,', 'maxFps: 120, incrementalRendering: true,'), loader: 'js' };
      });
    },
  };
}

const plugins = [
  ...(values['ink-from'] !== undefined ? [resolveFrom(resolve(values['ink-from']))] : []),
  ...(values.incremental ? [incrementalRendering()] : []),
  ...TRIAGE_VIEW_BUNDLE.plugins,
];
await build(bundleBuildOptions({ ...TRIAGE_VIEW_BUNDLE, out: resolve(values.out), plugins }));
