import { outputJsonText, readLockSlice, shortDigest, sourcePlace } from '@driftgate/boundver';
import type { Command } from 'commander';
import { textOrJsonOption, type OutputFormat } from '../options/cli-options.js';
import { BoundverExit, type BoundverIo } from '../exit-codes.js';
import { safeLines } from '@driftgate/cli';

interface SliceFlags {
  lock: string;
  format: OutputFormat;
}

/** `boundver slice`: a slice's fingerprint and members, as the lock records them. */
export function registerSliceCommand(program: Command, io: BoundverIo): void {
  program
    .command('slice')
    .description("print a slice's fingerprint and its members' digests from the lock (exit 2 for an unknown slice)")
    .argument('<name>', 'slice name')
    .option('--lock <path>', 'lock file, relative to the repository root', 'boundary.lock.json')
    .addOption(textOrJsonOption())
    .action(async (name: string, flags: SliceFlags) => {
      const { lockFile, ...report } = await readLockSlice({ cwd: io.cwd, name, lock: flags.lock });
      if (flags.format === 'json') {
        io.out(outputJsonText(report));
      } else {
        const lines = ['', `  Slice: ${report.name}`];
        if (report.description !== '') lines.push(`  Description: ${report.description}`);
        lines.push(`  Mode: ${report.mode}`, `  Fingerprint: ${report.fingerprint}`, `  Lock: ${lockFile.display} ${sourcePlace('working-tree', lockFile.relative !== null)}`, '  Components:');
        for (const member of report.components) lines.push(`    ${member.name} @ ${member.version ?? 'unversioned'}  (${shortDigest(member.digest)})`);
        io.out(safeLines(lines));
      }
      io.exit(BoundverExit.ok);
    });
}
