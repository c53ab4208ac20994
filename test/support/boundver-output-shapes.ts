import { Ajv, type ValidateFunction } from 'ajv';

// The output shapes the reference boundver (0.15, lock v3) documents for `--format json` of the
// commands below, restated here as JSON schemas: the field names, types and closedness its
// published schemas require. No licence could be confirmed for the reference's schema files, so
// they are not vendored; these shapes are written from what they state.

const name = { type: 'string', minLength: 1 } as const;
const names = { type: 'array', items: name, uniqueItems: true } as const;
const namedPath = { type: 'object', required: ['name', 'path'], additionalProperties: false, properties: { name, path: name } } as const;

/** `boundver discover --format json` (v0.15): `config_diff` only with --diff-config. */
export const DISCOVER_SHAPE = {
  type: 'object',
  required: ['count', 'components', 'excluded'],
  additionalProperties: false,
  properties: {
    count: { type: 'integer', minimum: 0 },
    components: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['path', 'boundary'],
        properties: {
          path: { type: 'string' },
          version_source: { type: ['object', 'null'], properties: { file: { type: 'string' }, field: { type: 'string' } } },
          boundary: { type: 'object', required: ['provider', 'paths'], properties: { provider: { type: 'string' }, paths: { type: 'array', items: { type: 'string' } } } },
        },
      },
    },
    excluded: { type: 'array', items: name, uniqueItems: true, maxItems: 1000 },
    config_diff: {
      type: 'object',
      required: ['registered_count', 'unregistered_count', 'not_discovered_count', 'registered', 'unregistered', 'not_discovered'],
      additionalProperties: false,
      properties: {
        registered_count: { type: 'integer', minimum: 0 },
        unregistered_count: { type: 'integer', minimum: 0 },
        not_discovered_count: { type: 'integer', minimum: 0 },
        registered: {
          type: 'array',
          items: { type: 'object', required: ['discovered_name', 'path', 'configured_names'], additionalProperties: false, properties: { discovered_name: name, path: name, configured_names: names } },
        },
        unregistered: { type: 'array', items: namedPath },
        not_discovered: { type: 'array', items: namedPath },
      },
    },
  },
} as const;

const sha256 = { type: 'string', pattern: '^[0-9a-f]{64}$' } as const;
const facet = { enum: ['exact', 'behavior', 'boundary', 'compat'] } as const;

/** A `verify` baseline file (`boundver-verify-baseline/v1`): scope, digests, and sorted violation identities. */
export const VERIFY_BASELINE_SHAPE = {
  type: 'object',
  required: ['$schema', 'schema', 'project', 'lock_schema', 'lock_digest', 'config_contract', 'source', 'components_filter', 'facets', 'transitive', 'policy_digest', 'violations'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string', minLength: 1 },
    schema: { const: 'boundver-verify-baseline/v1' },
    project: name,
    lock_schema: name,
    lock_digest: sha256,
    config_contract: name,
    source: { enum: ['head', 'index', 'working-tree'] },
    components_filter: names,
    facets: { oneOf: [{ type: 'null' }, { type: 'array', items: facet, uniqueItems: true }] },
    transitive: { type: 'boolean' },
    policy_digest: sha256,
    violations: {
      type: 'array',
      uniqueItems: true,
      items: {
        type: 'object',
        required: ['id', 'kind', 'subject', 'facet'],
        additionalProperties: false,
        properties: { id: sha256, kind: { enum: ['component-facet', 'slice-facet', 'affected-consumers'] }, subject: name, facet: name },
        allOf: [
          { if: { properties: { kind: { enum: ['component-facet', 'slice-facet'] } } }, then: { properties: { facet } } },
          { if: { properties: { kind: { const: 'affected-consumers' } } }, then: { properties: { facet: { enum: ['direct', 'transitive'] } } } },
        ],
      },
    },
  },
} as const;

const validators = new Map<object, ValidateFunction>();

/** ajv's complaints about `value` against `shape`; empty when it conforms. */
export function shapeErrors(shape: object, value: unknown): string[] {
  let validate = validators.get(shape);
  if (validate === undefined) {
    validate = new Ajv({ allErrors: true, strict: false }).compile(shape);
    validators.set(shape, validate);
  }
  return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
}
