import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { SurfConfigValues } from '../workspace/config.js';
import { hubDirectory } from '../workspace/hub-directory.js';
import { type LintFinding, finding } from './lint-finding.js';
import { linkTargets } from './lint-hub-rules.js';

const OPEN = '<!-- surf:hubs -->';
const CLOSE = '<!-- /surf:hubs -->';

/**
 * The `AGENTS.md` pointer (opt-in): when the workspace root's `AGENTS.md` has a
 * `<!-- surf:hubs -->…<!-- /surf:hubs -->` block, the block must link the hubs directory (the
 * target minus leading `./` and trailing `/` equals it) and that directory must exist; otherwise
 * one blocking finding. No file or no block: nothing to check.
 */
export async function lintAgentsPointer(root: string, config: Pick<SurfConfigValues, 'hubs'>): Promise<LintFinding[]> {
  let text: string;
  try {
    text = await readFile(join(root, 'AGENTS.md'), 'utf8');
  } catch {
    return [];
  }
  const open = text.indexOf(OPEN);
  if (open < 0) return [];
  const rest = text.slice(open + OPEN.length);
  const close = rest.indexOf(CLOSE);
  if (close < 0) return [];
  const block = rest.slice(0, close);
  const want = hubDirectory(config).replace(/\/+$/, '');
  const linksDir = linkTargets(block).some((target) => stripDotSlashes(target).replace(/\/+$/, '') === want);
  if (linksDir && (await isDirectory(join(root, want)))) return [];
  return [
    finding(
      'block',
      'AGENTS.md',
      `\`surf:hubs\` block must link the hubs directory \`${want}/\` and it must exist — agents read it to find context`,
    ),
  ];
}

function stripDotSlashes(text: string): string {
  let out = text;
  while (out.startsWith('./')) out = out.slice(2);
  return out;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
