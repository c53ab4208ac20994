import { describe, expect, it } from 'vitest';
import { parseHub } from '../hub/parse-hub.js';
import { SurfError } from '../errors.js';
import { parseSurfConfig } from './config.js';
import { DEFAULT_HUBS_DIR, DEFAULT_SURF_TOML, newHubPath, newHubTemplate } from './new-hub-template.js';
import { hubDirectory } from './hub-directory.js';

describe('newHubTemplate (spec §7.2)', () => {
  const text = newHubTemplate('auth');

  it('parses, holds no claims, and has the documented frontmatter', () => {
    const hub = parseHub(text, { path: 'hubs/auth.md' });
    expect(hub.kind).toBe('Concept');
    expect(hub.type).toBe('concept');
    expect(hub.summary?.startsWith('TODO')).toBe(true);
    expect(hub.anchors).toEqual([]);
    expect(hub.refs).toEqual([]);
    expect([...hub.extra]).toEqual([]);
  });

  it('has the documented body sections', () => {
    const body = parseHub(text).body.split('\n');
    expect(body).toContain('# auth');
    expect(body.some((line) => line.startsWith('TODO'))).toBe(true);
    expect(body.indexOf('## How it works')).toBeGreaterThan(body.indexOf('# auth'));
    expect(body.indexOf('## Boundary')).toBeGreaterThan(body.indexOf('## How it works'));
  });

  it('shows an indented multi-site claim that is itself valid hub YAML', () => {
    const example = parseHub(text)
      .body.split('\n')
      .filter((line) => line.startsWith('    '))
      .map((line) => line.slice(4));
    const hub = parseHub(['---', ...example, '---', ''].join('\n'));
    expect(hub.anchors).toHaveLength(1);
    expect(Array.isArray(hub.anchors[0].at) && hub.anchors[0].at.length).toBe(2);
    expect(hub.anchors[0].hash).toBeUndefined();
  });

  it('uses LF line endings and ends with a newline', () => {
    expect(text).not.toContain('\r');
    expect(text.endsWith('\n')).toBe(true);
  });
});

describe('newHubPath', () => {
  it('puts the hub in the hub directory', () => {
    expect(newHubPath({ hubs: ['docs/hubs/*.md'] }, 'auth')).toBe('docs/hubs/auth.md');
    expect(newHubPath({ hubs: ['hubs/*.md'] }, 'auth.md')).toBe('hubs/auth.md');
    expect(newHubPath({ hubs: ['./*.md'] }, 'auth')).toBe('auth.md');
  });

  it.each(['', '  ', 'a/b', 'a\\b', '.', '..', 'x\ny', '.md', 'index', 'log.md'])('rejects the name %j', (name) => {
    let caught: unknown;
    try {
      newHubPath({ hubs: ['hubs/*.md'] }, name);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SurfError);
    expect((caught as SurfError).code).toBe('SURF_BAD_HUB_NAME');
  });
});

describe('DEFAULT_SURF_TOML (spec §7.1)', () => {
  it('is the documented default and agrees with the hub directory', () => {
    expect(DEFAULT_SURF_TOML).toBe('hubs = ["hubs/*.md"]\n');
    const config = parseSurfConfig(DEFAULT_SURF_TOML);
    expect(config).toEqual({ hubs: ['hubs/*.md'], bundles: [] });
    expect(hubDirectory(config)).toBe(DEFAULT_HUBS_DIR);
  });
});
