import { writeSync } from 'node:fs';
import { rssReportLine } from '../rss-report.js';

// Preloaded with `node --import` in front of a CLI that exits on its own: the CLI's peak RSS
// becomes the last stdout line, which the harness reads.
process.on('exit', () => {
  writeSync(1, rssReportLine());
});
