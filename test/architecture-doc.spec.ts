// docs/architecture.md names each package's stage folders; this keeps that list true of the tree.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOC = 'docs/architecture.md';

/** Packages whose sources are arranged in stage folders already; they keep each folder small. */
const STAGED = ['libs/report/src', 'libs/cli/src', 'tools/surf/src', 'tools/boundver/src'];
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

describe(DOC, () => {
  const packages = documented();

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
