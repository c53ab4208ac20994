/**
 * How a measured process reports its peak RSS and CPU time to the harness: a last stdout line
 * `{"maxRssKiB":N,"cpuMs":M}` (CPU: user + system of all its threads), written by the process
 * itself (workers) or by a preloaded exit hook (CLIs).
 */
export function rssReportLine(): string {
  const usage = process.resourceUsage();
  return `\n{"maxRssKiB":${usage.maxRSS},"cpuMs":${Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000)}}\n`;
}

/** The CPU milliseconds (user + system) a run's stdout tail reports, if it does. */
export function parseCpuReport(tail: string): number | undefined {
  const match = /"cpuMs":(\d+)\}\s*$/.exec(tail);
  return match ? Number(match[1]) : undefined;
}

/** The peak RSS in MiB a run's stdout tail reports, if it ends with that line. */
export function parseRssReport(tail: string): number | undefined {
  const match = /\{"maxRssKiB":(\d+)(?:,"cpuMs":\d+)?\}\s*$/.exec(tail);
  return match ? Number(match[1]) / 1024 : undefined;
}
