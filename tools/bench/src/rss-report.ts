/**
 * How a measured process reports its peak RSS to the harness: a last stdout line
 * `{"maxRssKiB":N}`, written by the process itself (workers) or by a preloaded exit hook (CLIs).
 */
export function rssReportLine(): string {
  return `\n{"maxRssKiB":${process.resourceUsage().maxRSS}}\n`;
}

/** The peak RSS in MiB a run's stdout tail reports, if it ends with that line. */
export function parseRssReport(tail: string): number | undefined {
  const match = /\{"maxRssKiB":(\d+)\}\s*$/.exec(tail);
  return match ? Number(match[1]) / 1024 : undefined;
}
