import { ParseFailedError, type ParsedFile, langForPath, loadLanguage, parseSourceSync } from '@driftgate/syntax';
import { ResolveError } from '../errors.js';
import { type SiteHashRequest, type SiteHashResult, hashFileSites } from './hash-file-sites.js';
import { isSiteFailure, readWorkspaceSourceSync, siteFailure } from './site-source.js';

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
  const lang = langForPath(file);
  const text = lang === undefined ? siteFailure('unsupported', `unsupported file type: ${file}`) : readWorkspaceSourceSync(root, rootReal, file);
  if (isSiteFailure(text)) return requests.map(() => ({ ok: false, kind: text.kind, message: text.message }));
  await loadLanguage(lang!);
  let parsed: ParsedFile;
  try {
    parsed = parseSourceSync(text, lang!, file);
  } catch (error) {
    if (!(error instanceof ResolveError || error instanceof ParseFailedError)) throw error;
    return requests.map(() => ({ ok: false, kind: 'parse', message: error.message }));
  }
  try {
    return hashFileSites(parsed, requests);
  } finally {
    parsed.delete();
  }
}
