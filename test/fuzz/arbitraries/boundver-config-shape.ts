import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { globText } from './path-text.js';
import { hostileText } from './hostile-text.js';
import { plainValue, structurallyEdited, type Plain } from './json-shape.js';

/** The demo repository's boundary config: a valid document every edit starts from. */
export const demoConfig = JSON.parse(readFileSync(new URL('../../../fixtures/demo/boundary.config.json', import.meta.url), 'utf8')) as Plain;

const name = fc.oneof({ weight: 4, arbitrary: fc.stringMatching(/^[a-z][a-z0-9-]{0,7}$/) }, { weight: 1, arbitrary: hostileText(3) });
const provider = fc.constantFrom('leaf', 'implicit', 'path-hash', 'typescript-exports', 'python-exports', 'openapi', 'custom-x', '');

/** A generated config: components with paths, globs, providers, version sources, consumers, slices. */
const generatedConfig: fc.Arbitrary<Plain> = fc
  .record({
    project: name,
    compat: fc.constantFrom('major', 'minor', 'exact', 'none', 'bogus'),
    components: fc.array(
      fc.record({
        name,
        path: fc.oneof(globText, fc.constant('.')),
        provider,
        paths: fc.array(globText, { maxLength: 3 }),
        behavior: fc.option(fc.array(globText, { maxLength: 2 }), { nil: undefined }),
        version: fc.oneof(
          fc.constant(undefined),
          fc.record({ file: fc.constantFrom('package.json', 'pyproject.toml', 'Cargo.toml', 'VERSION', 'x.yaml', '../p.json'), field: fc.constantFrom('version', 'project.version', '', 'a..b') }),
          fc.record({ git_tag_prefix: fc.oneof(fc.constantFrom('v', 'pkg-v', '', '*'), hostileText(2)) }),
        ),
        consumers: fc.array(name, { maxLength: 3 }),
        facets: fc.option(fc.subarray(['exact', 'boundary', 'behavior', 'compat', 'bogus']), { nil: undefined }),
      }),
      { maxLength: 4 },
    ),
    slices: fc.array(fc.record({ name, mode: fc.constantFrom('boundary', 'exact', 'behavior', 'x'), of: name }), { maxLength: 2 }),
    extra: fc.option(fc.tuple(hostileText(2), plainValue), { nil: undefined }),
  })
  .map(({ project, compat, components, slices, extra }) => {
    const config: Record<string, Plain> = {
      project,
      defaults: { compat_mode: compat },
      components: Object.fromEntries(
        components.map((c) => [
          c.name,
          {
            path: c.path,
            boundary: { provider: c.provider, paths: c.paths },
            ...(c.behavior === undefined ? {} : { behavior: { paths: c.behavior } }),
            ...(c.version === undefined ? {} : { version_source: c.version as Plain }),
            consumers: c.consumers,
            ...(c.facets === undefined ? {} : { verify_facets: c.facets }),
          },
        ]),
      ),
      slices: Object.fromEntries(slices.map((s) => [s.name, { mode: s.mode, closure_of: s.of }])),
    };
    if (extra !== undefined) config[extra[0]] = extra[1];
    return config;
  });

/** Config documents as plain trees: generated, the demo config, and structural edits of both. */
export const configShape: fc.Arbitrary<Plain> = fc.oneof(
  { weight: 3, arbitrary: generatedConfig },
  { weight: 1, arbitrary: fc.constant(demoConfig) },
  { weight: 3, arbitrary: structurallyEdited(fc.oneof(fc.constant(demoConfig), generatedConfig)) },
);
