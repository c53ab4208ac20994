import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SourceDecodeError, decodeSource } from '@driftgate/syntax';
import { HubDecodeError, SurfError } from '../errors.js';
import { HubParseError } from '../hub/hub-parse-error.js';
import { type HubKind, hubKindOf } from '../hub/hub-kind.js';
import type { Hub } from '../hub/hub-types.js';
import { parseHub } from '../hub/parse-hub.js';
import { type SurfConfig, loadSurfConfig } from './config.js';
import { discoverHubs } from './discover-hubs.js';

/**
 * One discovered hub file, read and parsed. A parse failure is carried, not thrown, so each
 * command decides what a malformed hub means for it (check blocks, lint reports, verify skips).
 * The frontmatter is parsed when {@link hub} or {@link error} is first read.
 */
export interface LoadedHub {
  /** Workspace-root-relative POSIX path, e.g. `hubs/auth.md`. */
  readonly rel: string;
  /** Absolute path on disk. */
  readonly path: string;
  /** OKF role by basename; `Index`/`Log` files hold no claims and never block. */
  readonly kind: HubKind;
  /** The file's text as read (the base for surgical write-back). */
  readonly text: string;
  /** The parsed hub; undefined when {@link error} is set. */
  readonly hub: Hub | undefined;
  /** Why the hub does not parse; undefined when {@link hub} is set. */
  readonly error: HubParseError | undefined;
}

/** A workspace: its configuration and every hub, in hub path order (spec §6). */
export interface LoadedWorkspace {
  readonly config: SurfConfig;
  /** Absolute workspace root (the directory holding `surf.toml`). */
  readonly root: string;
  readonly hubs: readonly LoadedHub[];
}

/** Hubs read at the same time; small enough not to exhaust file descriptors. */
const READ_CONCURRENCY = 32;

/**
 * Finds `surf.toml` from `startDir` upwards, discovers the hubs and reads and parses each one.
 * Throws `SURF_NO_CONFIG` / `SURF_BAD_CONFIG` / `SURF_BAD_GLOB`, and `SURF_IO` when a hub file
 * cannot be read (an unreadable hub is exceptional; a malformed one is data).
 */
export async function loadWorkspace(startDir: string): Promise<LoadedWorkspace> {
  const config = await loadSurfConfig(startDir);
  return loadWorkspaceFromConfig(config);
}

/** {@link loadWorkspace} for an already loaded configuration. */
export async function loadWorkspaceFromConfig(config: SurfConfig): Promise<LoadedWorkspace> {
  const rels = await discoverHubs(config);
  const hubs = new Array<LoadedHub>(rels.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < rels.length) {
      const index = next++;
      hubs[index] = await loadHub(config.root, rels[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, rels.length) }, worker));
  return { config, root: config.root, hubs };
}

/** Reads and parses one hub (`rel` is workspace-root-relative); bytes that are not UTF-8 are an error. */
export async function loadHub(root: string, rel: string): Promise<LoadedHub> {
  const path = join(root, ...rel.split('/'));
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new SurfError('SURF_IO', `cannot read hub ${rel}: ${(error as Error).message}; check its permissions`, {
      cause: error,
    });
  }
  let text: string;
  try {
    text = decodeSource(bytes, rel);
  } catch (error) {
    if (error instanceof SourceDecodeError) throw new HubDecodeError(rel, error);
    throw error;
  }
  const kind = hubKindOf(rel);
  // Parsed on first use: a scoped command (`check --files`, `verify <at>`) can pass over a hub
  // whose quick facts show it holds nothing in scope, and YAML parsing is most of a hub's cost.
  let parsed: { hub: Hub | undefined; error: HubParseError | undefined } | undefined;
  const parse = (): { hub: Hub | undefined; error: HubParseError | undefined } => {
    if (parsed) return parsed;
    try {
      parsed = { hub: parseHub(text, { path: rel }), error: undefined };
    } catch (error) {
      if (!(error instanceof HubParseError)) throw error;
      parsed = { hub: undefined, error };
    }
    return parsed;
  };
  return {
    rel,
    path,
    kind,
    text,
    get hub() {
      return parse().hub;
    },
    get error() {
      return parse().error;
    },
  };
}

/**
 * A `refs:` path (written relative to the referencing hub) as a workspace-relative path, by
 * component arithmetic without touching the disk: `.` is dropped, `..` pops (never above the
 * root), and the result is `/`-joined so it compares with {@link LoadedHub.rel}.
 */
export function resolveRefPath(referencingRel: string, refPath: string): string {
  const stack: string[] = [];
  const base = referencingRel.split('/').slice(0, -1);
  for (const part of [...base, ...refPath.split('/')]) {
    if (part === '' || part === '.') continue;
    if (part === '..') stack.pop();
    else stack.push(part);
  }
  return stack.join('/');
}
