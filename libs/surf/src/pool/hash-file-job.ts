import { ParseFailedError, type ParsedFile, langForPath, loadLanguage, parseSourceSync } from '@driftgate/syntax';
import { gitBlobId } from '../cache/blob-id.js';
import { ResolveError } from '../errors.js';
import { type SiteHashRequest, type SiteHashResult, hashFileSites } from './hash-file-sites.js';
import { decodedSource, isSiteFailure, readWorkspaceBytesSync } from '../source/site-source.js';

/**
 * One file's job from disk to digests: read (inside the workspace, UTF-8), parse once, answer
 * every request, free the tree. Unreadable, unsupported and unparsable files fail every request
 * with the `read_site` message.
 */
export async function readAndHashFile(
  root: string,
  rootReal: string,
  file: string,
  requests: readonly SiteHashRequest[],
): Promise<SiteHashResult[]> {
  return (await readAndHashFileKeyed(root, rootReal, file, requests, false)).results;
}

/** What {@link readAndHashFileKeyed} found: the answers and, when the file was read, its bytes' identity. */
export interface KeyedHashAnswer {
  /** Git blob id (SHA-1) of the bytes the answers were computed from; absent when none were read. */
  readonly blob?: string;
  readonly results: SiteHashResult[];
}

/**
 * {@link readAndHashFile}, also naming the bytes it read by their git blob id (`keyed`), so a
 * cache stores the answers under the content they came from even if the file changes meanwhile.
 */
export async function readAndHashFileKeyed(
  root: string,
  rootReal: string,
  file: string,
  requests: readonly SiteHashRequest[],
  keyed = true,
): Promise<KeyedHashAnswer> {
  const fail = (kind: Extract<SiteHashResult, { ok: false }>['kind'], message: string) => requests.map(() => ({ ok: false as const, kind, message }));
  const lang = langForPath(file);
  if (lang === undefined) return { results: fail('unsupported', `unsupported file type: ${file}`) };
  const bytes = readWorkspaceBytesSync(root, rootReal, file);
  if (isSiteFailure(bytes)) return { results: fail(bytes.kind, bytes.message) };
  const blob = keyed ? { blob: gitBlobId(bytes) } : {};
  const text = decodedSource(bytes, file);
  if (isSiteFailure(text)) return { ...blob, results: fail(text.kind, text.message) };
  await loadLanguage(lang);
  let parsed: ParsedFile;
  try {
    parsed = parseSourceSync(text, lang, file);
  } catch (error) {
    if (!(error instanceof ResolveError || error instanceof ParseFailedError)) throw error;
    return { ...blob, results: fail('parse', error.message) };
  }
  try {
    return { ...blob, results: hashFileSites(parsed, requests) };
  } finally {
    parsed.delete();
  }
}
