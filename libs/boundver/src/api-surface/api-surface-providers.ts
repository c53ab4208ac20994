import type { ApiSurfaceProvider } from './api-surface-types.js';
import { createSignaturesProvider } from './signatures.js';
import { createTypescriptApiProvider } from '../typescript-api/typescript-api.js';

/** An API-surface provider's factory and the version it writes to the lock. */
export interface ApiSurfaceFactory {
  /** Must equal the created provider's `version` (a test holds them together). */
  readonly version: string;
  create(): ApiSurfaceProvider;
}

/** The API-surface providers by config name. */
export const API_SURFACE_FACTORIES: ReadonlyMap<string, ApiSurfaceFactory> = new Map<string, ApiSurfaceFactory>([
  ['signatures', { version: '1', create: createSignaturesProvider }],
  ['typescript-api', { version: '1', create: createTypescriptApiProvider }],
]);
