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

// `boundver review --format json` (boundver-review/v1) and `--format plan` (boundver-plan/v1), as
// of the 0.15 line with its structural explanation.
const oid = { type: 'string', pattern: '^(?:[0-9a-f]{40}|[0-9a-f]{64})$' } as const;
const nullableSha = { oneOf: [sha256, { type: 'null' }] } as const;
const source = { enum: ['base', 'target', 'both'] } as const;
const facetList = { oneOf: [{ type: 'null' }, { type: 'array', items: facet, uniqueItems: true }] } as const;
const closed = (properties: Record<string, unknown>, required = Object.keys(properties)) => ({ type: 'object', required, additionalProperties: false, properties });
const changePair = closed({ before: {}, after: {} });
const endpoint = closed({ requested_ref: name, requested_commit: oid, commit: oid, tree: oid, source: { const: 'git-commit' }, config: name, lock: name });
const facetPolicy = closed({
  explicit: facetList,
  defaults: facetList,
  components: { type: 'object', additionalProperties: { type: 'array', items: facet, uniqueItems: true } },
  slices: { type: 'object', additionalProperties: closed({ mode: facet, gated: { type: 'boolean' } }) },
});
const selected = closed({ base: { type: 'boolean' }, target: { type: 'boolean' }, effective: { type: 'boolean' } });
const sourcedName = closed({ name, source });
const consumerImpact = closed({
  component: name,
  trigger_facets: { type: 'array', items: { enum: ['boundary', 'compat'] }, uniqueItems: true },
  graph_changed: { type: 'boolean' },
  transitive: { type: 'boolean' },
  components: { type: 'array', items: sourcedName },
  external_consumers: { type: 'array', items: sourcedName },
  edges: { type: 'array', items: closed({ from: name, to: name, kind: { enum: ['component', 'external'] }, source }) },
});
const sliceImpact = closed({ name, source, changed: { type: 'boolean' }, components: { type: 'array', items: closed({ name, roles: { type: 'array', items: { enum: ['changed', 'consumer'] }, uniqueItems: true }, source }) } });
const jsonType = { oneOf: [{ enum: ['object', 'array', 'string', 'integer', 'number', 'boolean', 'null'] }, { type: 'null' }] } as const;
const structuralInput = closed({
  endpoint: { enum: ['base', 'target'] },
  requested_ref: name,
  requested_commit: oid,
  commit: oid,
  tree: oid,
  source: { const: 'git-commit' },
  present: { type: 'boolean' },
  component_path: { type: ['string', 'null'] },
  provider: { type: ['string', 'null'] },
  provider_version: { type: ['string', 'null'] },
  boundary_digest: nullableSha,
});
const structuralReport = {
  ...closed({
    component: name,
    status: { enum: ['complete', 'unavailable'] },
    complete: { type: 'boolean' },
    truncated: { type: 'boolean' },
    interface: { const: 'boundver-structural-diff/v1' },
    claim: { const: 'structural-explanation-only' },
    inputs: closed({ base: structuralInput, target: structuralInput }),
    reason: {
      oneOf: [
        { type: 'null' },
        { enum: ['component-absent', 'provider-changed', 'provider-version-changed', 'provider-implementation-changed', 'provider-unsupported', 'provider-interface-unsupported', 'provider-unavailable', 'limit-exceeded'] },
      ],
    },
    detail: { type: ['string', 'null'] },
    documents: {
      type: 'array',
      items: closed({
        label: name,
        status: { enum: ['added', 'removed', 'changed'] },
        changes: { type: 'array', minItems: 1, items: closed({ kind: { enum: ['added', 'removed', 'changed'] }, path: { type: 'string', pattern: '^(?:|(?:/(?:[^~]|~[01])*)*)$' }, before_type: jsonType, after_type: jsonType }) },
      }),
    },
    summary: closed({ added: { type: 'integer', minimum: 0 }, removed: { type: 'integer', minimum: 0 }, changed: { type: 'integer', minimum: 0 } }),
  }),
  if: { properties: { status: { const: 'complete' } }, required: ['status'] },
  then: { properties: { complete: { const: true }, truncated: { const: false }, reason: { type: 'null' }, detail: { type: 'null' }, documents: { minItems: 1 } } },
  else: { properties: { complete: { const: false }, reason: { type: 'string' }, detail: { type: 'string', minLength: 1 }, documents: { maxItems: 0 }, summary: { const: { added: 0, removed: 0, changed: 0 } } } },
};
const structuralChanges = closed({
  complete: { type: 'boolean' },
  truncated: { type: 'boolean' },
  interface: { const: 'boundver-structural-diff/v1' },
  claim: { const: 'structural-explanation-only' },
  reports: { type: 'array', items: structuralReport },
});
const request = closed({ base: name, target: name, merge_base: { type: 'boolean' } });
const history = closed({ repository_shallow: { type: 'boolean' }, requirement: name });
const policy = closed({
  compared_facets: { const: ['exact', 'behavior', 'boundary', 'compat'] },
  explicit_facets: facetList,
  impact: { enum: ['direct', 'transitive'] },
  base: facetPolicy,
  target: facetPolicy,
});
const status = { enum: ['added', 'removed', 'changed'] } as const;
const count = { type: 'integer', minimum: 0 } as const;

export const REVIEW_SHAPE = closed({
  schema: { const: 'boundver-review/v1' },
  complete: { const: true },
  request,
  history,
  endpoints: closed({ base: endpoint, target: endpoint }),
  policy,
  metadata: { type: 'object', additionalProperties: false, properties: { project: changePair, config_contract: changePair, config_digest: changePair } },
  components: closed({
    changed: {
      type: 'array',
      items: closed({
        name,
        status,
        before_version: { type: ['string', 'null'] },
        after_version: { type: ['string', 'null'] },
        facets: { type: 'array', items: closed({ facet, before: nullableSha, after: nullableSha, selected }) },
        metadata: { type: 'object', additionalProperties: changePair },
      }),
    },
    unchanged: names,
  }),
  structural_changes: structuralChanges,
  consumer_impact: { type: 'array', items: consumerImpact },
  slices: closed({ changed: { type: 'array', items: closed({ name, status, before: nullableSha, after: nullableSha, metadata: { type: 'object', additionalProperties: changePair } }) }, unchanged: names }),
  slice_impact: { type: 'array', items: sliceImpact },
  summary: closed({ changed_components: count, consumer_impacts: count, changed_slices: count, impacted_slices: count }),
});

export const PLAN_SHAPE = closed({
  schema: { const: 'boundver-plan/v1' },
  complete: { const: true },
  claim: { const: 'routing-evidence-only' },
  request,
  history,
  endpoints: closed({ base: endpoint, target: endpoint }),
  policy,
  changed_components: { type: 'array', items: closed({ name, status, facets: { type: 'array', items: closed({ facet, selected }) }, metadata: names }) },
  consumer_impact: { type: 'array', items: consumerImpact },
  changed_slices: { type: 'array', items: closed({ name, status }) },
  slice_impact: { type: 'array', items: sliceImpact },
  structural_changes: structuralChanges,
  selection: closed({ changed_components: names, impacted_components: names, external_consumers: names, test_components: names, changed_slices: names, impacted_slices: names, test_slices: names }),
  source_locations: { type: 'array', items: closed({ component: name, path: name, endpoint: { enum: ['base', 'target'] }, commit: oid, kind: { const: 'structural-document' } }) },
  summary: closed({
    changed_components: count,
    impacted_components: count,
    external_consumers: count,
    test_components: count,
    changed_slices: count,
    impacted_slices: count,
    test_slices: count,
    structural_reports: count,
    structural_complete: { type: 'boolean' },
  }),
});
