import type { GenerateResult } from '@driftgate/boundver';
import { shortDigest } from '@driftgate/boundver';
import { terminalSafe } from '@driftgate/report';

/** The human summary of a generate run. */
export function generateText(result: GenerateResult): string[] {
  const { lock } = result;
  const from = result.source === 'head' ? `HEAD@${(result.headCommit ?? 'unborn').slice(0, 12)}` : result.source === 'index' ? 'the index' : 'the working tree';
  const lines = [
    terminalSafe(
      `${result.written ? 'Generated' : 'Dry run, not written:'} ${result.out.display} from ${from} (config ${result.config.display}): ${lock.components.size} component(s), ${lock.slices.size} slice(s).`,
    ),
  ];
  for (const [name, entry] of lock.components) {
    const boundary = entry.boundary_status === 'ok' ? shortDigest(entry.fingerprints.boundary) : entry.boundary_status;
    lines.push(terminalSafe(`  ${name} @ ${entry.version ?? 'unversioned'}  exact=${shortDigest(entry.fingerprints.exact)} boundary=${boundary}`));
  }
  return lines;
}
