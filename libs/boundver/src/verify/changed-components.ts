import { changedFiles, type Snapshot } from '@driftgate/git';
import type { BoundverConfig } from '../config/config-types.js';

const CONFIG_FILE = /(?:^|\/)boundary\.config\.[^/]*$/;

function under(path: string, root: string): boolean {
  return path === root || path.startsWith(`${root}/`);
}

/**
 * `--changed-from REF`: the components whose files changed between `ref` and the operation's
 * source (HEAD for `head`; the working tree, which includes staged changes, otherwise). A change
 * to a `boundary.config.*` file or to a path no component or vendored copy covers selects every
 * component; components versioned by git tags are always selected. Config order. Scheduling
 * information only: verification still checks the whole lock.
 */
export async function changedComponents(snapshot: Snapshot, config: BoundverConfig, ref: string): Promise<string[]> {
  const files = await changedFiles(snapshot.root, snapshot.source === 'head' && snapshot.headCommit !== null ? { from: ref, to: snapshot.headCommit } : { from: ref });
  const all = config.components.map((component) => component.name);
  const selected = new Set(config.components.filter((component) => component.versionSource?.kind === 'git-tag').map((component) => component.name));
  for (const file of files) {
    for (const path of file.oldPath === undefined ? [file.path] : [file.path, file.oldPath]) {
      if (CONFIG_FILE.test(path)) return all;
      const owners = config.components.filter(
        (component) => under(path, component.path) || (component.vendoredCopies ?? []).some((copy) => under(path, copy.replace(/\/+$/, ''))),
      );
      if (owners.length === 0) return all;
      for (const owner of owners) selected.add(owner.name);
    }
  }
  return all.filter((name) => selected.has(name));
}
