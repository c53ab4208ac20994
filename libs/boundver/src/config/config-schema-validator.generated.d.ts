import type { ErrorObject } from 'ajv';

// The module itself is not in the repository: `npm run build` compiles the config schema with
// ajv's standalone code generator (configValidatorSource in config-schema-codegen.ts) into the
// build directory beside config-schema.js, and the test runner compiles it the same way when a
// test imports this package from source (vitest.config.ts). This file declares what it exports.

/** The config schema's validator: true when the document conforms; `errors` holds why not. */
export declare const validate: {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
};
