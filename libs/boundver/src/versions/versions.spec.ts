import { describe, expect, it } from 'vitest';
import { affectedConsumers, affectedConsumersLine, consumerClosure, previewNames, type ConsumerNode } from '../config/consumers.js';
import { pythonStr } from '../formats/python-str.js';
import { compatIdentity, parseSemver } from './semver.js';
import { validateGitTagPrefix, versionFromFile, versionFromTag } from './versions.js';

describe('semver (vectors §2.3)', () => {
  it('parses a prefix, defaulting the patch to 0', () => {
    expect(parseSemver('1.2')).toEqual({ compatFamily: '1', apiSurface: '1.2', exactVersion: '1.2.0' });
    expect(parseSemver('v2.3.4-rc.1')).toEqual({ compatFamily: '2', apiSurface: '2.3', exactVersion: '2.3.4' });
    expect(parseSemver('abc')).toEqual({ compatFamily: null, apiSurface: null, exactVersion: 'abc' });
    expect(parseSemver(null)).toEqual({ compatFamily: null, apiSurface: null, exactVersion: null });
  });
  it('derives the compat identity by mode', () => {
    const parts = parseSemver('1.4.2');
    expect(compatIdentity(parts, 'major')).toBe('1');
    expect(compatIdentity(parts, 'semver_major')).toBe('1');
    expect(compatIdentity(parts, 'semver_major_minor')).toBe('1.4');
    expect(compatIdentity(parseSemver('abc'), 'major')).toBeNull();
  });
  it('resolves prefix overlap: tag v11.0.0 under prefixes v and v1', () => {
    expect(versionFromTag('v11.0.0', 'v')).toBe('11.0.0');
    expect(versionFromTag('v11.0.0', 'v1')).toBe('1.0.0');
    expect(versionFromTag('v', 'v')).toBeNull();
    expect(versionFromTag(null, 'v')).toBeNull();
  });
});

describe('version files', () => {
  const bytes = (text: string) => Buffer.from(text, 'utf8');
  it('reads dotted fields from JSON, TOML and YAML with Python str()', () => {
    expect(versionFromFile(bytes('{"version": "1.2.3"}'), 'package.json', 'version')).toBe('1.2.3');
    expect(versionFromFile(bytes('[tool.poetry]\nversion = "0.4.0"\n'), 'pyproject.toml', 'tool.poetry.version')).toBe('0.4.0');
    expect(versionFromFile(bytes('meta:\n  version: 2.0\n'), 'chart.yaml', 'meta.version')).toBe('2.0');
    expect(versionFromFile(bytes('{"version": 3}'), 'v.json', 'version')).toBe('3');
  });
  it('yields null for missing fields, bad files and unsupported extensions', () => {
    expect(versionFromFile(bytes('{"name": "x"}'), 'package.json', 'version')).toBeNull();
    expect(versionFromFile(bytes('{"version": null}'), 'package.json', 'version')).toBeNull();
    expect(versionFromFile(bytes('{oops'), 'package.json', 'version')).toBeNull();
    expect(versionFromFile(bytes('version=1'), 'VERSION.txt', 'version')).toBeNull();
    expect(versionFromFile(bytes('{"a": [1]}'), 'p.json', 'a.0')).toBeNull();
  });
  it('converts values like Python str()', () => {
    expect(pythonStr(1.0)).toBe('1.0');
    expect(pythonStr(12n)).toBe('12');
    expect(pythonStr(true)).toBe('True');
    expect(pythonStr(null)).toBe('None');
    expect(pythonStr(['a', 1n, "it's"])).toBe(`['a', 1, "it's"]`);
    expect(pythonStr(new Map([['k', false]]))).toBe("{'k': False}");
  });
});

describe('git tag prefix grammar', () => {
  it('accepts literal prefixes whose last component is still open', () => {
    for (const prefix of ['v', 'api-v', 'release/', 'pkg/v', 'x.', 'a.lock']) expect([prefix, validateGitTagPrefix(prefix)]).toEqual([prefix, null]);
  });
  it('rejects what cannot form a valid tag', () => {
    for (const prefix of ['', '/v', '.v', 'a//b', 'a/.b', 'a..b', 'a@{b', 'a b', 'v*', 'v?', 'v[', 'a\\b', 'a~', 'a^', 'a:', 'x.lock/v', 'a/x.lock/v', 'a\u007f']) {
      expect([prefix, validateGitTagPrefix(prefix)]).not.toEqual([prefix, null]);
    }
    expect(validateGitTagPrefix('v'.repeat(4097))).toBe('must not exceed 4096 characters');
  });
});

describe('consumers', () => {
  const graph = new Map<string, ConsumerNode>([
    ['core', { consumers: ['web', 'api'], externalConsumers: ['partner'] }],
    ['api', { consumers: ['web', 'ghost'], externalConsumers: [] }],
    ['web', { consumers: ['core'], externalConsumers: ['browser'] }],
    ['lone', { consumers: [], externalConsumers: [] }],
  ]);
  it('computes a sorted, cycle-safe closure that ignores unknown names', () => {
    expect(consumerClosure(graph, ['api'])).toEqual(['core', 'web']);
    expect(consumerClosure(graph, ['api'], true)).toEqual(['api', 'core', 'web']);
    expect(consumerClosure(graph, ['lone'], true)).toEqual(['lone']);
  });
  it('lists direct or transitive impact with external labels', () => {
    expect(affectedConsumers(graph, 'api')).toEqual({ components: ['web'], externalConsumers: [] });
    expect(affectedConsumers(graph, 'api', true)).toEqual({ components: ['core', 'web'], externalConsumers: ['browser', 'partner'] });
    expect(affectedConsumersLine(graph, 'core')).toBe('AFFECTED CONSUMERS core: api, partner, web');
    expect(affectedConsumersLine(graph, 'api', true)).toBe('AFFECTED CONSUMERS (TRANSITIVE) api: browser, core, partner, web');
    expect(affectedConsumersLine(graph, 'lone')).toBeNull();
  });
  it('previews at most eight names', () => {
    const names = Array.from({ length: 11 }, (_, index) => `c${index}`);
    expect(previewNames(names)).toBe('c0, c1, c2, c3, c4, c5, c6, c7, +3 more');
    expect(previewNames(names.slice(0, 8))).toBe('c0, c1, c2, c3, c4, c5, c6, c7');
  });
});
