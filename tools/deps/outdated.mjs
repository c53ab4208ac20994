// `npm run outdated`: every dependency this repository builds with or ships, set against the
// newest release the npm registry serves, with the newest release's Node range beside it and,
// for one that is behind, the reason written down in docs/packaging.md ("Pins that stay behind")
// or a line saying none is. It only reads: the registry through `npm view`, and our manifests.
//
// Exit 0 whatever is behind: drift is news, not an error. `--strict` exits 1 when a dependency is
// behind by a major with no reason written down, so the next drift is seen and decided.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PINS_DOC = 'docs/packaging.md';
const PINS_HEADING = '## Pins that stay behind';
const run = promisify(execFile);

/** name → { pinned, where[] } over the root manifest and every workspace's, internal packages left out. */
function ourDependencies() {
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const out = new Map();
  for (const dir of ['.', ...root.workspaces]) {
    const manifest = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
    for (const field of ['dependencies', 'devDependencies']) {
      for (const [name, spec] of Object.entries(manifest[field] ?? {})) {
        if (name.startsWith('@driftgate/')) continue;
        // An alias (`npm:typescript@6.0.3`) is a second copy kept on purpose for tests; it is named by what it points at.
        const alias = spec.startsWith('npm:') ? spec.slice(4, spec.lastIndexOf('@')) : name;
        const pinned = spec.startsWith('npm:') ? spec.slice(spec.lastIndexOf('@') + 1) : spec;
        const entry = out.get(name) ?? { pinned, alias, where: [] };
        entry.where.push(dir === '.' ? 'root' : dir);
        out.set(name, entry);
      }
    }
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The reasons table of docs/packaging.md: package → why its pin stays. */
export function writtenReasons(markdown) {
  const start = markdown.indexOf(`\n${PINS_HEADING}\n`);
  if (start === -1) return new Map();
  const section = markdown.slice(start + PINS_HEADING.length + 2).split(/\n## /)[0];
  const reasons = new Map();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 4 || !/^`[^`]+`$/.test(cells[1])) continue;
    reasons.set(cells[1].slice(1, -1), cells[cells.length - 2]);
  }
  return reasons;
}

const numbers = (version) => version.replace(/^[^\d]*/, '').split(/[.+-]/).slice(0, 3).map(Number);
function behind(pinned, latest) {
  const [a, b] = [numbers(pinned), numbers(latest)];
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i] ? (i === 0 ? 'major' : 'minor') : null;
  return null;
}

async function latestOf(name) {
  const { stdout } = await run('npm', ['view', `${name}@latest`, 'version', 'engines', '--json'], { cwd: ROOT, maxBuffer: 1 << 20 });
  // npm answers a bare string when only one of the fields asked for is set.
  const view = JSON.parse(stdout);
  return typeof view === 'string' ? { version: view, node: 'any' } : { version: view.version, node: view.engines?.node ?? 'any' };
}

async function main() {
  const strict = process.argv.includes('--strict');
  const reasons = writtenReasons(readFileSync(join(ROOT, PINS_DOC), 'utf8'));
  const deps = ourDependencies();
  const names = [...deps.keys()];
  const latest = new Map();
  // A few look-ups at a time: one `npm view` each, as a person would type them.
  for (let i = 0; i < names.length; i += 6) {
    const batch = names.slice(i, i + 6);
    const answers = await Promise.all(batch.map((name) => latestOf(deps.get(name).alias).catch((error) => ({ error }))));
    batch.forEach((name, j) => latest.set(name, answers[j]));
  }
  const rows = [];
  let unexplained = 0;
  for (const [name, { pinned, alias, where }] of deps) {
    const newest = latest.get(name);
    if (newest.error) {
      rows.push(`${name} ${pinned}: the registry did not answer (${newest.error.message.split('\n')[0]})`);
      continue;
    }
    const gap = behind(pinned, newest.version);
    if (gap === null) continue;
    const reason = reasons.get(name);
    if (reason === undefined && gap === 'major') unexplained++;
    rows.push(`${name}${alias === name ? '' : ` (npm:${alias})`} ${pinned} → ${newest.version} (${gap}; Node ${newest.node}; in ${where.join(', ')})\n    ${reason ?? `no reason written down in ${PINS_DOC}`}`);
  }
  process.stdout.write(`${rows.length} of ${deps.size} dependencies are behind the registry's latest:\n${rows.map((row) => `  ${row}\n`).join('')}`);
  for (const name of reasons.keys()) if (!deps.has(name)) process.stdout.write(`${PINS_DOC} gives a reason for ${name}, which is not a dependency any more: drop the row\n`);
  if (strict && unexplained > 0) {
    process.stderr.write(`${unexplained} dependencies are a major behind with no reason in ${PINS_DOC}: move them, or write down why they stay\n`);
    process.exitCode = 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
