import { describe, expect, it } from 'vitest';
import { parseFile } from '@driftgate/syntax';
import { publicSymbols } from './public-symbols.js';
import { resolveAnchor } from './resolve.js';

async function symbols(file: string, source: string, all = false): Promise<string[]> {
  const parsed = await parseFile(file, source);
  try {
    const found = publicSymbols(parsed, { all });
    // Every suggestion names a real symbol: it resolves, or is ambiguous only because of
    // overloads or sync/async mirrors (suggestions carry no @N, like the reference's).
    for (const path of found) {
      try {
        resolveAnchor(parsed, path.map((name) => ({ name })));
      } catch (e) {
        expect(e).toMatchObject({ kind: 'Ambiguous' });
      }
    }
    return found.map((p) => p.join(' > '));
  } finally {
    parsed.delete();
  }
}

describe('publicSymbols', () => {
  it('Rust: top-level fns with visibility exactly `pub`', async () => {
    const src = 'pub fn a() {}\npub fn b() {}\nfn c() {}\npub(crate) fn d() {}\nmod m { pub fn e() {} }\n';
    expect(await symbols('m.rs', src)).toEqual(['a', 'b']);
    expect(await symbols('m.rs', src, true)).toEqual(['a', 'b']);
  });

  it('TypeScript: exported callables and exported class methods; --all adds classes and consts', async () => {
    const src = [
      'export function f(a: string): string;',
      'export function f(a: string) { return a; }',
      'export function* gen() {}',
      'export const arrow = () => 1, value = 2;',
      'export const fn = function () {};',
      'export const made = cache(() => 1);',
      'function hidden() {}',
      'export class Svc {',
      '  constructor() {}',
      '  rotate() {}',
      '  static make() {}',
      '  private secret() {}',
      '  protected guarded() {}',
      '  #hash() {}',
      '}',
      'class Internal { m() {} }',
      '',
    ].join('\n');
    expect(await symbols('a.ts', src)).toEqual(['f', 'gen', 'arrow', 'fn', 'Svc > rotate', 'Svc > make']);
    expect(await symbols('a.ts', src, true)).toEqual([
      'f',
      'gen',
      'arrow',
      'value',
      'fn',
      'made',
      'Svc',
      'Svc > rotate',
      'Svc > make',
    ]);
  });

  it('JavaScript: the top-level declarations CommonJS exports name; --all adds classes and values', async () => {
    const src = [
      'function parse() {}',
      'const scan = (s) => s;',
      'function* walk() {}',
      'class Schema {}',
      'const VERSION = 3;',
      'function alias() {}',
      'function hidden() {}',
      'function dumpIt() {}',
      'module.exports = { parse, scan, named: alias, VERSION, inline: function () {}, literal: 1 };',
      'exports.walk = walk;',
      'module.exports.Schema = Schema;',
      'module.exports.dump = dumpIt;',
      // Inline values are assignments, not definitions: no anchor resolves to them.
      'exports.isObject = (v) => typeof v === "object";',
      'module.exports.lambda = function named() {};',
      'other.exports = hidden;',
      '',
    ].join('\n');
    expect(await symbols('lib.js', src)).toEqual(['parse', 'scan', 'alias', 'walk', 'dumpIt']);
    expect(await symbols('lib.cjs', src, true)).toEqual(['parse', 'scan', 'alias', 'VERSION', 'walk', 'Schema', 'dumpIt']);
    expect(await symbols('lib.js', 'function picomatch() {}\nmodule.exports = picomatch;\n')).toEqual(['picomatch']);
    // TypeScript files are ES modules: `module.exports` there is not their public surface.
    expect(await symbols('lib.ts', 'function parse() {}\nmodule.exports = { parse };\n')).toEqual([]);
  });

  it('JavaScript: the members an exported object gets assigned, as express writes `res.send = function send() {}` before `module.exports = res`', async () => {
    const src = [
      'var res = Object.create(null);',
      'res.status = function status(code) { this.statusCode = code; return this; };',
      'res.send = function send(body) { return body; };',
      'res.locals = {};',
      'function Router() {}',
      'Router.prototype.use = function use(fn) { return fn; };',
      'var hidden = {};',
      'hidden.run = function () {};',
      'module.exports = res;',
      'module.exports.Router = Router;',
      '',
    ].join('\n');
    expect(await symbols('lib/res.js', src)).toEqual(['Router', 'res > status', 'res > send', 'Router > use']);
    expect(await symbols('lib/res.js', src, true)).toEqual(['res', 'Router', 'res > status', 'res > send', 'res > locals', 'Router > use']);
  });

  it('Python: non-underscore defs and methods; --all adds classes, constants, aliases, attributes', async () => {
    const src = [
      'CONST = 1',
      '_PRIVATE = 2',
      'type Alias = int',
      '',
      'class Client:',
      '    timeout: int = 30',
      '    def fetch(self):',
      '        pass',
      '    async def fetch(self):',
      '        pass',
      '    @staticmethod',
      '    def make():',
      '        pass',
      '    def _helper(self):',
      '        pass',
      '',
      'class _Hidden:',
      '    def visible(self):',
      '        pass',
      '',
      '@decorator',
      'def top():',
      '    pass',
      '',
      'def _private():',
      '    pass',
      '',
    ].join('\n');
    expect(await symbols('api.py', src)).toEqual(['Client > fetch', 'Client > make', 'top']);
    expect((await symbols('api.py', src, true)).sort()).toEqual([
      'Alias',
      'CONST',
      'Client',
      'Client > fetch',
      'Client > make',
      'Client > timeout',
      'top',
    ]);
  });

  it('Go: capitalized funcs and methods of capitalized types; --all adds exported type/const/var', async () => {
    const src = [
      'package m',
      '',
      'type MatchType int',
      '',
      'const (',
      '\tMatchEqual MatchType = iota',
      '\tmatchHidden',
      ')',
      '',
      'var DefaultMatcher, other = MatchType(0), 1',
      '',
      'type Matcher struct {',
      '\tName string',
      '}',
      '',
      'type matcher struct{}',
      '',
      'func NewMatcher() *Matcher { return nil }',
      'func helper() {}',
      'func (m *Matcher) Match() bool { return true }',
      'func (m *Matcher) match() bool { return true }',
      'func (m matcher) Match() bool { return true }',
      '',
    ].join('\n');
    expect(await symbols('m.go', src)).toEqual(['NewMatcher', 'Matcher > Match']);
    expect(await symbols('m.go', src, true)).toEqual([
      'MatchType',
      'MatchEqual',
      'DefaultMatcher',
      'Matcher',
      'NewMatcher',
      'Matcher > Match',
    ]);
  });
});
