import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import { writeFileDurably } from '@driftgate/git';
import { type ReportFormat, renderReport } from '../render/formats.js';
import { ReportError } from './report-error.js';
import type { Report } from '../model/report-model.js';
import type { ReportTarget } from './report-target.js';

/** Where to write: `{ junit: 'reports/x.xml', sarif: 'reports/x.sarif' }` or a list (one format may go to several files). */
export type ReportTargets = Partial<Readonly<Record<ReportFormat, string>>> | readonly ReportTarget[];

/** A file {@link writeReports} wrote. */
export interface WrittenReport {
  readonly format: ReportFormat;
  /** The path as given. */
  readonly path: string;
  /** The path resolved against `cwd`. */
  readonly absolute: string;
}

/**
 * Renders `report` once per format and writes each target atomically (a temp file in the same
 * directory, then rename), creating directories; a FIFO, a device or a stream name such as
 * `/dev/stdout` is written in place instead. Relative paths resolve against `options.cwd`.
 * File content is the rendered document only (stderr notes are not part of it), with
 * repository-relative paths and no timestamps, so a cache can restore it byte for byte.
 * Throws `REPORT_WRITE` when a file cannot be written.
 */
export async function writeReports(report: Report, targets: ReportTargets, options: { cwd: string }): Promise<WrittenReport[]> {
  const list: ReportTarget[] = Array.isArray(targets)
    ? [...(targets as readonly ReportTarget[])]
    : Object.entries(targets as Record<ReportFormat, string | undefined>).flatMap(([format, path]) => (path === undefined ? [] : [{ format: format as ReportFormat, path }]));
  // Two targets on one file would leave only the last: refuse before writing anything.
  const seen = new Map<string, ReportTarget>();
  for (const target of list) {
    const absolute = isAbsolute(target.path) ? target.path : resolve(options.cwd, target.path);
    const earlier = seen.get(absolute);
    if (earlier !== undefined) {
      throw new ReportError('REPORT_BAD_TARGET', `--report ${earlier.format}=${earlier.path} and ${target.format}=${target.path} name the same file; give each report its own path`);
    }
    seen.set(absolute, target);
  }
  const rendered = new Map<ReportFormat, string>();
  const written: WrittenReport[] = [];
  for (const target of list) {
    let content = rendered.get(target.format);
    if (content === undefined) rendered.set(target.format, (content = renderReport(report, target.format).out));
    const absolute = isAbsolute(target.path) ? target.path : resolve(options.cwd, target.path);
    await writeAtomic(absolute, content, target.path);
    written.push({ format: target.format, path: target.path, absolute });
  }
  return written;
}

/**
 * Writes one report file atomically, as {@link writeReports} writes each of its targets (`path`
 * relative to `options.cwd`, directories created, a FIFO or stream name written in place).
 * Throws `REPORT_WRITE` when it cannot be written.
 */
export async function writeReportFile(path: string, content: string, options: { cwd: string }): Promise<string> {
  const absolute = isAbsolute(path) ? path : resolve(options.cwd, path);
  await writeAtomic(absolute, content, path);
  return absolute;
}

async function writeAtomic(absolute: string, content: string, display: string): Promise<void> {
  try {
    if (await isSpecialFile(absolute)) {
      // The rename of an atomic write would put a regular file where a FIFO or a device was (as
      // root, even /dev/null), and /dev/stdout cannot be renamed over at all. Appending keeps
      // what the command already printed when stdout is a file.
      await writeFile(absolute, content, { encoding: 'utf8', flag: 'a' });
      return;
    }
    await makeDirectory(dirname(absolute));
    // Reports can be regenerated from the run, so they skip the fsync a lock or hub gets.
    await writeFileDurably(absolute, content, { fsync: false });
  } catch (error) {
    throw new ReportError('REPORT_WRITE', `cannot write report ${display}: ${(error as Error).message}; check that its directory is writable`, { cause: error });
  }
}

/**
 * `mkdir -p`, with the reason of the first directory that could not be made: Node's recursive
 * mkdir reports ENOENT on a read-only file system, which would send the user looking for a
 * missing directory.
 */
async function makeDirectory(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    let missing = dir;
    while (dirname(missing) !== missing && !(await exists(dirname(missing)))) missing = dirname(missing);
    try {
      await mkdir(missing);
    } catch (direct) {
      throw new Error(`cannot create directory ${missing}: ${(direct as Error).message}`, { cause: direct });
    }
    throw error;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * One of the process's own streams by name (`/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1`), or
 * an existing file that is neither regular nor a directory (a FIFO, a device). Ordinary files
 * elsewhere under /dev (a tmpfs such as /dev/shm) are not special.
 */
async function isSpecialFile(absolute: string): Promise<boolean> {
  if (/^\/(?:dev\/(?:stdout|stderr|fd\/\d+)|proc\/(?:self|\d+)\/fd\/\d+)$/.test(absolute)) return true;
  try {
    const found = await stat(absolute);
    return !found.isFile() && !found.isDirectory();
  } catch {
    return false;
  }
}
