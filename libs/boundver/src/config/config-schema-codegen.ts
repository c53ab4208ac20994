import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';

// The CommonJS module is the function itself and also carries it as `default`; TypeScript's
// NodeNext view of the default import is the module object.
const standaloneCode = standaloneModule.default;

/** File name of the generated validator module, beside config-schema.js in the build directory. */
export const GENERATED_VALIDATOR_FILE = 'config-schema-validator.generated.js';

/**
 * Where that module lives under the package's `dist/` (written by the build) and, for tests that
 * import the package from source, under `src/`: in the config stage folder, beside config-schema.
 */
export const GENERATED_VALIDATOR_PATH = `config/${GENERATED_VALIDATOR_FILE}`;

/**
 * Source of a standalone validator module for the config JSON Schema. Compiling the schema with ajv
 * costs a few hundred milliseconds on every boundver start; the generated module costs a few. The
 * build writes it (tools/build/config-validator.mjs), so it always matches the schema it ships with
 * and is never committed.
 *
 * ajv's standalone output loads two small runtime helpers with `require`, so the module gets one
 * from `createRequire`.
 */
export function configValidatorSource(schema: Record<string, unknown>): string {
  const ajv = new Ajv2020({ allErrors: true, strict: false, code: { source: true, esm: true, lines: true } });
  const code = standaloneCode(ajv, ajv.compile(schema));
  return [
    '// Generated from boundary.config.schema.json by configValidatorSource (config-schema-codegen.ts) during the build.',
    "import { createRequire } from 'node:module';",
    'const require = createRequire(import.meta.url);',
    code.replace(/^"use strict";/, ''),
    '',
  ].join('\n');
}
