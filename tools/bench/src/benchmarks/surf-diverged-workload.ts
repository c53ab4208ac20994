import type { SyntheticFile } from '../synthetic-repo.js';
import { addHubs } from './surf-real-workload.js';
import { stampAll } from './surf-workload.js';

/** Shape of the diverged-warm workspace: one hub over one TypeScript file, many claims per function. */
export const DIVERGED_WORKLOAD = {
  functions: 200,
  claimsPerFunction: 20,
  /** The function the logic edit changes (so exactly its claims diverge). */
  edited: 100,
} as const;

export const DIVERGED_SOURCE = 'src/rules.ts';

/** The source file, and the same file with the logic of {@link DIVERGED_WORKLOAD.edited} changed. */
export function divergedSource(): { original: string; edited: string } {
  let text = "import type { Context } from './context.js';\n\n";
  for (let i = 0; i < DIVERGED_WORKLOAD.functions; i++) {
    text +=
      `/** Rule ${i}: scores one input against its limit. */\n` +
      `export function rule${i}(context: Context, value: number): number {\n` +
      `  const limit = context.limits[${i % 17}] ?? ${i};\n` +
      `  if (value > limit) return limit;\n` +
      `  let score = 0;\n` +
      `  for (const weight of context.weights) score += weight * value;\n` +
      `  return score + ${i};\n` +
      `}\n\n`;
  }
  const marker = `  return score + ${DIVERGED_WORKLOAD.edited};\n`;
  return { original: text, edited: text.replace(marker, `  return score - ${DIVERGED_WORKLOAD.edited};\n`) };
}

/**
 * The files of the workspace: the source, and one hub of functions × claimsPerFunction stamped
 * claims (each function carries that many claims about itself), plus `surf.toml`.
 */
export async function divergedWorkload(): Promise<{ files: SyntheticFile[]; claims: number }> {
  const files: SyntheticFile[] = [{ path: DIVERGED_SOURCE, content: Buffer.from(divergedSource().original, 'utf8') }];
  const claims = [];
  for (let i = 0; i < DIVERGED_WORKLOAD.functions; i++) {
    for (let k = 0; k < DIVERGED_WORKLOAD.claimsPerFunction; k++) {
      claims.push({ text: `rule${i} caps the score at its limit (promise ${k})`, sites: [{ file: DIVERGED_SOURCE, path: [`rule${i}`] }] });
    }
  }
  const stamps = await stampAll(files, claims, 'v3');
  addHubs(files, claims, stamps, claims.length);
  return { files, claims: claims.length };
}
