// Preloaded with `node --import` by tests that check what a CLI loads: when the process exits it
// writes, to the file named by DRIFTGATE_LOADED_PACKAGES, the names of the packages in Node's
// CommonJS module cache, one a line (what a bundle resolves from node_modules at run time).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const cache = createRequire(import.meta.url).cache;
const target = process.env.DRIFTGATE_LOADED_PACKAGES;
if (target) {
  process.on('exit', () => {
    const names = new Set();
    for (const path of Object.keys(cache)) {
      const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(path);
      if (match) names.add(match[1].replace(/\\/g, '/'));
    }
    writeFileSync(target, [...names].sort().map((name) => `${name}\n`).join(''));
  });
}
