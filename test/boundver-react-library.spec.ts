import { spawnSync } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIT_TEST_ENV, type TempRepo, createTempRepo } from './support/temp-repo.js';

// boundver's typescript-api provider on React libraries laid out as nrwl/nx-examples has them
// (`project.json` only, an index that re-exports a committed `.tsx` component extensionless), on
// a `.mts` library and on a library re-exporting another through the workspace's tsconfig `paths`:
// the lock records what the workspace's own TypeScript sees, and a props change is exit 4.

const BIN = fileURLToPath(new URL('../tools/boundver/bin/boundver.js', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

function bv(cwd: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const PAGE = 'libs/cart/cart-page/src/lib/cart-cart-page/cart-cart-page.tsx';
const COMPONENT = `import styles from './cart-cart-page.module.css';

/* eslint-disable-next-line */
export interface CartCartPageProps {}

export function CartCartPage(props: CartCartPageProps) {
  return (
    <div className={styles['container']}>
      <h1>Welcome to CartCartPage!</h1>
    </div>
  );
}

export default CartCartPage;
`;

const component = (path: string) => ({ path, boundary: { provider: 'typescript-api', paths: ['src/index.ts'] } });

const FILES: Record<string, string> = {
  'package.json': `${JSON.stringify({ name: '@nx-example/source', private: true, devDependencies: { typescript: '5.9.3' } }, null, 2)}\n`,
  'nx.json': '{}\n',
  '.gitignore': 'node_modules\ndist\n',
  'tsconfig.base.json': `${JSON.stringify({ compilerOptions: { baseUrl: '.', jsx: 'react-jsx', paths: { '@nx-example/shared/product/types': ['libs/shared/product/types/src/index.ts'] } } }, null, 2)}\n`,
  'libs/cart/cart-page/project.json': '{ "name": "cart-cart-page", "sourceRoot": "libs/cart/cart-page/src", "projectType": "library" }\n',
  'libs/cart/cart-page/src/index.ts': "export * from './lib/cart-cart-page/cart-cart-page';\n",
  [PAGE]: COMPONENT,
  'libs/cart/cart-page/src/lib/cart-cart-page/cart-cart-page.module.css': '.container {}\n',
  'libs/shared/product/types/project.json': '{ "name": "shared-product-types", "projectType": "library" }\n',
  'libs/shared/product/types/src/index.ts': "export * from './lib/shared-product-types';\n",
  'libs/shared/product/types/src/lib/shared-product-types.ts': 'export interface Product {\n  id: string;\n  price: number;\n}\n',
  'libs/shared/product/ui/project.json': '{ "name": "shared-product-ui", "projectType": "library" }\n',
  'libs/shared/product/ui/src/index.ts': "export * from '@nx-example/shared/product/types';\nexport * from './lib/price.mjs';\n",
  'libs/shared/product/ui/src/lib/price.mts': 'export function formatPrice(cents: number): string {\n  return `${cents / 100}`;\n}\n',
  'boundary.config.json': `${JSON.stringify(
    {
      project: 'nx-examples',
      components: {
        'cart-cart-page': component('libs/cart/cart-page'),
        'shared-product-types': component('libs/shared/product/types'),
        'shared-product-ui': component('libs/shared/product/ui'),
      },
    },
    null,
    2,
  )}\n`,
};

let repo: TempRepo;
let base: string;
let generated: { status: number | null; stdout: string; stderr: string };

beforeAll(() => {
  repo = createTempRepo(FILES);
  // The workspace's own typescript, as an installed workspace has it.
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(repo.dir, 'node_modules'), 'dir');
  generated = bv(repo.dir, ['generate']);
  base = repo.commit('boundary lock');
});
afterAll(() => repo?.dispose());

function symbolsOf(name: string): string[] {
  const lock = JSON.parse(readFileSync(join(repo.dir, 'boundary.lock.json'), 'utf8'));
  return Object.keys(lock.components[name].boundary_metadata.api_symbols);
}

function verifyAfter(file: string, edit: (text: string) => string): { status: number | null; out: string } {
  repo.git('reset', '-q', '--hard', base);
  const path = join(repo.dir, file);
  writeFileSync(path, edit(readFileSync(path, 'utf8')));
  repo.commit('edit');
  const run = bv(repo.dir, ['verify']);
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe('boundver typescript-api on React libraries and the resolution TypeScript does', () => {
  it('records the symbols of a committed .tsx component re-exported extensionless (export * leaves default out), with no note to commit it', () => {
    expect(generated.status, generated.stderr).toBe(0);
    expect(generated.stderr).not.toContain('not in the snapshot');
    expect(symbolsOf('cart-cart-page')).toEqual(['src/index.ts#CartCartPage', 'src/index.ts#CartCartPageProps']);
  });

  it('follows .mjs specifiers to .mts files and re-exports through tsconfig paths', () => {
    expect(symbolsOf('shared-product-ui')).toEqual(['src/index.ts#Product', 'src/index.ts#formatPrice']);
  });

  it('a props change of the React component is a boundary change (exit 4)', () => {
    const run = verifyAfter(PAGE, (text) => text.replace('export interface CartCartPageProps {}', 'export interface CartCartPageProps {\n  title: string;\n}'));
    expect(run.status, run.out).toBe(4);
    expect(run.out).toContain('API CHANGE cart-cart-page: changed `src/index.ts#CartCartPageProps`');
  });

  it('a markup change of the React component is implementation only (exit 1)', () => {
    const run = verifyAfter(PAGE, (text) => text.replace('Welcome to CartCartPage!', 'Your cart'));
    expect(run.status, run.out).toBe(1);
    expect(run.out).not.toContain('API CHANGE');
  });

  it('a change in a library re-exported through tsconfig paths is a boundary change of the re-exporter (exit 4)', () => {
    const run = verifyAfter('libs/shared/product/types/src/lib/shared-product-types.ts', (text) => text.replace('price: number;', 'price: bigint;'));
    expect(run.status, run.out).toBe(4);
    expect(run.out).toContain('API CHANGE shared-product-ui: changed `src/index.ts#Product`');
  });
});
