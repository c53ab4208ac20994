import { describe, expect, it } from 'vitest';
import { discoverComponents } from './discover-components.js';

describe('discoverComponents', () => {
  it('maps a root manifest to the single top-level Python package before src/lib/app', () => {
    const found = discoverComponents(['pyproject.toml', 'mypkg/__init__.py', 'mypkg/sub/__init__.py', 'src/x.py', '.hidden/__init__.py'], { rootName: 'repo' });
    expect(found).toEqual([{ name: 'repo', path: 'mypkg', versionSource: null, provider: 'python-exports', paths: ['__init__.py'] }]);
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
});
