// Second step of `npm run build` (after `tsc -b`, before the bundles): compiles boundver's config
// JSON Schema with ajv's standalone code generator into libs/boundver/dist/config, beside the
// config-schema.js that imports it. The generated module is build output, not source: it is never
// committed, so it cannot drift from the schema. (Compiling the schema when boundver starts instead
// would cost every command about 0.2 CPU-seconds.)
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = join(ROOT, 'libs/boundver/dist');
const codegen = join(DIST, 'config/config-schema-codegen.js');
const clean = process.argv.includes('--clean');
// Nothing built, nothing to clean.
if (clean && !existsSync(codegen)) process.exit(0);
const { GENERATED_VALIDATOR_PATH, configValidatorSource } = await import(pathToFileURL(codegen).href);
const target = join(DIST, GENERATED_VALIDATOR_PATH);
if (clean) {
  rmSync(target, { force: true });
  process.exit(0);
}

const schema = JSON.parse(readFileSync(join(ROOT, 'libs/boundver/boundary.config.schema.json'), 'utf8'));
// Written beside its place and renamed over it, so a process loading boundver never reads half of it.
const temp = `${target}.tmp-${process.pid}`;
writeFileSync(temp, configValidatorSource(schema));
renameSync(temp, target);
