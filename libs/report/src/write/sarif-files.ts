import { readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ReportError } from './report-error.js';
import type { SarifInput } from './merge-sarif.js';

/**
 * The SARIF files under `paths` (relative ones resolve against `cwd`), read: a file is taken
 * whatever its name, a directory is searched recursively for `*.sarif`; `exclude` (the merged
 * log's own path) is never taken from a directory. Sorted by their path relative to `cwd`, shown
 * with `/` (code-unit order, so every machine merges in the same order); a file named twice is
 * read once. Throws `REPORT_NO_SARIF` when a path does not exist or nothing was found, naming the
 * paths searched, and `REPORT_BAD_SARIF` when a file cannot be read.
 */
export async function readSarifFiles(paths: readonly string[], options: { readonly cwd: string; readonly exclude?: string }): Promise<SarifInput[]> {
  const exclude = options.exclude === undefined ? undefined : absoluteOf(options.cwd, options.exclude);
  const found = new Map<string, string>();
  for (const path of paths) {
    const absolute = absoluteOf(options.cwd, path);
    const kind = await stat(absolute).catch(() => undefined);
    if (kind === undefined) throw new ReportError('REPORT_NO_SARIF', `${path} does not exist; give SARIF files or directories holding *.sarif reports`);
    if (kind.isDirectory()) {
      for (const file of await walk(absolute)) if (file !== exclude) found.set(file, display(options.cwd, file));
    } else {
      found.set(absolute, display(options.cwd, absolute));
    }
  }
  if (found.size === 0) {
    const searched = paths.length === 0 ? '(no paths given)' : paths.join(', ');
    throw new ReportError('REPORT_NO_SARIF', `no *.sarif file found in ${searched}; run the gates with a sarif report first (for example \`nx run-many -t verify-claims\` with the sarif format), or give the directory they write to`);
  }
  const files = [...found].sort(([, a], [, b]) => (a < b ? -1 : a > b ? 1 : 0));
  const inputs: SarifInput[] = [];
  for (const [absolute, file] of files) {
    try {
      inputs.push({ file, text: await readFile(absolute, 'utf8') });
    } catch (error) {
      throw new ReportError('REPORT_BAD_SARIF', `cannot read ${file}: ${(error as Error).message}`, { cause: error });
    }
  }
  return inputs;
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await walk(path)));
    else if (entry.isFile() && entry.name.endsWith('.sarif')) files.push(path);
  }
  return files;
}

function absoluteOf(cwd: string, path: string): string {
  return isAbsolute(path) ? resolve(path) : resolve(cwd, path);
}

/** A path relative to `cwd` with `/`, or the absolute path when it lies outside `cwd`. */
function display(cwd: string, absolute: string): string {
  const rel = relative(cwd, absolute);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? absolute : rel.split(sep).join('/');
}
