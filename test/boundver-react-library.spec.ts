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

// Components wrapped in memo() / forwardRef(): the snapshot never reads react, so their checker type
// is \`any\`; the lock records the call as written and the wrapped function's signature instead.
const INPUT = 'libs/ui/input/src/lib/input.tsx';
const WRAPPED = `import * as React from 'react';
import { forwardRef, memo } from 'react';
import { Fancy } from 'some-ui-kit';

interface InputProps {
  label: string;
}

export const Input = forwardRef<HTMLInputElement, InputProps>((props, ref) => <input ref={ref} aria-label={props.label} />);

export const Badge = React.memo(function Badge(props: { count: number }) {
  return <span>{props.count}</span>;
});

function Card(props: { title: string }) {
  return <div>{props.title}</div>;
}
export const MemoCard = memo(Card);

export const Field = memo(forwardRef<HTMLInputElement, InputProps>((props, ref) => <input ref={ref} placeholder={props.label} />));

export const FancyMemo = memo(Fancy);
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
  'libs/ui/input/project.json': '{ "name": "ui-input", "projectType": "library" }\n',
  'libs/ui/input/src/index.ts': "export * from './lib/input';\n",
  [INPUT]: WRAPPED,
  'boundary.config.json': `${JSON.stringify(
    {
      project: 'nx-examples',
      components: {
        'cart-cart-page': component('libs/cart/cart-page'),
        'shared-product-types': component('libs/shared/product/types'),
        'shared-product-ui': component('libs/shared/product/ui'),
        'ui-input': component('libs/ui/input'),
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

describe('boundver typescript-api on components wrapped in memo() and forwardRef()', () => {
  it('records every wrapped component, and says which one it cannot gate', () => {
    expect(generated.status, generated.stderr).toBe(0);
    expect(symbolsOf('ui-input')).toEqual(['src/index.ts#Badge', 'src/index.ts#FancyMemo', 'src/index.ts#Field', 'src/index.ts#Input', 'src/index.ts#MemoCard']);
    expect(generated.stderr).toMatch(/ui-input: FancyMemo wraps `Fancy`, which the snapshot cannot resolve, so its API is not gated/);
    expect(generated.stderr).not.toMatch(/ui-input: (Input|Badge|MemoCard|Field) /);
  });

  it('a ref-type change of forwardRef<Ref, Props> is a boundary change (exit 4)', () => {
    const run = verifyAfter(INPUT, (text) => text.replace('export const Input = forwardRef<HTMLInputElement,', 'export const Input = forwardRef<HTMLTextAreaElement,'));
    expect(run.status, run.out).toBe(4);
    expect(run.out).toContain('API CHANGE ui-input: changed `src/index.ts#Input`');
  });

  it('a change of the (unexported) props type of a forwardRef component is a boundary change (exit 4)', () => {
    const run = verifyAfter(INPUT, (text) => text.replace('  label: string;\n', '  label: string;\n  size: number;\n'));
    expect(run.status, run.out).toBe(4);
    expect(run.out).toContain('API CHANGE ui-input: changed `src/index.ts#Field`, `src/index.ts#Input`');
  });

  it('a props change of the function React.memo wraps is a boundary change (exit 4)', () => {
    const run = verifyAfter(INPUT, (text) => text.replace('props: { count: number }', 'props: { count: bigint }'));
    expect(run.status, run.out).toBe(4);
    expect(run.out).toContain('API CHANGE ui-input: changed `src/index.ts#Badge`');
  });

  it('a props change of a function memo(Card) names by identifier is a boundary change (exit 4)', () => {
    const run = verifyAfter(INPUT, (text) => text.replace('props: { title: string }', 'props: { title: string; footer?: string }'));
    expect(run.status, run.out).toBe(4);
    expect(run.out).toContain('API CHANGE ui-input: changed `src/index.ts#MemoCard`');
  });

  it('a ref-type change inside memo(forwardRef(...)) is a boundary change (exit 4)', () => {
    const run = verifyAfter(INPUT, (text) => text.replace('memo(forwardRef<HTMLInputElement,', 'memo(forwardRef<HTMLTextAreaElement,'));
    expect(run.status, run.out).toBe(4);
    expect(run.out).toContain('API CHANGE ui-input: changed `src/index.ts#Field`');
  });

  it('a markup change inside the wrapped functions is implementation only (exit 1)', () => {
    const run = verifyAfter(INPUT, (text) => text.replace('<span>{props.count}</span>', '<b>{props.count}</b>').replace('placeholder={props.label}', 'title={props.label}'));
    expect(run.status, run.out).toBe(1);
    expect(run.out).not.toContain('API CHANGE');
    // verify says it too, every run: the gap is still there.
    expect(run.out).toContain('ui-input: FancyMemo wraps `Fancy`, which the snapshot cannot resolve, so its API is not gated');
  });
});
