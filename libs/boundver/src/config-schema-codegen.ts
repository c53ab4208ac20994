import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';

// The CommonJS module is the function itself and also carries it as `default`; TypeScript's
// NodeNext view of the default import is the module object.
const standaloneCode = standaloneModule.default;

/** File name of the committed, generated validator module beside this file. */
export const GENERATED_VALIDATOR_FILE = 'config-schema-validator.generated.ts';

/**
 * Source of a standalone validator module for the config JSON Schema. Compiling the schema with ajv
 * costs a few hundred milliseconds on every boundver start; the generated module costs a few. It is
 * committed and checked against this function by a test, so it can never drift from the schema.
 *
 * ajv's standalone output loads two small runtime helpers with `require`, so the module gets one
 * from `createRequire`; TypeScript checking is off for it because the code is generated.
 */
export function configValidatorSource(schema: Record<string, unknown>): string {
  const ajv = new Ajv2020({ allErrors: true, strict: false, code: { source: true, esm: true, lines: true } });
  const code = standaloneCode(ajv, ajv.compile(schema));
  return [
    '// @ts-nocheck',
    '// Generated from boundary.config.schema.json by configValidatorSource (config-schema-codegen.ts).',
    '// Do not edit: run `UPDATE_GOLDENS=1 npx vitest run libs/boundver/src/config-schema-codegen.spec.ts`.',
    "import { createRequire } from 'node:module';",
    'const require = createRequire(import.meta.url);',
    code.replace(/^"use strict";/, ''),
    '',
  ].join('\n');
}
