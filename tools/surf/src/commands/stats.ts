import { terminalSafe } from '@driftgate/report';
import { computeStats, loadSurfConfig, type StatsRate, type StatsReport } from '@driftgate/surf';
import { type Command, Option } from 'commander';
import type { SurfIo } from '../exit-codes.js';

interface StatsFlags {
  readonly since?: string;
  readonly until?: string;
  readonly format: 'human' | 'json';
}

/** `surf stats [--since <date>] [--until <date>] [--format human|json]` (spec §7.8). */
export function registerStatsCommand(program: Command, io: SurfIo): void {
  program
    .command('stats')
    .description('adoption metrics from git history: rubber-stamp and in-place update rates (advisory)')
    .option('--since <date>', 'only commits after this date (any date git understands)')
    .option('--until <date>', 'only commits before this date')
    .addOption(new Option('--format <format>', 'output format').choices(['human', 'json']).default('human'))
    .action(async (flags: StatsFlags) => {
      const config = await loadSurfConfig(io.cwd);
      const report = await computeStats(config, { since: flags.since, until: flags.until });
      io.out(flags.format === 'json' ? renderStatsJson(report) : renderStatsHuman(report));
    });
}

/** `{version, since?, until?, commits, rubber_stamp, in_place}`, pretty-printed; absent dates are omitted. */
export function renderStatsJson(report: StatsReport): string {
  const envelope = {
    version: report.version,
    ...(report.since === undefined ? {} : { since: report.since }),
    ...(report.until === undefined ? {} : { until: report.until }),
    commits: report.commits,
    rubber_stamp: rateJson(report.rubberStamp),
    in_place: rateJson(report.inPlace),
  };
  return `${JSON.stringify(envelope, null, 2)}\n`;
}

function rateJson(rate: StatsRate): StatsRate {
  return { n: rate.n, d: rate.d, rate: rate.rate };
}

export function renderStatsHuman(report: StatsReport): string {
  const { since, until } = report;
  const window =
    since !== undefined && until !== undefined
      ? `${since}..${until}`
      : since !== undefined
        ? `since ${since}`
        : until !== undefined
          ? `until ${until}`
          : 'all history';
  const lines = [
    `surf stats: ${terminalSafe(window)}, ${report.commits} commit(s) (merges not counted; advisory, never gates)`,
    `  rubber-stamp rate     ${percent(report.rubberStamp, 're-stamps', "left the claim's prose unchanged")}`,
    `  in-place update rate  ${percent(report.inPlace, 'changes to an anchored file', 're-stamped the claim in the same commit')}`,
  ];
  return `${lines.join('\n')}\n`;
}

function percent(rate: StatsRate, events: string, which: string): string {
  if (rate.rate === null) return `n/a (no ${events} in this window)`;
  return `${Math.round(rate.rate * 100)}% (${rate.n} of ${rate.d} ${events} ${which})`;
}
