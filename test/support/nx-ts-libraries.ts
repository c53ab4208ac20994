import { symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type TempRepo, createTempRepo } from './temp-repo.js';

// A git repository shaped like `create-nx-workspace --preset=ts`, with libraries written by the
// real `@nx/js:library` generator (the installed 23.2.1), in-process and offline. Its
// node_modules is a link to this repository's, as an installed workspace has its own.

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface GeneratorTree {
  listChanges(): unknown[];
}
interface NxTreeModule {
  FsTree: new (root: string, verbose: boolean) => GeneratorTree;
  flushChanges(root: string, changes: unknown[]): void;
}
type LibraryGenerator = (tree: GeneratorTree, options: Record<string, unknown>) => Promise<unknown>;

const WORKSPACE = {
  'package.json': `${JSON.stringify({ name: '@ws/source', version: '0.0.0', private: true, workspaces: ['packages/*'], devDependencies: { '@nx/js': '23.2.1', nx: '23.2.1', typescript: '5.9.3' } }, null, 2)}\n`,
  'nx.json': `${JSON.stringify({ plugins: [{ plugin: '@nx/js/typescript', options: { typecheck: { targetName: 'typecheck' }, build: { targetName: 'build', configName: 'tsconfig.lib.json' } } }] }, null, 2)}\n`,
  'tsconfig.base.json': `${JSON.stringify(
    {
      compilerOptions: {
        composite: true,
        declarationMap: true,
        emitDeclarationOnly: true,
        importHelpers: true,
        isolatedModules: true,
        lib: ['es2022'],
        module: 'nodenext',
        moduleResolution: 'nodenext',
        strict: true,
        target: 'es2022',
        customConditions: ['@ws/source'],
      },
    },
    null,
    2,
  )}\n`,
  'tsconfig.json': `${JSON.stringify({ extends: './tsconfig.base.json', compileOnSave: false, files: [], references: [] }, null, 2)}\n`,
  '.gitignore': 'node_modules\ndist\n',
};


/**
 * Runs `nx g @nx/js:lib <directory> --bundler <bundler>` for each library into a fresh workspace
 * and commits the result. The caller disposes of the repository.
 */
export async function generateNxTsLibraries(libraries: ReadonlyArray<readonly [directory: string, bundler: 'tsc' | 'none']>): Promise<TempRepo> {
  const repo = createTempRepo(WORKSPACE);
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(repo.dir, 'node_modules'), 'dir');
  const require = createRequire(join(REPO_ROOT, 'package.json'));
  const { FsTree, flushChanges } = require('nx/src/generators/tree') as NxTreeModule;
  const { libraryGenerator } = require('@nx/js') as { libraryGenerator: LibraryGenerator };
  for (const [directory, bundler] of libraries) {
    const tree = new FsTree(repo.dir, false);
    // skipPackageJson: no root dependency changes, so the generator schedules no npm install.
    await libraryGenerator(tree, { directory, bundler, unitTestRunner: 'none', linter: 'none', skipFormat: true, skipPackageJson: true, useProjectJson: false });
    flushChanges(repo.dir, tree.listChanges());
  }
  repo.commit('nx g @nx/js:lib');
  return repo;
}
