import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApiSurfaceRequest, ApiSymbol } from './api-surface-types.js';
import { createSignaturesProvider } from './signatures.js';

// Real packages that ship with the machine, read into an in-memory snapshot (the provider itself
// only ever reads through `request.read`). Python is always present, so a missing json package
// fails; Go and Rust are asserted when their sources are installed, and the test names say which.

function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) out.push(relative(root, path).split(sep).join('/'));
    }
  };
  walk(root);
  return out.sort();
}

function diskRequest(root: string, componentPath: string, files = listFiles(root)): ApiSurfaceRequest {
  return {
    componentName: componentPath,
    componentPath,
    entries: [],
    files,
    options: null,
    read: async (repoPath) => {
      const rel = repoPath.slice(componentPath.length + 1);
      return files.includes(rel) ? readFileSync(join(root, rel)) : undefined;
    },
    repoRoot: root,
  };
}

async function surfaceOf(request: ApiSurfaceRequest): Promise<Map<string, ApiSymbol>> {
  const surface = await createSignaturesProvider().surface(request);
  if (!surface.ok) throw new Error(`signatures failed on ${request.componentPath}: ${surface.errors.join('; ')}`);
  const again = await createSignaturesProvider().surface(request);
  expect(again).toEqual(surface);
  return new Map(surface.symbols.map((s) => [`${s.entry}#${s.name}`, s]));
}

function commandOutput(command: string, args: string[]): string | undefined {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

const PYTHON_JSON = commandOutput('python3', ['-c', 'import json, os; print(os.path.dirname(json.__file__))']);
const GOROOT = commandOutput('go', ['env', 'GOROOT']);
const GO_STRINGS = GOROOT === undefined ? undefined : join(GOROOT, 'src', 'strings');
const RUST_CORE = [
  ...(existsSync('/usr/src') ? readdirSync('/usr/src').filter((d) => d.startsWith('rustc-')).sort().reverse().map((d) => join('/usr/src', d, 'library', 'core')) : []),
  ...[commandOutput('rustc', ['--print', 'sysroot'])].filter((s): s is string => s !== undefined).map((s) => join(s, 'lib', 'rustlib', 'src', 'rust', 'library', 'core')),
].find((dir) => existsSync(join(dir, 'src', 'lib.rs')));

describe('signatures over real packages', () => {
  it("reads Python's json package (python3 is always installed)", async () => {
    if (PYTHON_JSON === undefined || !existsSync(join(PYTHON_JSON, '__init__.py'))) {
      throw new Error('python3 with its json package is required for this test: `python3 -c "import json"` must work');
    }
    // The installed package has no pyproject.toml: it is a package by its __init__.py.
    const files = listFiles(PYTHON_JSON).filter((f) => !f.includes('__pycache__'));
    const symbols = await surfaceOf(diskRequest(PYTHON_JSON, 'json', files));
    expect(symbols.get('__init__.py#dumps')?.text).toMatch(/^def dumps \( obj , \* , skipkeys = False , ensure_ascii = True ,/);
    expect(symbols.get('__init__.py#JSONDecodeError')?.kind).toBe('class');
    expect(symbols.get('decoder.py#JSONDecoder.decode')?.text).toBe('def decode ( self , s , _w = WHITESPACE . match ) :');
    expect(symbols.get('encoder.py#JSONEncoder.__init__')?.kind).toBe('method');
    expect([...symbols.keys()].some((key) => key.startsWith('tool.py#'))).toBe(true);
    // `__all__` of json limits __init__.py to its nine names (dump, dumps, load, loads, JSONDecoder, JSONDecodeError, JSONEncoder, …).
    expect([...symbols.keys()].filter((key) => key.startsWith('__init__.py#') && !key.slice('__init__.py#'.length).includes('.'))).toHaveLength(7);
  });

  it(GO_STRINGS && existsSync(GO_STRINGS) ? "reads Go's strings package from GOROOT (go is installed)" : 'Go is not installed: nothing to assert for its strings package', async () => {
    if (GO_STRINGS === undefined || !existsSync(GO_STRINGS)) return;
    const files = listFiles(GO_STRINGS).filter((f) => !f.includes('/'));
    const symbols = await surfaceOf(diskRequest(GO_STRINGS, 'strings', files));
    expect(symbols.get('.#Contains')?.text).toBe('func Contains ( s , substr string ) bool');
    expect(symbols.get('.#Builder.WriteString')?.text).toBe('func ( b * Builder ) WriteString ( s string ) ( int , error )');
    expect(symbols.get('.#Builder')?.text).toBe('type Builder struct { }');
    expect([...symbols.keys()].filter((key) => /#[a-z]/.test(key))).toEqual([]);
    expect(symbols.size).toBeGreaterThan(50);
  });

  it(RUST_CORE ? "reads Rust's core library from the installed sources (rust sources are installed)" : 'Rust sources are not installed: nothing to assert for core', async () => {
    if (RUST_CORE === undefined) return;
    const files = listFiles(RUST_CORE).filter((f) => f.startsWith('src/'));
    const symbols = await surfaceOf(diskRequest(RUST_CORE, 'core', ['Cargo.toml', ...files]));
    expect(symbols.get('src/option.rs#Option')?.kind).toBe('enum');
    expect(symbols.get('src/option.rs#Option.is_some')?.text).toMatch(/pub const fn is_some \( & self \) -> bool$/);
    expect(symbols.size).toBeGreaterThan(1000);
  });
});
