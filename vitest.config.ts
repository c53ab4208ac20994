import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';
import { configValidatorSource, GENERATED_VALIDATOR_FILE, GENERATED_VALIDATOR_PATH } from './libs/boundver/src/config/config-schema-codegen.js';

const lib = (name: string) => fileURLToPath(new URL(`./libs/${name}/src/index.ts`, import.meta.url));

const boundverSrc = fileURLToPath(new URL('./libs/boundver/src/', import.meta.url));

/**
 * boundver's config validator is build output (tools/build/config-validator.mjs writes it beside
 * the compiled config-schema.js). Tests that import boundver from source get the same module,
 * compiled from the schema when first imported, at the path the build would give it in src.
 */
function generatedConfigValidator(): Plugin {
  const id = `${boundverSrc}${GENERATED_VALIDATOR_PATH}`;
  return {
    name: 'driftgate:boundver-config-validator',
    enforce: 'pre',
    resolveId: (source, importer) => (source === `./${GENERATED_VALIDATOR_FILE}` && importer?.startsWith(boundverSrc) ? id : null),
    load(loaded) {
      if (loaded !== id) return null;
      const schema = JSON.parse(readFileSync(new URL('./libs/boundver/boundary.config.schema.json', import.meta.url), 'utf8')) as Record<string, unknown>;
      return configValidatorSource(schema);
    },
  };
}

// Unit tests import sibling packages from source so they run without a build; black-box tests
// under test/ run the built bins and so need `npm run build` first (as .ci/run does).
export default defineConfig({
  plugins: [generatedConfigValidator()],
  resolve: {
    alias: {
      '@driftgate/git': lib('git'),
      '@driftgate/syntax': lib('syntax'),
      '@driftgate/surf': lib('surf'),
      '@driftgate/boundver': lib('boundver'),
      '@driftgate/report': lib('report'),
      '@driftgate/triage': lib('triage'),
      '@driftgate/cli': lib('cli'),
      '@driftgate/lsp': lib('lsp'),
    },
  },
  test: {
    include: [
      'libs/*/src/**/*.spec.{ts,tsx}',
      'executors/src/**/*.spec.ts',
      'tools/*/src/**/*.spec.ts',
      'test/**/*.spec.ts',
    ],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
