import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SURF_CONFIG_FILE, type SurfConfig, parseSurfConfig } from '@driftgate/surf';
import { DriftgateNxError } from '../errors.js';

/**
 * `surf.toml` at the workspace root (never an ancestor's: that belongs to another workspace).
 * Throws `SURF_BAD_CONFIG` for an invalid file and `DRIFTGATE_NX_BAD_FILE` when there is none.
 */
export function surfConfigAt(workspaceRoot: string): SurfConfig {
  const configPath = join(workspaceRoot, SURF_CONFIG_FILE);
  let text: string;
  try {
    text = readFileSync(configPath, 'utf8');
  } catch (error) {
    throw new DriftgateNxError('DRIFTGATE_NX_BAD_FILE', `cannot read ${SURF_CONFIG_FILE} at the workspace root: ${(error as Error).message}; run \`nx g @driftgate/nx:init\``, {
      cause: error,
    });
  }
  return { root: workspaceRoot, configPath, ...parseSurfConfig(text) };
}
