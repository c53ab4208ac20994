// Writes what `surf triage` writes when the user accepts every diverged claim and confirms:
// the check's divergences, each decided `accept`, through the library's applyDecisions. Used by
// the SIGKILL campaign, which needs that write without a terminal. Built libs (`npm run build`).
import { loadWorkspace, runCheck } from '../../libs/surf/dist/index.js';
import { applyDecisions } from '../../libs/triage/dist/index.js';

const root = process.cwd();
const check = await runCheck(await loadWorkspace(root), { workers: 0 });
const decisions = new Map(check.divergences.map((d, i) => [i, d.kind === 'changed' ? 'accept' : 'skip']));
const summary = await applyDecisions(root, check.divergences, decisions);
const failed = summary.applied.filter((a) => a.outcome === 'failed');
for (const a of failed) process.stderr.write(`failed ${a.hub}:${a.hubLine} ${a.at}: ${a.reason}\n`);
process.exitCode = failed.length > 0 ? 1 : 0;
