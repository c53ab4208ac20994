import { describe, expect, it } from 'vitest';
import { parseConfigDocument } from './config-parse.js';
import { validateConfig } from './config-validate.js';
import { configDigest, semanticConfigPreimage } from './semantic-config.js';
import { availableFacets } from './config-types.js';
import type { JsonObject, JsonValue } from '../formats/json-value.js';
import { BoundverError } from '../errors.js';

// The corpus config of vectors §2.2.
const CORPUS = `{"project":"vectors","components":{
  "svc":{"path":"svc","boundary":{"provider":"path-hash","paths":["api"]},
         "behavior":{"paths":["api","cfg.json"]},"consumers":["sdk"]},
  "sdk":{"path":"sdk","boundary":{"provider":"leaf","paths":[]}}},
 "slices":{"everything":{"mode":"exact","components":["sdk","svc"]}}}`;

const json = (text: string): JsonValue => parseConfigDocument(text, 'boundary.config.json');
const issuesOf = (config: unknown): string[] => validateConfig(json(JSON.stringify(config))).issues;
const base = (component: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  project: 'p',
  components: { api: { path: 'svc/api', boundary: { provider: 'path-hash', paths: ['openapi.yaml'] }, ...component } },
  ...extra,
});

describe('semantic config digest (vectors §2.2)', () => {
  it('yields the canonical text and digest of the corpus config', () => {
    const config = json(CORPUS) as JsonObject;
    expect(semanticConfigPreimage(config)).toBe(
      'boundver-semantic-config/v2\n' +
        '{"components":{"sdk":{"behavior":null,"boundary":{"paths":[],"provider":"leaf"},"consumers":[],"external_consumers":[],"path":"sdk","vendored_copies":[],"version_source":null},"svc":{"behavior":{"paths":["api","cfg.json"]},"boundary":{"paths":["api"],"provider":"path-hash"},"consumers":["sdk"],"external_consumers":[],"path":"svc","vendored_copies":[],"version_source":null}},"defaults":{"compat_mode":"major","verify_facets":null},"project":"vectors","providers":[],"slices":{"everything":{"components":["sdk","svc"],"description":"","mode":"exact"}}}',
    );
    expect(configDigest(config)).toBe('17d8317327fcc0173776bdbf23236ee2b37b2bd9542985613b6b5e6fab06f14c');
  });
  it('ignores presentation fields and key order, and normalizes paths and sets', () => {
    const reordered = json(`{"slices":{"everything":{"components":["svc","sdk"],"mode":"exact"}},"$schema":"x",
      "components":{"svc":{"consumers":["sdk"],"note":"n","ecosystem":"py","behavior":{"paths":["cfg.json","api/"]},
      "boundary":{"note":"b","paths":["api"],"provider":"path-hash"},"path":"svc/"},
      "sdk":{"boundary":{"provider":"leaf","paths":[]},"path":"sdk"}},"project":"vectors"}`) as JsonObject;
    expect(configDigest(reordered)).toBe('17d8317327fcc0173776bdbf23236ee2b37b2bd9542985613b6b5e6fab06f14c');
  });
  it('changes with a contract-affecting edit, including the slice description', () => {
    const described = json(CORPUS.replace('"mode":"exact"', '"description":"all","mode":"exact"')) as JsonObject;
    expect(configDigest(described)).not.toBe('17d8317327fcc0173776bdbf23236ee2b37b2bd9542985613b6b5e6fab06f14c');
    const facets = json(CORPUS.replace('"project":"vectors"', '"project":"vectors","defaults":{"verify_facets":["exact"]}')) as JsonObject;
    expect(configDigest(facets)).not.toBe('17d8317327fcc0173776bdbf23236ee2b37b2bd9542985613b6b5e6fab06f14c');
  });
  it('is the same for the YAML and TOML spellings of the config', () => {
    const yaml = parseConfigDocument(
      'project: vectors\ncomponents:\n  svc:\n    path: svc\n    boundary: {provider: path-hash, paths: [api]}\n    behavior: {paths: [api, cfg.json]}\n    consumers: [sdk]\n  sdk:\n    path: sdk\n    boundary: {provider: leaf, paths: []}\nslices:\n  everything: {mode: exact, components: [sdk, svc]}\n',
      'boundary.config.yml',
    ) as JsonObject;
    const toml = parseConfigDocument(
      'project = "vectors"\n[components.svc]\npath = "svc"\nconsumers = ["sdk"]\nboundary = {provider = "path-hash", paths = ["api"]}\nbehavior = {paths = ["api", "cfg.json"]}\n[components.sdk]\npath = "sdk"\nboundary = {provider = "leaf", paths = []}\n[slices.everything]\nmode = "exact"\ncomponents = ["sdk", "svc"]\n',
      'boundary.config.toml',
    ) as JsonObject;
    expect(configDigest(yaml)).toBe('17d8317327fcc0173776bdbf23236ee2b37b2bd9542985613b6b5e6fab06f14c');
    expect(configDigest(toml)).toBe('17d8317327fcc0173776bdbf23236ee2b37b2bd9542985613b6b5e6fab06f14c');
  });
});

describe('config parsing', () => {
  it('chooses the format by extension and rejects others', () => {
    expect(() => parseConfigDocument('{}', 'boundary.config.ini')).toThrow(/Unsupported config file extension/);
    expect(() => parseConfigDocument('{"a":1,"a":2}', 'c.json')).toThrow('JSON parse error in c.json: Duplicate object key at line 1, column 8');
  });
  it('rejects configs over 10 MiB before parsing', () => {
    const error = (() => {
      try {
        parseConfigDocument(new Uint8Array(10 * 1024 * 1024 + 1), 'c.json');
      } catch (caught) {
        return caught as BoundverError;
      }
      return null;
    })();
    expect(error?.code).toBe('BOUNDVER_CONFIG_TOO_LARGE');
  });
});

describe('config validation', () => {
  it('accepts the corpus config and types it in config order', () => {
    const { config, issues } = validateConfig(json(CORPUS));
    expect(issues).toEqual([]);
    expect(config?.components.map((component) => [component.name, component.path, availableFacets(component)])).toEqual([
      ['svc', 'svc', ['exact', 'behavior', 'boundary']],
      ['sdk', 'sdk', ['exact']],
    ]);
    expect(config?.slices).toEqual([{ name: 'everything', description: '', mode: 'exact', components: ['sdk', 'svc'], closureOf: null }]);
    expect(config?.compatMode).toBe('major');
    expect(config?.defaultVerifyFacets).toBeNull();
  });
  it('reports unknown providers, unknown consumers and unknown fields', () => {
    expect(issuesOf(base({ boundary: { provider: 'nope', paths: ['x'] } }))).toContain("Component 'api': Unknown boundary provider: 'nope'");
    expect(issuesOf(base({ consumers: ['ghost'] }))).toContain("Component 'api' references unknown consumer: ghost");
    expect(issuesOf(base({ color: 'red' }))).toEqual([
      "Schema validation error at components.api: must NOT have additional properties ('color')",
      "Unknown field in component 'api': color",
    ]);
    expect(issuesOf(base({ consumers: ['api'] }))).toContain("Component 'api' cannot consume its own boundary");
  });
  it('enforces provider path rules', () => {
    expect(issuesOf(base({ boundary: { provider: 'leaf', paths: ['x'] } }))).toContain(
      "Component 'api': provider 'leaf' publishes no boundary and must not declare paths; remove boundary.paths",
    );
    expect(issuesOf(base({ boundary: { provider: 'json-canonical' } }))).toContain(
      "Component 'api': No boundary paths declared for explicit boundary provider",
    );
    expect(issuesOf(base({ boundary: { provider: 'implicit' } }))).toEqual([]);
    expect(issuesOf(base({ boundary: { provider: 'path-hash', paths: ['./api'] } }))).toContain(
      "Component 'api' boundary path './api' must not contain '.' path segments",
    );
  });
  it('checks custom providers against the providers list', () => {
    const custom = { boundary: { provider: 'custom.Spec', paths: ['x'] } };
    expect(issuesOf(base(custom))).toContain(
      "Component 'api' uses 'custom.Spec' but the config declares no 'providers' list; add a top-level 'providers' array",
    );
    expect(issuesOf(base(custom, { providers: [{ module: './p.mjs', class: 'Spec' }] }))).toEqual([]);
    expect(issuesOf(base(custom, { providers: [{ module: './p.mjs', class: 'Other' }] }))).toContain(
      `Component 'api' uses 'custom.Spec' which is not declared in 'providers'; add an entry with "name": "custom.Spec"`,
    );
    const many = Array.from({ length: 101 }, (_, index) => ({ module: 'm', class: `C${index}` }));
    expect(issuesOf(base({}, { providers: many }))).toContain("Top-level 'providers' exceeds the 100-provider limit");
  });
  it('validates names and git tag prefixes', () => {
    expect(issuesOf({ project: 'p', components: { 'a,b': { path: 'x', boundary: { provider: 'leaf' } } } })).toContain(
      "Component name 'a,b' must not contain ',' because component filters are comma-separated lists",
    );
    expect(issuesOf(base({ version_source: { git_tag_prefix: 'v' } }))).toEqual([]);
    const bad = issuesOf(base({ version_source: { git_tag_prefix: 'rel..v' } }));
    expect(bad.some((issue) => issue.startsWith("Component 'api' version_source.git_tag_prefix must be a literal prefix"))).toBe(true);
  });
  it('rejects slices that are empty, ambiguous or unknown', () => {
    expect(issuesOf(base({}, { slices: { s: { components: [] } } }))).toContain(
      "Slice 's' field 'components' must contain at least one configured component; add a component name or remove the empty slice",
    );
    expect(issuesOf(base({}, { slices: { s: { components: ['api'], closure_of: 'api' } } }))).toContain(
      "Slice 's' must define exactly one of 'components' or 'closure_of'",
    );
    expect(issuesOf(base({}, { slices: { s: { components: ['ghost'] } } }))).toContain("Slice 's' references unknown component: ghost");
    expect(issuesOf(base({}, { slices: { s: { closure_of: 'ghost' } } }))).toContain("Slice 's' closure_of references unknown component: ghost");
  });
  it('rejects gates and slice modes a component cannot produce', () => {
    expect(issuesOf(base({ verify_facets: ['compat'] }))).toContain("Component 'api' explicitly gates 'compat' but has no version_source");
    const slice = base({}, { slices: { s: { components: ['api'], mode: 'behavior' } } });
    expect(validateConfig(json(JSON.stringify(slice))).issues).toContain(
      "Slice 's' mode 'behavior' requires behavior digest from component 'api' to supply that facet, but the component has no non-empty behavior.paths",
    );
    expect(validateConfig(json(JSON.stringify(slice)), { requireSliceFacets: false }).issues).toEqual([]);
  });
  it('requires project and components, and a root object', () => {
    expect(validateConfig(json('[]')).issues).toEqual(['Config root must be an object']);
    const issues = validateConfig(json('{}')).issues;
    expect(issues).toContain('Missing required top-level field: project');
    expect(issues).toContain('Missing required top-level field: components');
  });
  it('retains at most 100 issues', () => {
    const components = Object.fromEntries(Array.from({ length: 150 }, (_, index) => [`c${index}`, { path: `p${index}`, boundary: { provider: 'nope' } }]));
    const issues = validateConfig(json(JSON.stringify({ project: 'p', components })), { schema: false }).issues;
    expect(issues).toHaveLength(100);
    expect(issues[99]).toBe('Config validation stopped after reaching the 100-issue limit');
  });
});

describe('config schema check on hostile lists', () => {
  it('reports objects in unique-string lists instead of throwing (found by fuzzing)', () => {
    // Shrunk fuzz input: `external_consumers: [{}, {}]`; ajv's uniqueItems comparison called
    // `valueOf` on the prototype-less objects and threw a TypeError.
    const text = JSON.stringify({
      project: 'p',
      components: {
        a: { path: 'a', boundary: { provider: 'leaf' }, consumers: [{}, { valueOf: 1 }], external_consumers: [{}, {}] },
      },
      slices: { s: { mode: 'boundary', components: [{ toString: 1 }, { toString: 1 }] } },
    });
    const { config, issues } = validateConfig(parseConfigDocument(text, 'boundary.config.json'));
    expect(config).toBeNull();
    expect(issues).toContain('Schema validation error at components.a.external_consumers.0: must be string');
    expect(issues).toContain('Schema validation error at slices.s.components.1: must be string');
  });
});
