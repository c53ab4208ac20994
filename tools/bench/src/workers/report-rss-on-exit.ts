import { writeSync } from 'node:fs';

// Preloaded with `node --import` in front of a CLI that exits on its own: the CLI's peak RSS
// becomes the last stdout line `{"maxRssKiB":N}`, which the harness reads (see measure.ts).
process.on('exit', () => {
  writeSync(1, `\n{"maxRssKiB":${process.resourceUsage().maxRSS}}\n`);
});
