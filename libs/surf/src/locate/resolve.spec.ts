import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ParsedFile, loadLanguages, parseSourceSync, requireLang } from '@driftgate/syntax';
import { parseAnchor } from './anchor.js';
import { ResolveError } from '../errors.js';
import { type Resolution, resolveAnchor } from './resolve.js';

const RUST = `pub struct TokenService {
    secret: String,
}

impl TokenService {
    pub fn rotate(&self, token: &str) -> String {
        helper(token)
    }
    pub fn validate(&self) -> bool {
        true
    }
}

pub fn rotate(token: &str) -> String {
    token.to_uppercase()
}

mod refresh {
    pub fn rotate(token: &str) -> String {
        token.to_string()
    }
    pub mod nested {
        pub fn deep() -> i32 {
            7
        }
    }
}
`;

const TS = `export function rotate(token: string): string;
export function rotate(token: string, force: boolean): string;
export function rotate(token: string, force = false): string {
  return force ? token.toUpperCase() : token;
}

export class TokenService {
  rotate(token: string) {
    return token + "!";
  }
}

export class OtherService {
  rotate(token: string) {
    return token + "?";
  }
}

export const refresh = (t: string) => {
  function inner() {
    return t.trim();
  }
  return inner();
};

export const getResults = cache(unstable_cache(async (id: string) => id.trim()));
export const loginSchema = z.object({ email: z.string() });
export const TIER_MAP = { gold: 3, silver: 2 };
let counter = 0;
`;

const JS = `export function add(a, b) {
  return a + b;
}
export class Service {
  rotate(token) {
    return token + "!";
  }
}
export function make() {
  function inner(x) {
    return x;
  }
  return inner;
}
export const Badge = ({ label }) => <span className="badge">{label}</span>;
`;

const PY = `import functools
import typing

RETRYABLE_STATUS_CODES = frozenset({429, 500, 502})
type Chain = Literal["arbitrum", "base"]
a, b = 1, 2

class TokenService:
    def rotate(self, token):
        self.last = token
        return token + "!"

class OtherService:
    def rotate(self, token):
        return token + "?"

class RateLimitError(Exception):
    retry_after: float | None
    code: int = 429

def rotate(token):
    return token

def rotate(token, force=False):
    return token.upper() if force else token

def refresh(t):
    def inner():
        return t.strip()
    return inner()

@functools.cache
def cached():
    return 1

class Box:
    if typing.TYPE_CHECKING:
        def hidden(self): ...
`;

const GUARDED_PY = `import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections import OrderedDict
    GuardedAlias = OrderedDict

if sys.version_info >= (3, 10):
    def gated() -> bool:
        return True
elif sys.version_info >= (3, 9):
    def gated() -> bool:
        return False
else:
    LEGACY = 1

try:
    from fast_json import loads

    def parse(data):
        return loads(data)
except ImportError:
    def parse(data):
        return None
finally:
    CLEANUP = 1
`;

const OVERLOADED_PY = `from typing import overload
import typing

@overload
def probe(x: int) -> int: ...
@overload
def probe(x: str) -> str: ...
def probe(x):
    return x

class Client:
    @typing.overload
    def fetch(self, key: int) -> int: ...
    @typing.overload
    def fetch(self, key: str) -> str: ...
    def fetch(self, key):
        return key

def plain(): ...
def plain(): ...

@overload
def outer(x: int) -> int: ...
def outer(x):
    def inner(y):
        return y * 2
    return inner(x)
`;

const GO = `package auth

type TokenService struct {
	secret string
}

type OtherService struct{}

type Stack[T any] struct {
	items []T
}

func Rotate(token string) string {
	return token
}

func (s *TokenService) Rotate(token string) string {
	return token + "!"
}

func (o OtherService) Rotate(token string) string {
	return token + "?"
}

func (s *Stack[T]) Push(v T) {
	s.items = append(s.items, v)
}

func (s Stack[T]) Len() int {
	return len(s.items)
}

const (
	MaxRetries = 3
	minDelay   = 1
)

var DefaultName, OtherName = "a", "b"

var (
	Registry = map[string]int{}
)
`;

const files = new Map<string, ParsedFile>();

beforeAll(async () => {
  await loadLanguages();
  for (const [file, text] of Object.entries({
    'auth.rs': RUST,
    'auth.ts': TS,
    'auth.js': JS,
    'auth.py': PY,
    'guarded.py': GUARDED_PY,
    'overloaded.py': OVERLOADED_PY,
    'auth.go': GO,
  })) {
    files.set(file, parseSourceSync(text, requireLang(file), file));
  }
});

afterAll(() => {
  for (const parsed of files.values()) parsed.delete();
});

function resolve(at: string): Resolution {
  const anchor = parseAnchor(at);
  return resolveAnchor(files.get(anchor.file)!, anchor);
}

function code(at: string): string {
  const anchor = parseAnchor(at);
  const { span } = resolve(at);
  return files.get(anchor.file)!.text.slice(span.startIndex, span.endIndex);
}

function failure(at: string): ResolveError {
  try {
    resolve(at);
  } catch (e) {
    if (e instanceof ResolveError) return e;
    throw e;
  }
  throw new Error(`expected \`${at}\` not to resolve`);
}

describe('Rust (generic resolver, scopes as sets)', () => {
  it('a type alone is ambiguous between struct and impl', () => {
    expect(failure('auth.rs > TokenService')).toMatchObject({ kind: 'Ambiguous', count: 2, segment: 'TokenService' });
  });

  it('Type > method descends struct and impl together', () => {
    expect(code('auth.rs > TokenService > rotate')).toContain('helper(token)');
  });

  it('free fn, method and module fn of one name coexist', () => {
    expect(code('auth.rs > rotate')).toMatch(/^pub fn rotate\(token: &str\)/);
    expect(code('auth.rs > rotate')).toContain('to_uppercase');
    expect(code('auth.rs > refresh > rotate')).toContain('token.to_string()');
    expect(code('auth.rs > refresh > nested > deep')).toContain('7');
  });

  it('@N selects one scope on an intermediate segment', () => {
    expect(code('auth.rs > TokenService @2 > validate')).toContain('true');
    expect(failure('auth.rs > TokenService @1 > validate')).toMatchObject({ kind: 'NotFound', segment: 'validate' });
  });

  it('an index past the matches is NotFound', () => {
    expect(failure('auth.rs > rotate @2')).toMatchObject({ kind: 'NotFound', segment: 'rotate' });
  });

  it('reports 1-based lines and 0-based columns', () => {
    const { span } = resolve('auth.rs > TokenService > rotate');
    expect(span).toMatchObject({ startLine: 6, endLine: 8, startColumn: 4, endColumn: 5 });
    expect(RUST.slice(span.startIndex, span.endIndex)).toBe(
      'pub fn rotate(&self, token: &str) -> String {\n        helper(token)\n    }',
    );
    expect(span.startByte).toBe(span.startIndex);
  });
});

describe('TypeScript', () => {
  it('overload signatures + implementation are Ambiguous(3); @3 is the implementation', () => {
    expect(failure('auth.ts > rotate')).toMatchObject({ kind: 'Ambiguous', count: 3 });
    expect(failure('auth.ts > rotate').message).toBe('`rotate` is ambiguous (3 matches); disambiguate with `@N`');
    expect(code('auth.ts > rotate @3')).toContain('force ? token.toUpperCase()');
    expect(code('auth.ts > rotate @1')).toBe('function rotate(token: string): string;');
  });

  it('methods are disambiguated by class', () => {
    expect(code('auth.ts > TokenService > rotate')).toContain('token + "!"');
    expect(code('auth.ts > OtherService > rotate')).toContain('token + "?"');
  });

  it('resolves a function nested in an arrow const', () => {
    expect(code('auth.ts > refresh > inner')).toContain('t.trim()');
  });

  it('resolves consts bound to calls and non-callable values (the declarator is hashed)', () => {
    expect(code('auth.ts > getResults')).toBe(
      'getResults = cache(unstable_cache(async (id: string) => id.trim()))',
    );
    expect(code('auth.ts > loginSchema')).toContain('z.object');
    expect(code('auth.ts > TIER_MAP')).toBe('TIER_MAP = { gold: 3, silver: 2 }');
    expect(resolve('auth.ts > TIER_MAP').definitions[0]!.type).toBe('variable_declarator');
    expect(code('auth.ts > counter')).toBe('counter = 0');
  });

  it('NotFound names the segment', () => {
    const e = failure('auth.ts > doesNotExist');
    expect(e).toMatchObject({ kind: 'NotFound', segment: 'doesNotExist', code: 'SURF_SYMBOL_NOT_FOUND' });
    expect(e.message).toBe('no symbol `doesNotExist` found at this path');
  });

  it('JavaScript parses JSX with the TSX grammar', () => {
    expect(code('auth.js > add')).toContain('a + b');
    expect(code('auth.js > Service > rotate')).toContain('token + "!"');
    expect(code('auth.js > make > inner')).toContain('return x');
    expect(code('auth.js > Badge')).toContain('className');
  });
});

describe('Python', () => {
  it('methods are disambiguated by class', () => {
    expect(code('auth.py > TokenService > rotate')).toContain('token + "!"');
    expect(code('auth.py > OtherService > rotate')).toContain('token + "?"');
  });

  it('top-level duplicates are Ambiguous, then positional', () => {
    expect(failure('auth.py > rotate')).toMatchObject({ kind: 'Ambiguous', count: 2 });
    expect(code('auth.py > rotate @2')).toContain('force');
  });

  it('nested functions and decorated definitions (span includes the decorator)', () => {
    expect(code('auth.py > refresh > inner')).toContain('t.strip()');
    expect(code('auth.py > cached')).toBe('@functools.cache\ndef cached():\n    return 1');
    const cached = resolve('auth.py > cached');
    expect(cached.definitions[0]!.type).toBe('function_definition');
    expect(cached.hashable[0]!.type).toBe('decorated_definition');
  });

  it('module constants, type aliases and class attributes hash the assignment itself', () => {
    expect(code('auth.py > RETRYABLE_STATUS_CODES')).toBe('RETRYABLE_STATUS_CODES = frozenset({429, 500, 502})');
    expect(resolve('auth.py > RETRYABLE_STATUS_CODES').hashable[0]!.type).toBe('assignment');
    expect(code('auth.py > Chain')).toBe('type Chain = Literal["arbitrum", "base"]');
    expect(resolve('auth.py > Chain').hashable[0]!.type).toBe('type_alias_statement');
    expect(code('auth.py > RateLimitError > retry_after')).toBe('retry_after: float | None');
    expect(code('auth.py > RateLimitError > code')).toBe('code: int = 429');
  });

  it('attribute targets are not anchorable; tuple targets resolve by the extended rules only', () => {
    expect(failure('auth.py > TokenService > last')).toMatchObject({ kind: 'NotFound' });
    // The reference finds no `a` (spec §4.5); recipe 3's extended rules name its assignment.
    expect(resolve('auth.py > a').extended).toMatchObject({ kind: 'NotFound', segment: 'a' });
    expect(code('auth.py > a')).toBe('a, b = 1, 2');
  });

  it('module-level if/elif/else/try/except/finally are transparent', () => {
    expect(code('guarded.py > GuardedAlias')).toBe('GuardedAlias = OrderedDict');
    expect(failure('guarded.py > gated')).toMatchObject({ kind: 'Ambiguous', count: 2 });
    expect(code('guarded.py > gated @1')).toContain('return True');
    expect(code('guarded.py > gated @2')).toContain('return False');
    expect(code('guarded.py > LEGACY')).toBe('LEGACY = 1');
    expect(code('guarded.py > CLEANUP')).toBe('CLEANUP = 1');
    expect(failure('guarded.py > parse')).toMatchObject({ kind: 'Ambiguous', count: 2 });
    expect(code('guarded.py > parse @1')).toContain('loads(data)');
    expect(code('guarded.py > parse @2')).toContain('return None');
  });

  it('guards are transparent at module level only', () => {
    expect(failure('auth.py > Box > hidden')).toMatchObject({ kind: 'NotFound', segment: 'hidden' });
  });

  it('an @overload group is one match spanning every stub and the implementation', () => {
    const probe = resolve('overloaded.py > probe');
    expect(probe.definitions).toHaveLength(3);
    expect(code('overloaded.py > probe')).toBe(
      '@overload\ndef probe(x: int) -> int: ...\n@overload\ndef probe(x: str) -> str: ...\ndef probe(x):\n    return x',
    );
    const fetch = code('overloaded.py > Client > fetch');
    expect(fetch).toMatch(/^@typing\.overload\n {4}def fetch\(self, key: int\)/);
    expect(fetch).toMatch(/return key$/);
  });

  it('plain duplicates without @overload stay ambiguous', () => {
    expect(failure('overloaded.py > plain')).toMatchObject({ kind: 'Ambiguous', count: 2 });
  });

  it('nested lookup goes through an overload group into the implementation', () => {
    expect(code('overloaded.py > outer > inner')).toContain('y * 2');
  });
});

describe('Go (flat resolver)', () => {
  it('one segment excludes methods', () => {
    expect(code('auth.go > Rotate')).toMatch(/^func Rotate\(token string\)/);
  });

  it('Type > Method matches pointer and value receivers, generic too', () => {
    expect(code('auth.go > TokenService > Rotate')).toContain('token + "!"');
    expect(code('auth.go > OtherService > Rotate')).toContain('token + "?"');
    expect(code('auth.go > Stack > Push')).toContain('append');
    expect(code('auth.go > Stack > Len')).toContain('len(s.items)');
  });

  it('types, consts and vars resolve to their spec', () => {
    expect(code('auth.go > TokenService')).toBe('TokenService struct {\n\tsecret string\n}');
    expect(code('auth.go > MaxRetries')).toBe('MaxRetries = 3');
    expect(code('auth.go > OtherName')).toBe('DefaultName, OtherName = "a", "b"');
    expect(code('auth.go > Registry')).toBe('Registry = map[string]int{}');
  });

  it('missing method, three segments and a past-the-end index are NotFound', () => {
    expect(failure('auth.go > TokenService > Missing')).toMatchObject({ kind: 'NotFound', segment: 'Missing' });
    expect(failure('auth.go > TokenService > Rotate > x')).toMatchObject({ kind: 'NotFound', segment: 'x' });
    expect(failure('auth.go > Rotate @2')).toMatchObject({ kind: 'NotFound', segment: 'Rotate' });
  });
});

describe('Unicode identifiers', () => {
  it.each([
    ['x.rs > café', 'pub fn café(δ: i64) -> i64 {\n    δ\n}\n', 'δ'],
    ['x.ts > café', 'export function café(δ: string): string {\n  return δ;\n}\n', 'return δ'],
    ['x.py > café', 'def café(δ):\n    return δ\n', 'return δ'],
    ['x.go > Café', 'func Café(δ int) int {\n\treturn δ\n}\n', 'return δ'],
  ])('%s resolves to the Unicode-named body', (at, source, fragment) => {
    const anchor = parseAnchor(at);
    const parsed = parseSourceSync(source, requireLang(anchor.file));
    try {
      const { span } = resolveAnchor(parsed, anchor);
      expect(source.slice(span.startIndex, span.endIndex)).toContain(fragment);
    } finally {
      parsed.delete();
    }
  });

  it('reports UTF-8 byte offsets and UTF-16 columns after non-ASCII text', () => {
    const source = 'const ü = "é";\nexport function café(δ: string) { return δ; }\n';
    const parsed = parseSourceSync(source, 'typescript');
    try {
      const { span } = resolveAnchor(parsed, [{ name: 'café' }]);
      const start = source.indexOf('function');
      expect(span.startIndex).toBe(start);
      expect(span.startByte).toBe(Buffer.byteLength(source.slice(0, start)));
      expect(span.startByte).toBe(start + 2);
      expect(span.endByte - span.startByte).toBe(Buffer.byteLength(source.slice(start, span.endIndex)));
      expect(span).toMatchObject({ startLine: 2, startColumn: 7, endLine: 2 });
    } finally {
      parsed.delete();
    }
  });
});
