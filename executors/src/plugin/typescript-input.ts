import type { TargetConfiguration } from '@nx/devkit';
import { lockedInWorkspace } from './locked-packages.js';

/** One entry of a target's `inputs`. */
type InputDefinition = NonNullable<TargetConfiguration['inputs']>[number];

/** The package the `typescript-api` provider loads from the workspace root. */
const TYPESCRIPT = 'typescript';

/**
 * The workspace's TypeScript as an input of the boundary targets of `typescript-api` components:
 * the surface they record is what that compiler reports, so another compiler version must be a
 * cache miss.
 * - locked (Nx has an npm node for it): `externalDependencies`, hashed from the lock;
 * - otherwise: a runtime input printing the installed version, or `none` — Nx refuses a target
 *   whose `externalDependencies` name a package it has no node for, and a workspace may have no
 *   TypeScript at all.
 */
export function typescriptInputs(workspaceRoot: string): readonly InputDefinition[] {
  // No memo: stamping the lock files by their bytes reads them as often as answering does.
  return lockedInWorkspace(workspaceRoot, TYPESCRIPT) ? [{ externalDependencies: [TYPESCRIPT] }] : [{ runtime: INSTALLED_VERSION }];
}

// Runtime inputs run in the workspace root, where the provider resolves the package from too.
const INSTALLED_VERSION = `node -p "try{require(require.resolve('${TYPESCRIPT}/package.json',{paths:[process.cwd()]})).version}catch{'none'}"`;
