import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPORT_FORMAT_NAMES, fromSurfCheck, renderReport } from '@driftgate/report';
import {
  type CheckResult,
  formatAnchor,
  langForPath,
  loadLanguages,
  loadWorkspace,
  parseSourceSync,
  publicSymbols,
  recipeResolution,
  resolveAnchor,
  runCheck,
  runVerify,
} from '@driftgate/surf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { createRng } from '../rng.js';
import { type Corpus, discoverCorpora } from './corpus.js';
import { applyEdit, mutationSites } from './mutation-operators.js';
import { neutralEditSites, toCrlf } from './neutral-edits.js';
import { nodesInside } from './span-nodes.js';

// The result cache must never change a verdict. Over the mutation campaign's own edits of real
// code (one-token logic mutations, which must diverge, and neutral comment/whitespace/CRLF edits,
// which must not), every check is run three ways — uncached, with the cache after the edit (the
// edited file misses), and again (everything hits: a hub whose divergences were settled at their
// verified commit is taken whole from the cache) — and the three results must be equal, and so
// must every report format rendered from them, byte for byte.

const workspaceRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const SEED = 20261201;
const FILES_PER_CORPUS = 3;
const CLAIMS_PER_FILE = 2;
const EDITS_PER_CORPUS = 12;

interface Edit {
  readonly label: string;
  readonly file: string;
  readonly text: string;
}

let repo: TempRepo;
let cacheDir: string;
const edits: Edit[] = [];
const originals = new Map<string, string>();

/** Up to FILES_PER_CORPUS seeded files of a corpus of moderate size that parse, with their claims. */
function sample(corpus: Corpus, rng: ReturnType<typeof createRng>): Array<{ path: string; text: string; claims: string[][] }> {
  const picked: Array<{ path: string; text: string; claims: string[][] }> = [];
  const order = corpus.files.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  for (const index of order) {
    if (picked.length === FILES_PER_CORPUS) break;
    const file = corpus.files[index]!;
    const ext = file.display.slice(file.display.lastIndexOf('.'));
    const path = `src/${corpus.name}/m${picked.length}${ext}`;
    if (langForPath(path) === undefined) continue;
    let text: string;
    try {
      text = readFileSync(file.path, 'utf8');
    } catch {
      continue;
    }
    if (text.length < 2_000 || text.length > 40_000 || text.includes('\uFFFD') || text.includes('\r')) continue;
    const parsed = parseSourceSync(text, langForPath(path)!, path);
    try {
      // Symbols that resolve to one definition (the campaign skips ambiguous ones too).
      const resolves = (claim: string[]): boolean => {
        try {
          resolveAnchor(parsed, { file: path, segments: claim.map((name) => ({ name })) });
          return true;
        } catch {
          return false;
        }
      };
      const claims = publicSymbols(parsed).filter(resolves).slice(0, CLAIMS_PER_FILE);
      if (claims.length > 0) picked.push({ path, text, claims });
    } finally {
      parsed.delete();
    }
  }
  return picked;
}

beforeAll(async () => {
  await loadLanguages();
  const rng = createRng(SEED);
  const tree: Record<string, string> = { 'surf.toml': '' };
  let items = '';
  const perCorpus: Array<Array<{ path: string; text: string; claims: string[][] }>> = [];
  for (const corpus of discoverCorpora(workspaceRoot).filter((c) => c.installed)) {
    const files = sample(corpus, rng);
    perCorpus.push(files);
    for (const { path, text, claims } of files) {
      tree[path] = text;
      originals.set(path, text);
      for (const claim of claims) items += `  - claim: ${JSON.stringify(claim.join('.'))}\n    at: ${formatAnchor({ file: path, segments: claim.map((name) => ({ name })) })}\n`;
    }
  }
  tree['hubs/real.md'] = `---\nsummary: claims on real code\nanchors:\n${items}---\n`;
  // Sources committed before the stamps, as in a repository: each claim's verified_commit holds its code.
  repo = createTempRepo(tree);
  await runVerify(await loadWorkspace(repo.dir));
  repo.commit('stamped');
  cacheDir = mkdtempSync(join(tmpdir(), 'surf-cache-differential-'));

  // The campaign's edits inside each claimed span, a few of each kind, and one CRLF conversion per corpus.
  for (const files of perCorpus) {
    let count = 0;
    for (const { path, text, claims } of files) {
      const parsed = parseSourceSync(text, langForPath(path)!, path);
      try {
        for (const claim of claims) {
          const anchor = { file: path, segments: claim.map((name) => ({ name })) };
          let span;
          try {
            span = recipeResolution(parsed, resolveAnchor(parsed, anchor), 'v3').span;
          } catch {
            continue;
          }
          const nodes = nodesInside(parsed, span);
          const mutations = [...mutationSites(parsed, span, nodes, rng).values()].flatMap((group) => group.slice(0, 1));
          const neutral = [...neutralEditSites(parsed, span, nodes).values()].flatMap((group) => group.slice(0, 1));
          for (const edit of [...mutations.slice(0, 3), ...neutral.slice(0, 2)]) {
            if (count++ >= EDITS_PER_CORPUS) break;
            edits.push({ label: `${path} ${formatAnchor(anchor)} ${edit.kind}: ${JSON.stringify(edit.before)} → ${JSON.stringify(edit.replacement)}`, file: path, text: applyEdit(text, edit) });
          }
        }
      } finally {
        parsed.delete();
      }
    }
    if (files[0] !== undefined) edits.push({ label: `${files[0].path} crlf`, file: files[0].path, text: toCrlf(files[0].text) });
  }
}, 120_000);

afterAll(() => {
  repo?.dispose();
  if (cacheDir !== undefined) rmSync(cacheDir, { recursive: true, force: true });
});

const verdict = ({ cache: _cache, ...rest }: CheckResult) => rest;

/** Every report format of a check, as the CLI renders it for an unscoped run (every claim listed). */
function rendered(result: CheckResult, workspace: Parameters<typeof fromSurfCheck>[1]['workspace']): Record<string, { out: string; err: string }> {
  const report = fromSurfCheck(result, { version: '0.0.0', workspace });
  return Object.fromEntries(REPORT_FORMAT_NAMES.map((format) => [format, renderReport(report, format)]));
}

describe('the result cache over the mutation campaign’s edits', () => {
  it('samples real code in several languages', () => {
    expect(originals.size).toBeGreaterThanOrEqual(6);
    expect(edits.length).toBeGreaterThanOrEqual(20);
  });

  it('gives the uncached verdict on every edit, warm and cold, and parses only the edited file', async () => {
    const workspace = await loadWorkspace(repo.dir);
    const check = (cache: boolean) => runCheck(workspace, { workers: 0, cache: cache ? { dir: cacheDir } : { enabled: false } });
    const first = await check(true);
    expect(first.passed, JSON.stringify(first.divergences.slice(0, 3))).toBe(true);
    let diverged = 0;
    let remembered = 0;
    for (const edit of edits) {
      writeFileSync(join(repo.dir, edit.file), edit.text);
      const uncached = await check(false);
      const afterEdit = await check(true);
      const warm = await check(true);
      expect(verdict(afterEdit), edit.label).toEqual(verdict(uncached));
      expect(verdict(warm), edit.label).toEqual(verdict(uncached));
      const reports = rendered(uncached, workspace);
      expect(rendered(afterEdit, workspace), edit.label).toStrictEqual(reports);
      expect(rendered(warm, workspace), edit.label).toStrictEqual(reports);
      expect(afterEdit.cache?.misses, edit.label).toBeLessThanOrEqual(2);
      expect(warm.cache?.misses, edit.label).toBe(0);
      if (!uncached.passed) {
        diverged++;
        // The second run after the edit took the diverged hub whole from the cache.
        if (uncached.divergences.every((d) => d.oldCodeFrom !== undefined && d.historyMissing === undefined)) remembered += warm.cache?.hubsRemembered === 1 ? 1 : 0;
      }
      writeFileSync(join(repo.dir, edit.file), originals.get(edit.file)!);
    }
    // The sample holds both kinds: edits the gate must see and edits it must not.
    expect(diverged).toBeGreaterThan(0);
    expect(diverged).toBeLessThan(edits.length);
    // …and the diverged runs went through the remembered-hub path, not only through per-file answers.
    expect(remembered).toBeGreaterThan(0);
  }, 600_000);
});
