import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compatDigest, sliceFingerprint } from '../hashing/digests.js';
import { BoundverError } from '../errors.js';
import { readLock } from './lock-read.js';
import { LOCK_SCHEMA, LOCK_SCHEMA_URL, type Lock, type LockComponent } from './lock-types.js';
import { serializeLock } from './lock-write.js';
import { CONFIG_CONTRACT } from '../config/semantic-config.js';
import { sha256Hex } from '../hashing/sha256.js';
import { writeFileAtomic } from '../source/write-file-atomic.js';

const API_EXACT = sha256Hex('api exact');
const API_BEHAVIOR = sha256Hex('api behavior');
const API_BOUNDARY = sha256Hex('api boundary');
const API_COMPAT = compatDigest('api', '1')!;
const WEB_EXACT = sha256Hex('web exact');

function exampleLock(): Lock {
  const api: LockComponent = {
    version: '1.4.2',
    path: 'services/api',
    boundary_provider: 'path-hash',
    boundary_provider_version: '3',
    boundary_status: 'ok',
    consumers: ['web'],
    external_consumers: ['partner-x'],
    fingerprints: { exact: API_EXACT, behavior: API_BEHAVIOR, boundary: API_BOUNDARY, compat: API_COMPAT },
    semver: { compat_family: '1', api_surface: '1.4', exact_version: '1.4.2' },
  };
  const web: LockComponent = {
    version: null,
    path: 'apps/web',
    boundary_provider: 'implicit',
    boundary_provider_version: '3',
    boundary_status: 'partial',
    consumers: [],
    external_consumers: ['caf\u00e9-\u{1F680}'],
    fingerprints: { exact: WEB_EXACT, behavior: null, boundary: null, compat: null },
    semver: { compat_family: null, api_surface: null, exact_version: null },
    boundary_errors: ['No boundary paths declared for implicit boundary'],
  };
  const digests = new Map([
    ['web', WEB_EXACT],
    ['api', API_EXACT],
  ]);
  return {
    $schema: LOCK_SCHEMA_URL,
    schema: LOCK_SCHEMA,
    config_contract: CONFIG_CONTRACT,
    config_digest: 'd1197224a80baa54f142e6fc5e7a60deefb6a20e0e5e8dee04ed58374eb0ab7c',
    project: 'bv-fixture',
    components: new Map([
      ['api', api],
      ['web', web],
    ]),
    slices: new Map([
      [
        'everything',
        { description: 'all \u2014 caf\u00e9', mode: 'exact', components: ['api', 'web'], fingerprint: sliceFingerprint(digests), component_digests: digests },
      ],
    ]),
  };
}

// Written out by hand from Python's json.dumps(lock, indent=2) rules: two-space indent, ", " →
// "," + newline, ": " between key and value, keys in insertion order, non-ASCII as lowercase
// \uXXXX (astral characters as a surrogate pair), then one trailing newline.
function expectedText(): string {
  return [
    '{',
    `  "$schema": "${LOCK_SCHEMA_URL}",`,
    '  "schema": "boundary-lock/v3",',
    '  "config_contract": "boundver-semantic-config/v2",',
    '  "config_digest": "d1197224a80baa54f142e6fc5e7a60deefb6a20e0e5e8dee04ed58374eb0ab7c",',
    '  "project": "bv-fixture",',
    '  "components": {',
    '    "api": {',
    '      "version": "1.4.2",',
    '      "path": "services/api",',
    '      "boundary_provider": "path-hash",',
    '      "boundary_provider_version": "3",',
    '      "boundary_status": "ok",',
    '      "consumers": [',
    '        "web"',
    '      ],',
    '      "external_consumers": [',
    '        "partner-x"',
    '      ],',
    '      "fingerprints": {',
    `        "exact": "${API_EXACT}",`,
    `        "behavior": "${API_BEHAVIOR}",`,
    `        "boundary": "${API_BOUNDARY}",`,
    `        "compat": "${API_COMPAT}"`,
    '      },',
    '      "semver": {',
    '        "compat_family": "1",',
    '        "api_surface": "1.4",',
    '        "exact_version": "1.4.2"',
    '      }',
    '    },',
    '    "web": {',
    '      "version": null,',
    '      "path": "apps/web",',
    '      "boundary_provider": "implicit",',
    '      "boundary_provider_version": "3",',
    '      "boundary_status": "partial",',
    '      "consumers": [],',
    '      "external_consumers": [',
    '        "caf\\u00e9-\\ud83d\\ude80"',
    '      ],',
    '      "fingerprints": {',
    `        "exact": "${WEB_EXACT}",`,
    '        "behavior": null,',
    '        "boundary": null,',
    '        "compat": null',
    '      },',
    '      "semver": {',
    '        "compat_family": null,',
    '        "api_surface": null,',
    '        "exact_version": null',
    '      },',
    '      "boundary_errors": [',
    '        "No boundary paths declared for implicit boundary"',
    '      ]',
    '    }',
    '  },',
    '  "slices": {',
    '    "everything": {',
    '      "description": "all \\u2014 caf\\u00e9",',
    '      "mode": "exact",',
    '      "components": [',
    '        "api",',
    '        "web"',
    '      ],',
    `      "fingerprint": "${sliceFingerprint(new Map([['api', API_EXACT], ['web', WEB_EXACT]]))}",`,
    '      "component_digests": {',
    `        "api": "${API_EXACT}",`,
    `        "web": "${WEB_EXACT}"`,
    '      }',
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
}

describe('lock writer', () => {
  it('writes the spec example byte-identical to Python json.dumps(indent=2) + newline', () => {
    expect(serializeLock(exampleLock())).toBe(expectedText());
  });
  it('writes the compat digest of the example', () => {
    expect(API_COMPAT).toBe('cedd5e222891a8dbc919b907d46b8dd9ae6fd82cd43e165730a8eea247bc9bea');
  });
  it('writes optional fields in file order, vendored_copies even when empty', () => {
    const lock = exampleLock();
    const api = lock.components.get('api')!;
    api.vendored_errors = [];
    api.vendored_digests = new Map([['vendor/api/', sha256Hex('copy')]]);
    api.vendored_copies = ['vendor/api/'];
    api.exact_errors = ['e'];
    const text = serializeLock(lock);
    const order = ['"exact_errors"', '"vendored_copies"', '"vendored_digests"'].map((key) => text.indexOf(key));
    expect(order.every((position) => position > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).not.toContain('vendored_errors');
    lock.components.get('web')!.vendored_copies = [];
    expect(serializeLock(lock)).toContain('"vendored_copies": []');
  });
  it('rejects lone surrogates and oversize output', () => {
    const lock = exampleLock();
    lock.project = 'bad\uD800';
    expect(() => serializeLock(lock)).toThrow(BoundverError);
    expect(() => serializeLock(lock)).toThrow(/lone surrogate/);
    expect(() => serializeLock(exampleLock(), 1000)).toThrow(/exceeds the 1000-byte limit/);
  });
});

describe('lock reader', () => {
  it('round-trips the writer output', () => {
    const text = expectedText();
    const { lock, issues } = readLock(text);
    expect(issues).toEqual([]);
    expect(serializeLock(lock!)).toBe(text);
    expect(lock!.components.get('web')!.external_consumers).toEqual(['caf\u00e9-\u{1F680}']);
  });
  it('asks for regeneration of v1/v2 locks and semantic-config v1', () => {
    const v2 = readLock(expectedText().replace('boundary-lock/v3', 'boundary-lock/v2'));
    expect(v2.lock).toBeNull();
    expect(v2.issues).toHaveLength(1);
    expect(v2.issues[0]).toMatch(/^LOCKFILE schema boundary-lock\/v2 must be regenerated/);
    expect(readLock(expectedText().replace('boundary-lock/v3', 'boundary-lock/v1')).issues[0]).toMatch(/must be regenerated/);
    const contract = readLock(expectedText().replace('boundver-semantic-config/v2', 'boundver-semantic-config/v1')).issues;
    expect(contract[0]).toMatch(/^LOCKFILE semantic configuration contract mismatch: boundver-semantic-config\/v1 must be regenerated/);
    const forDiff = readLock(expectedText().replace('boundver-semantic-config/v2', 'boundver-semantic-config/v1'), {
      acceptedConfigContracts: ['boundver-semantic-config/v1', 'boundver-semantic-config/v2'],
    });
    expect(forDiff.issues).toEqual([]);
  });
  it('reports structural problems as LOCKFILE issues', () => {
    const broken = expectedText()
      .replace(`"exact": "${WEB_EXACT}"`, '"exact": "ABC"')
      .replace('"config_digest": "d1197224', '"config_digest": "X1197224')
      .replace('      "boundary_status": "partial",\n', '');
    const { lock, issues } = readLock(broken);
    expect(lock).toBeNull();
    expect(issues).toEqual([
      'LOCKFILE malformed: config_digest must be a lowercase SHA-256 digest',
      "LOCKFILE malformed: component 'web' boundary_status must be one of ok, partial, or error",
      "LOCKFILE malformed: component 'web' fingerprints.exact must be a lowercase SHA-256 digest or null",
    ]);
    expect(readLock('{"schema": "boundary-lock/v3", "x": 1}').issues[0]).toBe(
      "LOCKFILE malformed: config_contract must be 'boundver-semantic-config/v2'",
    );
    expect(readLock('[]').issues).toEqual(['LOCKFILE malformed: root must be an object']);
    expect(readLock('{}').issues).toEqual(['LOCKFILE schema missing (expected boundary-lock/v3)']);
    expect(readLock('{"a":1,"a":1}').issues).toEqual([
      'LOCKFILE malformed: JSON parse error in boundary.lock.json: Duplicate object key at line 1, column 8',
    ]);
  });
  it('refuses locks over 10 MiB', () => {
    expect(readLock(new Uint8Array(10 * 1024 * 1024 + 1)).issues[0]).toMatch(/^LOCKFILE too large/);
  });
});

describe('writeFileAtomic', () => {
  it('replaces the file and leaves no temporary file behind', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'boundver-atomic-'));
    try {
      const target = join(directory, 'boundary.lock.json');
      await writeFile(target, 'old');
      await writeFileAtomic(target, serializeLock(exampleLock()));
      expect(await readFile(target, 'utf8')).toBe(expectedText());
      expect(await readdir(directory)).toEqual(['boundary.lock.json']);
      await expect(writeFileAtomic(join(directory, 'missing', 'x.json'), 'x')).rejects.toMatchObject({ code: 'BOUNDVER_WRITE_FAILED' });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
