import { posix } from 'node:path';
import { SurfError } from '../errors.js';
import { hubKindOf } from '../hub/hub-kind.js';
import type { SurfConfigValues } from './config.js';
import { hubDirectory } from './hub-directory.js';

/** What `surf init` writes to `surf.toml` (spec §7.1); `surf init` also creates `hubs/`. */
export const DEFAULT_SURF_TOML = 'hubs = ["hubs/*.md"]\n';

/** The directory `surf init` creates, matching {@link DEFAULT_SURF_TOML}. */
export const DEFAULT_HUBS_DIR = 'hubs';

/**
 * The root-relative POSIX path `surf new <name>` creates: `<hubDirectory>/<name>.md`. A trailing
 * `.md` in `name` is not doubled. Throws `SURF_BAD_HUB_NAME` for an empty name, a name with a
 * path separator or control character, `.`/`..`, or a reserved name (`index`, `log`: the template
 * is a concept hub, and claims in those files are never checked).
 */
export function newHubPath(config: Pick<SurfConfigValues, 'hubs'>, name: string): string {
  const stem = hubStem(name);
  const dir = hubDirectory(config);
  return dir === '.' ? `${stem}.md` : posix.join(dir, `${stem}.md`);
}

/**
 * The file `surf new <name>` writes (spec §7.2): frontmatter with `type: concept`, a TODO
 * `summary`, `anchors: []` and `refs: []` (so it parses and holds no claims), then a body with
 * the heading, TODO prose, `## How it works`, `## Boundary`, and an indented (code-block) example
 * of a multi-site claim to copy into the frontmatter.
 */
export function newHubTemplate(name: string): string {
  const stem = hubStem(name);
  return `---
type: concept
summary: TODO one sentence on what this hub explains
anchors: []
refs: []
---

# ${stem}

TODO: what ${stem} is for, and the decisions behind it.

## How it works

TODO

## Boundary

TODO: what belongs here, and what lives in other hubs.

A claim is one sentence about the code plus the symbol(s) it describes. Move an entry like
this into \`anchors:\` above; with several \`at:\` sites the claim goes stale when any of them
changes:

    anchors:
      - claim: a refresh token is single-use; reusing it revokes the whole session
        at:
          - src/auth/refresh.ts > rotateRefreshToken
          - src/auth/session-store.ts > SessionStore > revokeAll

Then run \`surf lint\` and \`surf verify\`.
`;
}

function hubStem(name: string): string {
  const stem = name.endsWith('.md') ? name.slice(0, -3) : name;
  let problem: string | undefined;
  if (stem.trim() === '') problem = 'it is empty';
  else if (/[/\\]/.test(stem)) problem = 'it contains a path separator';
  else if (/\p{Cc}/u.test(stem)) problem = 'it contains a control character';
  else if (stem === '.' || stem === '..') problem = 'it is a relative directory name';
  else if (hubKindOf(`${stem}.md`) !== 'Concept') problem = `${stem}.md is reserved for a ${stem} page, whose claims surf never checks`;
  if (problem !== undefined) {
    throw new SurfError('SURF_BAD_HUB_NAME', `cannot name a hub \`${name}\`: ${problem}; use a plain file name such as \`auth\``);
  }
  return stem;
}
