import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const lib = (name: string) => fileURLToPath(new URL(`./libs/${name}/src/index.ts`, import.meta.url));

// Unit tests import sibling packages from source so they run without a build; black-box tests
// under test/ run the built bins and so need `npm run build` first (as .ci/run does).
export default defineConfig({
  resolve: {
    alias: {
      '@driftgate/git': lib('git'),
      '@driftgate/syntax': lib('syntax'),
      '@driftgate/surf': lib('surf'),
      '@driftgate/boundver': lib('boundver'),
      '@driftgate/report': lib('report'),
      '@driftgate/triage': lib('triage'),
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
