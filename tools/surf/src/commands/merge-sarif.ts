import { ReportError, mergeSarif, readSarifFiles, terminalSafe, writeReportFile } from '@driftgate/report';
import type { Command } from 'commander';
import { SurfExit, type SurfIo } from '../exit-codes.js';

/**
 * `surf merge-sarif <paths…> [--out <file>]`: one SARIF log of a workspace's report files (one
 * run per tool and category, duplicate results dropped), for one upload to code scanning.
 * `--out -` or no `--out` prints it. A file that is not SARIF 2.1.0, or no SARIF file at all, is
 * a usage error (exit 2) and nothing is written.
 */
export function registerMergeSarifCommand(program: Command, io: SurfIo): void {
  program
    .command('merge-sarif')
    .description('merge SARIF report files (files, or directories searched for *.sarif) into one log: one run per tool and category, duplicate results dropped')
    .argument('<paths...>', 'SARIF files or directories holding them (searched recursively)')
    .option('--out <file>', 'write the merged log to this file (atomically); - or no --out prints it')
    .action(async (paths: string[], flags: { out?: string }) => {
      const out = flags.out === undefined || flags.out === '-' ? undefined : flags.out;
      try {
        const inputs = await readSarifFiles(paths, { cwd: io.cwd, ...(out === undefined ? {} : { exclude: out }) });
        const merged = mergeSarif(inputs);
        for (const conflict of merged.conflicts) {
          io.err(
            terminalSafe(
              `surf merge-sarif: rule ${conflict.ruleId} of ${conflict.tool} (${conflict.automationId ?? 'no category'}) is defined differently in ${conflict.dropped}; kept the definition from ${conflict.kept}`,
            ) + '\n',
          );
        }
        if (out === undefined) {
          io.out(merged.out);
          return;
        }
        await writeReportFile(out, merged.out, { cwd: io.cwd });
        const left = merged.omitted > 0 ? `, ${merged.omitted} left out (over the per-run limit)` : '';
        io.err(
          terminalSafe(
            `surf merge-sarif: ${inputs.length} file(s) → ${out}: ${merged.runs} run(s), ${merged.results} result(s), ${merged.duplicates} duplicate(s) dropped${left}`,
          ) + '\n',
        );
      } catch (error) {
        if (!(error instanceof ReportError)) throw error;
        io.err(`surf: ${terminalSafe(error.message)}\n`);
        io.exit(SurfExit.usage);
      }
    });
}
