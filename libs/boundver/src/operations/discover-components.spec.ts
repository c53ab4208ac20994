import { describe, expect, it } from 'vitest';
import { discoverComponents, manifestDirectories } from './discover-components.js';
import { nxProjectName } from './nx-project-name.js';

describe('discoverComponents', () => {
  it('maps a root manifest to the single top-level Python package before src/lib/app', () => {
    const found = discoverComponents(['pyproject.toml', 'mypkg/__init__.py', 'mypkg/sub/__init__.py', 'src/x.py', '.hidden/__init__.py'], { rootName: 'repo' });
    expect(found).toEqual([{ name: 'repo', path: 'mypkg', versionSource: null, provider: 'signatures', paths: [] }]);
  });

  it('gives a root manifest no Python package below its own level, and only pyproject.toml one at all', () => {
    expect(discoverComponents(['pyproject.toml', 'src/mypkg/__init__.py', 'src/mypkg/core.py'], { rootName: 'r' }).map((c) => c.path)).toEqual(['src/mypkg']);
    // A JS workspace root beside a service that holds a Python package: the package is not the root's.
    const workspace = ['package.json', 'services/ledger/pyproject.toml', 'services/ledger/ledger/__init__.py'];
    expect(discoverComponents(workspace, { rootName: 'r' }).map((c) => [c.name, c.path])).toEqual([['ledger', 'services/ledger']]);
    expect(discoverComponents(['package.json', 'mypkg/__init__.py', 'lib/index.js'], { rootName: 'r' }).map((c) => c.path)).toEqual(['lib']);
    // Root manifests of two ecosystems still make one component, not two overlapping ones.
    expect(discoverComponents(['package.json', 'pyproject.toml', 'src/mypkg/__init__.py'], { rootName: 'r' }).map((c) => [c.name, c.path])).toEqual([['r', 'src/mypkg']]);
  });

  it('falls back to src/, lib/, app/ and skips a root manifest without one', () => {
    expect(discoverComponents(['go.mod', 'app/main.go', 'lib/x.go'], { rootName: 'r' }).map((c) => c.path)).toEqual(['lib']);
    expect(discoverComponents(['package.json', 'README.md'], { rootName: 'r' })).toEqual([]);
  });

  it('dedupes directories across manifest kinds, numbers name clashes and ignores dependency directories', () => {
    const found = discoverComponents(
      ['a/x/package.json', 'a/x/Cargo.toml', 'b/x/Cargo.toml', 'vendor/y/package.json', 'a/node_modules/z/package.json', 'c/openapi-v2.yaml', 'c/go.mod', 'c/openapi-v1.json'],
      { rootName: 'r' },
    );
    expect(found.map((c) => [c.name, c.path, c.provider, c.paths])).toEqual([
      ['x', 'a/x', 'implicit', []],
      ['x-2', 'b/x', 'implicit', []],
      ['c', 'c', 'openapi', ['openapi-v1.json']],
    ]);
    expect(found[0]!.versionSource).toEqual({ file: 'package.json', field: 'version' });
    expect(found[1]!.versionSource).toEqual({ file: 'Cargo.toml', field: 'package.version' });
  });

  it('orders manifests segment by segment and fails closed on unaddressable names and too many components', () => {
    expect(discoverComponents(['a-b/c/package.json', 'a/b/package.json'], { rootName: 'r' }).map((c) => c.path)).toEqual(['a/b', 'a-b/c']);
    expect(() => discoverComponents(['x,y/package.json'], { rootName: 'r' })).toThrow(/not addressable|must not contain ','/);
    expect(() => discoverComponents(['a/package.json', 'b/package.json'], { rootName: 'r', maxComponents: 1 })).toThrow(/more than 1 components/);
  });

  it('names components after the Nx projects their directories declare, else after the directory', () => {
    const paths = ['package.json', 'src/main.ts', 'packages/calc/package.json', 'packages/calc/src/index.ts', 'packages/odd/package.json', 'tools/py/pyproject.toml'];
    const projectNames = new Map([
      ['', '@ws/source'],
      ['packages/calc', '@ws/calc'],
      // Not a component name (commas separate --components lists): the directory name is used.
      ['packages/odd', 'a, b'],
    ]);
    expect(discoverComponents(paths, { rootName: 'ws', projectNames }).map((c) => [c.name, c.path])).toEqual([
      ['@ws/source', 'src'],
      ['@ws/calc', 'packages/calc'],
      ['odd', 'packages/odd'],
      ['py', 'tools/py'],
    ]);
    expect(discoverComponents(paths, { rootName: 'ws' }).map((c) => c.name)).toEqual(['ws', 'calc', 'odd', 'py']);
    // Two directories declaring one name still make two components.
    expect(discoverComponents(['a/package.json', 'b/package.json'], { rootName: 'r', projectNames: new Map([['a', 'x'], ['b', 'x']]) }).map((c) => c.name)).toEqual(['x', 'x-2']);
  });

  it('lists the manifest directories to look project names up in, and reads them as Nx does', () => {
    expect(manifestDirectories(['package.json', 'b/Cargo.toml', 'a/x/package.json', 'a/x/go.mod', 'node_modules/y/package.json', 'a/readme.md'])).toEqual(['', 'a/x', 'b']);
    expect(nxProjectName('{"name": "from-project-json"}', '{"name": "@ws/calc", "nx": {"name": "calc"}}')).toBe('from-project-json');
    expect(nxProjectName(undefined, '{"name": "@ws/calc", "nx": {"name": "calc"}}')).toBe('calc');
    expect(nxProjectName('{}', '{"name": "@ws/calc"}')).toBe('@ws/calc');
    expect(nxProjectName('{not json', '[]')).toBeUndefined();
    expect(nxProjectName(undefined, '{"name": ""}')).toBeUndefined();
  });
});
