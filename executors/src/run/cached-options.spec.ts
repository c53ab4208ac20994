import type { TargetConfiguration } from '@nx/devkit';
import { describe, expect, it } from 'vitest';
import { type CachedTarget, cachedTargetOf, refusedClaimsOptions, refusedGenerateBoundaryOptions, refusedVerifyBoundaryOptions } from './cached-options.js';
import { type TargetContext, generateBoundaryTarget, verifyBoundaryTarget, verifyClaimsTarget } from '../plugin/inferred-targets.js';
import { type DriftgatePluginOptions, normalizePluginOptions } from '../plugin/plugin-options.js';
import type { ToolIdentity } from '../plugin/tool-identity.js';

const TOOL: ToolIdentity = { kind: 'installed', inputs: [{ externalDependencies: ['@driftgate/nx'] }], version: '0.0.0' };
const READS = { paths: ['libs/a'], tagPrefixes: [], providerModules: [] };

function contextOf(plugin: DriftgatePluginOptions = {}): TargetContext {
  return { projectRoot: 'libs/a', projectName: 'a', options: normalizePluginOptions(plugin), tool: TOOL, typescript: [], exec: 'npx' };
}

/** The inferred target as Nx hands it to the executor (`context.target`), and the options of a run of it with `overrides`. */
function cachedRun(target: TargetConfiguration, overrides: Record<string, unknown> = {}): { target: CachedTarget | undefined; options: Record<string, unknown> } {
  return { target: cachedTargetOf({ target }, {}), options: { ...target.options, ...overrides } };
}

const noDefault = (): string | undefined => undefined;
const codeOf = (error: Error | undefined): string | undefined => (error as { code?: string } | undefined)?.code;

describe('cachedTargetOf', () => {
  const target: TargetConfiguration = { executor: '@driftgate/nx:verify-boundary', cache: true, options: { source: 'working-tree' }, inputs: ['{workspaceRoot}/x'] };

  it('is the target when Nx stores its result', () => {
    expect(cachedTargetOf({ target }, {})).toEqual({ options: { source: 'working-tree' }, inputs: ['{workspaceRoot}/x'] });
  });

  it('is undefined for an uncached target, a missing one, and a run under --skip-nx-cache or NX_DISABLE_NX_CACHE', () => {
    expect(cachedTargetOf({ target: { ...target, cache: false } }, {})).toBeUndefined();
    expect(cachedTargetOf({ target: { executor: target.executor } }, {})).toBeUndefined();
    expect(cachedTargetOf({}, {})).toBeUndefined();
    expect(cachedTargetOf({ target }, { NX_SKIP_NX_CACHE: 'true' })).toBeUndefined();
    expect(cachedTargetOf({ target }, { NX_DISABLE_NX_CACHE: 'true' })).toBeUndefined();
  });
});

describe('verify-claims on a cached target', () => {
  const inferred = verifyClaimsTarget(contextOf(), { hubFiles: ['hubs/a.md'], anchoredFiles: ['libs/a/src/a.ts'], claims: 1 });
  const own = { hubFiles: ['hubs/a.md'], anchoredFiles: ['libs/a/src/a.ts'] };

  it('accepts the inferred selection, and hubs whose every read file is an input', () => {
    expect(refusedClaimsOptions([], own, cachedRun(inferred).target)).toBeUndefined();
    expect(refusedClaimsOptions(undefined, own, cachedRun(inferred).target)).toBeUndefined();
    expect(refusedClaimsOptions(['hubs/a.md'], own, cachedRun(inferred).target)).toBeUndefined();
  });

  it('refuses hubs that read files the inputs do not name, and names them', () => {
    const error = refusedClaimsOptions(['hubs/b.md'], { hubFiles: ['hubs/b.md'], anchoredFiles: ['libs/b/src/b.ts', 'libs/a/src/a.ts'] }, cachedRun(inferred).target);
    expect(codeOf(error)).toBe('DRIFTGATE_NX_UNCACHEABLE_OPTION');
    expect(error?.message).toContain('--hubs=hubs/b.md reads files that are not inputs of this cached target (hubs/b.md, libs/b/src/b.ts)');
    expect(error?.message).toContain('--skip-nx-cache');
  });

  it('accepts anything when the target is not cached', () => {
    expect(refusedClaimsOptions(['hubs/b.md'], { hubFiles: ['hubs/b.md'], anchoredFiles: ['x.ts'] }, cachedRun({ ...inferred, cache: false }).target)).toBeUndefined();
  });
});

describe('verify-boundary inputs', () => {
  it('cover the dependencies and the root tsconfig when a component follows TypeScript re-exports, and only then', () => {
    const typed = verifyBoundaryTarget(contextOf(), 'boundary.config.json', { components: ['a'], workspace: false }, { ...READS, typescriptModules: true });
    expect(typed.inputs).toEqual(expect.arrayContaining(['^default', '{workspaceRoot}/tsconfig.base.json', '{workspaceRoot}/tsconfig.json']));
    const plain = verifyBoundaryTarget(contextOf(), 'boundary.config.json', { components: ['a'], workspace: false }, READS);
    expect(plain.inputs).not.toContain('^default');
  });
});

describe('verify-boundary on a cached target', () => {
  const working = verifyBoundaryTarget(contextOf(), 'boundary.config.json', { components: ['a', 'b'], workspace: false }, READS);
  const head = verifyBoundaryTarget(contextOf({ boundarySource: 'head' }), 'boundary.config.json', { components: ['a'], workspace: false }, READS);
  const workspace = verifyBoundaryTarget(contextOf(), 'boundary.config.json', { components: [], workspace: true }, READS);
  const refused = (target: TargetConfiguration, overrides: Record<string, unknown>, defaultConfig = noDefault) => {
    const run = cachedRun(target, overrides);
    return refusedVerifyBoundaryOptions(run.options, run.target, defaultConfig);
  };

  it('accepts the inferred options of every cached plugin source, and options that only change how the same reads are judged', () => {
    expect(refused(working, {})).toBeUndefined();
    expect(refused(head, {})).toBeUndefined();
    expect(refused(working, { facets: ['exact'], failFast: true, transitive: true, formats: ['sarif'], reportDirectory: 'other' })).toBeUndefined();
  });

  it('refuses --source=head without the HEAD commit as an input, naming the plugin option and the CLI', () => {
    const error = refused(working, { source: 'head' });
    expect(codeOf(error)).toBe('DRIFTGATE_NX_UNCACHEABLE_OPTION');
    expect(error?.message).toContain("--source=head would be cached under the working tree's inputs");
    expect(error?.message).toContain('set the plugin option boundarySource to head in nx.json');
    expect(error?.message).toContain('`npx boundver verify --source head` directly');
  });

  it('refuses --source=index on any cached target, and --source=working-tree on a head target', () => {
    expect(refused(working, { source: 'index' })?.message).toContain('--source=index reads the git index');
    expect(refused(head, { source: 'index' })?.message).toContain('--source=index reads the git index');
    expect(refused(head, { source: 'working-tree' })?.message).toContain('--source=working-tree would be cached under the head snapshot');
  });

  it('refuses another config or lock, and accepts the default config spelled out', () => {
    expect(refused(working, { config: 'other.config.json' })?.message).toContain('--config=other.config.json would be cached under the inputs of boundary.config.json');
    expect(refused(working, { config: './boundary.config.json' }, () => 'boundary.config.json')).toBeUndefined();
    expect(refused(working, { lock: 'other.lock.json' })?.message).toContain('--lock=other.lock.json would be cached under the inputs of boundary.lock.json');
    expect(refused(working, { lock: './boundary.lock.json' })).toBeUndefined();
    expect(refused(working, { lock: 'other.lock.json' })?.message).toContain('boundaryLock');
  });

  it('accepts a subset of the inferred components and refuses others or all', () => {
    expect(refused(working, { components: ['b'] })).toBeUndefined();
    expect(refused(working, { components: ['c'] })?.message).toContain('--components=c reads files that are not inputs of this cached target (they cover a, b)');
    expect(refused(working, { components: [] })?.message).toContain('verifying every component');
    // The workspace share at a root that owns no component checks none; naming one is refused.
    expect(refused(workspace, {})).toBeUndefined();
    expect(refused(workspace, { components: [] })).toBeUndefined();
    expect(refused(workspace, { components: ['a'] })?.message).toContain('--components=a reads files that are not inputs of this cached target');
  });

  it('refuses a share other than the inferred one: the cached report would be the other share\'s', () => {
    expect(refused(working, { share: 'workspace' })?.message).toContain('--share=workspace changes which findings this target owns (it was inferred with share project)');
    expect(refused(workspace, { share: 'project' })?.message).toContain('--share=project changes which findings this target owns');
    expect(codeOf(refused(working, { share: 'workspace' }))).toBe('DRIFTGATE_NX_UNCACHEABLE_OPTION');
  });

  it('accepts anything on a target with cache off or under --skip-nx-cache', () => {
    const uncached = { ...working, cache: false };
    const all = { source: 'index', config: 'x.json', lock: 'y.json', components: ['z'] };
    expect(refusedVerifyBoundaryOptions(all, cachedTargetOf({ target: uncached }, {}), noDefault)).toBeUndefined();
    expect(refusedVerifyBoundaryOptions(all, cachedTargetOf({ target: working }, { NX_SKIP_NX_CACHE: 'true' }), noDefault)).toBeUndefined();
  });
});

describe('generate-boundary on a cached target', () => {
  const inferred = generateBoundaryTarget(contextOf(), 'boundary.config.json', READS);
  const refused = (overrides: Record<string, unknown>, target: TargetConfiguration = inferred) => {
    const run = cachedRun(target, overrides);
    return refusedGenerateBoundaryOptions({ ...run.options, lock: run.options['out'] }, run.target, noDefault);
  };

  it('accepts the inferred options and allowPartial', () => {
    expect(refused({})).toBeUndefined();
    expect(refused({ allowPartial: true, allowCustomProviders: true })).toBeUndefined();
  });

  it('refuses another out, source or config', () => {
    expect(refused({ out: 'other.lock.json' })?.message).toContain('--out=other.lock.json writes a lock this cached target does not declare as its output (boundary.lock.json)');
    expect(refused({ source: 'head' })?.message).toContain('`npx boundver generate --source head` directly');
    expect(refused({ config: 'other.json' })?.message).toContain('--config=other.json');
  });

  it('refuses a partial refresh, which reads the existing lock, unless the lock is an input', () => {
    expect(refused({ components: ['a'] })?.message).toContain('--components=a refreshes part of the existing boundary.lock.json');
    expect(refused({ components: ['a'] }, { ...inferred, inputs: [...(inferred.inputs ?? []), '{workspaceRoot}/boundary.lock.json'] })).toBeUndefined();
  });

  it('refuses a dry run, whose cached output would be the lock it did not write', () => {
    expect(refused({ dryRun: true })?.message).toContain('--dryRun writes no lock');
    expect(refused({ dryRun: true }, { ...inferred, cache: false })).toBeUndefined();
  });
});
