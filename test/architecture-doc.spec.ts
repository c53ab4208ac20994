// docs/architecture.md names each package's stage folders; this keeps that list true of the tree.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOC = 'docs/architecture.md';

/** Packages whose sources are arranged in stage folders already; they keep each folder small. */
const STAGED = [
  'libs/report/src',
  'libs/boundver/src',
  'libs/git/src',
  'libs/triage/src',
  'executors/src',
  'libs/surf/src',
  'libs/cli/src',
  'tools/surf/src',
  'tools/boundver/src',
];
const MAX_FILES_PER_FOLDER = 20;

/** Package source folder → the stage folders the doc lists under it, from the marked block. */
function documented(): Map<string, string[]> {
  const text = readFileSync(join(ROOT, DOC), 'utf8');
  const block = /<!-- structure:begin -->\n```\n([\s\S]*?)```\n<!-- structure:end -->/.exec(text);
  if (block === null) throw new Error(`${DOC} has no structure block`);
  const packages = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of block[1]!.split('\n').filter((l) => l.trim() !== '')) {
    const folder = /^\s+([a-z0-9-]+)\/(\s|$)/.exec(line);
    if (folder !== null) {
      if (current === undefined) throw new Error(`${DOC}: folder before any package: ${line}`);
      current.push(folder[1]!);
      continue;
    }
    current = [];
    packages.set(line.trim(), current);
  }
  return packages;
}

const folders = (src: string): string[] =>
  readdirSync(join(ROOT, src), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

interface Workspace {
  /** Folder of the package, relative to the repository root (`libs/git`). */
  readonly path: string;
  /** Its `@driftgate/*` dependencies as its package.json declares them. */
  readonly declared: string[];
  /** `@driftgate/*` packages its sources (specs and test helpers aside) import, and those imported as values. */
  readonly imported: string[];
  readonly valueImported: string[];
}

const OURS = /^(?:import|export)\s+(type\s+)?(?:[^;'"]*?\s+from\s+)?'(@driftgate\/[^']+)'|import\('(@driftgate\/[^']+)'\)/gm;

/** Every workspace of the root package.json that has sources, with what it declares and imports. */
function workspaces(): Workspace[] {
  const readJson = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as { workspaces?: string[]; dependencies?: Record<string, string> };
  return (readJson('package.json').workspaces ?? [])
    .filter((path) => existsSync(join(ROOT, path, 'src')))
    .map((path) => {
      const declared = Object.keys(readJson(`${path}/package.json`).dependencies ?? {}).filter((name) => name.startsWith('@driftgate/'));
      const imported = new Set<string>();
      const valueImported = new Set<string>();
      const sources = readdirSync(join(ROOT, path, 'src'), { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file) && !/\.(spec|test-helpers)\.tsx?$/.test(file));
      for (const file of sources) {
        for (const match of readFileSync(join(ROOT, path, 'src', file), 'utf8').matchAll(OURS)) {
          const name = match[2] ?? match[3]!;
          imported.add(name);
          if (match[1] === undefined) valueImported.add(name);
        }
      }
      return { path, declared: declared.sort(), imported: [...imported].sort(), valueImported: [...valueImported].sort() };
    });
}

/** Package folder → the `@driftgate/*` names its arrow points to, from the block above the structure block. */
function arrows(): Map<string, string[]> {
  const text = readFileSync(join(ROOT, DOC), 'utf8');
  const section = text.slice(text.indexOf('## Packages and their stage folders'), text.indexOf('<!-- structure:begin -->'));
  const out = new Map<string, string[]>();
  for (const [, from, to] of section.matchAll(/^(\S[^─\n]*?)\s+─►\s+(.*)$/gm)) {
    // Words in parentheses say why; `nothing of ours` is an empty list.
    const targets = to!.replace(/\([^)]*\)/g, '').trim() === 'nothing of ours' ? [] : to!.replace(/\([^)]*\)/g, '').split(',').map((name) => `@driftgate/${name.trim()}`);
    for (const path of from!.split(',').map((name) => name.trim())) {
      expect(out.has(path), `${DOC} draws ${path}'s arrow twice`).toBe(false);
      out.set(path, targets.sort());
    }
  }
  return out;
}

describe(DOC, () => {
  const packages = documented();

  it('draws, for every package, an arrow to exactly the packages its sources import', () => {
    const drawn = arrows();
    const all = workspaces();
    expect([...drawn.keys()].sort(), 'packages with an arrow').toEqual(all.map((workspace) => workspace.path).sort());
    for (const workspace of all) expect(drawn.get(workspace.path), `${workspace.path}'s arrow`).toEqual(workspace.imported);
  });

  it('has each package.json declare the packages imported as values, and no package it does not import', () => {
    for (const workspace of workspaces()) {
      expect(workspace.declared.filter((name) => !workspace.imported.includes(name)), `${workspace.path}/package.json declares but never imports`).toEqual([]);
      expect(workspace.valueImported.filter((name) => !workspace.declared.includes(name)), `${workspace.path} imports as values but does not declare`).toEqual([]);
    }
  });

  it('lists every library under libs/', () => {
    const libs = readdirSync(join(ROOT, 'libs')).filter((name) => existsSync(join(ROOT, 'libs', name, 'src')));
    expect([...packages.keys()].filter((src) => src.startsWith('libs/')).sort()).toEqual(libs.map((name) => `libs/${name}/src`).sort());
  });

  it('names exactly the folders each listed package has', () => {
    for (const [src, listed] of packages) {
      expect(existsSync(join(ROOT, src)), `${src} does not exist`).toBe(true);
      expect([...listed].sort(), `${src}'s folders`).toEqual(folders(src));
    }
  });

  it(`keeps every stage folder of a staged package at ${MAX_FILES_PER_FOLDER} files or fewer`, () => {
    for (const src of STAGED) {
      expect(packages.get(src)?.length, `${src} is staged but lists no folders`).toBeGreaterThan(0);
      for (const folder of folders(src)) {
        const files = readdirSync(join(ROOT, src, folder), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
        expect(files.length, `${src}/${folder}`).toBeLessThanOrEqual(MAX_FILES_PER_FOLDER);
      }
    }
  });
});
