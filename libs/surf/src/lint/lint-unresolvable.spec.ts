import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { hashAnchor } from '../hash/hash-anchor.js';
import type { LintFinding } from './lint-finding.js';
import { runLint } from './lint.js';
import { loadWorkspace } from '../workspace/load-workspace.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Twenty public functions with distinct bodies, so each one's stamp names one of them. */
const RUST = Array.from({ length: 20 }, (_, k) => `/// lane ${k}\npub fn lane_${k}(x: u32) -> u32 {\n    x * ${k + 2} + ${k}\n}\n`).join('\n');
const PYTHON = 'from os import getcwd\n\n\ndef run(path):\n    count = len(path)\n    getcwd().flag = count\n    return count\n\n\nclass Box:\n    def open(self):\n        return 1\n';
const TYPESCRIPT = 'export class Svc {\n  rotate(): number { return 1; }\n  flush(): void {}\n}\nexport class Other {\n  rotate(): number { return 2; }\n}\nexport function helper(): number { return 3; }\n';

interface Site {
  readonly at: string;
  readonly hash?: string;
  readonly ignoreLiterals?: boolean;
}

const hub = (sites: readonly Site[]): string =>
  `---\nsummary: x\nanchors:\n${sites
    .map(
      (s, i) =>
        `  - claim: claim ${i}\n    at: ${s.at}\n${s.hash !== undefined ? `    hash: ${s.hash}\n` : ''}${s.ignoreLiterals === true ? '    ignore_literals: true\n' : ''}`,
    )
    .join('')}---\n${'word '.repeat(30)}\n`;

/** A claim's own findings, without where its hub put it (its line differs between the two runs). */
const siteFindings = (findings: readonly LintFinding[]): string[][] =>
  findings.filter((f) => f.hubLine !== undefined).map((f) => [f.severity, f.at, f.message, f.claim]);

describe('runLint — many unresolvable anchors into one file', () => {
  it('gives every anchor the findings it gets when linted alone', async () => {
    const stamp = async (source: string, at: string, recipe: 'v2' | 'v3', ignoreLiterals = false) =>
      (await hashAnchor(source, at, { recipe, ignoreLiterals })).stamp;
    const sites: Site[] = [];
    for (let k = 0; k < 20; k++) {
      // Renamed (found by its stamp, under both recipes and both literal options), vanished with
      // a stamp nothing matches, vanished without a stamp (near names), and resolving ones.
      if (k % 4 === 0) sites.push({ at: `src/lanes.rs > moved_${k}`, hash: await stamp(RUST, `src/lanes.rs > lane_${k}`, 'v3') });
      if (k % 4 === 1) sites.push({ at: `src/lanes.rs > moved_${k}`, hash: await stamp(RUST, `src/lanes.rs > lane_${k}`, 'v2'), ignoreLiterals: true });
      if (k % 4 === 2) sites.push({ at: `src/lanes.rs > moved_${k}`, hash: await stamp(RUST, `src/lanes.rs > lane_${k}`, 'v2', true), ignoreLiterals: true });
      sites.push({ at: `src/lanes.rs > gone_${k}`, hash: `3:${k.toString(16).padStart(12, '0')}` });
      sites.push({ at: `src/lanes.rs > lane_${k}x` });
      sites.push({ at: `src/lanes.rs > Lanes > lane_${k}` });
      if (k % 5 === 0) sites.push({ at: `src/lanes.rs > lane_${k}` });
    }
    // The same vanished anchor asked twice, and the kinds of name surf cannot claim.
    sites.push({ at: 'src/lanes.rs > gone_1', hash: '3:000000000001' }, { at: 'src/lanes.rs > gone_1' });
    for (const name of ['getcwd', 'count', 'flag', 'missing', 'Box > shut', 'opne']) sites.push({ at: `src/mod.py > ${name}` });
    for (const name of ['rotate', 'flush', 'Svc.flush', 'Svc.gone', 'helpr', 'Svc > rotat']) sites.push({ at: `src/svc.ts > ${name}` });

    const repo: TempRepo = createTempRepo({ 'surf.toml': '', 'src/lanes.rs': RUST, 'src/mod.py': PYTHON, 'src/svc.ts': TYPESCRIPT, 'hubs/a.md': hub(sites) });
    cleanups.push(() => repo.dispose());
    const together = siteFindings((await runLint(await loadWorkspace(repo.dir))).findings);

    const alone: string[][] = [];
    for (const [i, site] of sites.entries()) {
      // The same claim text and position, alone in its hub: its file is parsed for it only.
      const only = hub([site]).replace('claim 0', `claim ${i}`);
      writeFileSync(join(repo.dir, 'hubs', 'a.md'), only);
      alone.push(...siteFindings((await runLint(await loadWorkspace(repo.dir))).findings));
    }
    expect(together).toEqual(alone);
    // The run exercised each way an anchor fails.
    const messages = together.map((f) => f[2]!).join('\n');
    for (const part of ['appears to live under `lane_0`', 'no current symbol matches the stored hash', 'did you mean', 'is imported here', 'is local to', 'Svc > rotate']) {
      expect(messages).toContain(part);
    }
  }, 120_000);
});
