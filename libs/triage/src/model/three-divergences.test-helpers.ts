import { loadWorkspace, runVerify } from '@driftgate/surf';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';

/** Source with three functions; {@link CHANGED} edits each by a different amount. */
export const SOURCE = [
  'export function alpha(a: number): number {',
  '  return a + 1;',
  '}',
  '',
  'export function beta(items: number[]): number {',
  '  let total = 0;',
  '  for (const item of items) total += item;',
  '  return total;',
  '}',
  '',
  'export function gamma(name: string): string {',
  '  return `hello ${name}`;',
  '}',
  '',
].join('\n');

/** alpha: one token changed (small); beta: rewritten (large); gamma: a few tokens (medium). */
export const CHANGED = SOURCE.replace('return a + 1;', 'return a + 2;')
  .replace(
    '  let total = 0;\n  for (const item of items) total += item;\n  return total;',
    '  const sorted = [...items].sort((x, y) => x - y);\n  const kept = sorted.filter((x) => x > 0 && x < 1000);\n  return kept.reduce((sum, x) => sum + x * 2, 0) / Math.max(1, kept.length);',
  )
  .replace('return `hello ${name}`;', 'return `hello ${name.trim()}`;');

export const HUB = [
  '---',
  'summary: Three small helpers',
  'anchors:',
  '  - claim: alpha adds one',
  '    at: src/lib.ts > alpha',
  '  - claim: beta sums the items',
  '    at: src/lib.ts > beta',
  '  - claim: gamma greets by name',
  '    at: src/lib.ts > gamma',
  '---',
  '# Helpers',
  '',
  'Prose about the helpers.',
  '',
].join('\n');

/**
 * A committed repository whose three claims were stamped against {@link SOURCE}, with
 * {@link CHANGED} in the working tree: `surf check` reports three `changed` divergences.
 */
export async function threeDivergenceRepo(): Promise<TempRepo> {
  const repo = createTempRepo({ 'surf.toml': '', 'src/lib.ts': SOURCE, 'hubs/helpers.md': HUB });
  try {
    const clock = { now: () => new Date('2026-01-02T03:04:05Z'), nowNs: () => 1_767_323_045_000_000_000n };
    await runVerify(await loadWorkspace(repo.dir), { clock });
    repo.commit('stamp');
    repo.write({ 'src/lib.ts': CHANGED });
    return repo;
  } catch (error) {
    repo.dispose();
    throw error;
  }
}
