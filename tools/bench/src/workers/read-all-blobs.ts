import { captureSnapshot } from '@driftgate/git';
import { rssReportLine } from '../rss-report.js';

// Measured side of the `git` benchmark: one head snapshot, every blob through readMany.
const [repo, expected] = process.argv.slice(2);
if (repo === undefined) throw new Error('usage: read-all-blobs <repository> [expected-bytes]');
const started = performance.now();
const snapshot = await captureSnapshot(repo, 'head');
const captured = performance.now();
// What the entry list alone holds: the read's own memory is the peak above this.
const capturedRssKiB = Math.round(process.memoryUsage.rss() / 1024);
let bytes = 0;
try {
  const paths = snapshot.entries.filter((entry) => entry.type === 'blob').map((entry) => entry.path);
  for await (const file of snapshot.readMany(paths)) bytes += file.content.length;
} finally {
  await snapshot.close();
}
const read = performance.now();
if (expected !== undefined && bytes !== Number(expected)) {
  throw new Error(`read ${bytes} bytes, expected ${expected}`);
}
// Phase times for the benchmark's breakdown (process start → module loaded → captured → read),
// and the RSS once captured.
process.stdout.write(`${JSON.stringify({ phases: { loadMs: started, captureMs: captured - started, readMs: read - captured, capturedRssKiB } })}\n`);
process.stdout.write(rssReportLine());
