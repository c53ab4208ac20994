import { createRequire } from 'node:module';

/**
 * The CLI's version (`--version`, SARIF's `tool.driver.version`). Read from `../package.json`, so
 * this file stays at the root of src: from src, dist and the one-file bundle alike, that is the
 * package's own manifest.
 */
export const SURF_VERSION = (createRequire(import.meta.url)('../package.json') as { version: string }).version;
