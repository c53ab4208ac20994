import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// `surf triage`'s view is one bundle beside the CLI's (tools/build/bundle-clis.mjs): loaded module
// by module it cost the first frame about 0.8 s of CPU. These tests read the built files, so a
// build that goes back to resolving the view from node_modules fails here, not only in the bench.

const DIST = fileURLToPath(new URL('../tools/surf/dist/', import.meta.url));
const CLI = `${DIST}surf-cli.js`;
const VIEW = `${DIST}triage-view.js`;

beforeAll(() => {
  if (!existsSync(CLI) || !existsSync(VIEW)) throw new Error('tools/surf is not built: run `npm run build` first');
});

/** The specifiers a module's top-level `import … from` / `import "…"` statements name. */
function staticImports(source: string): string[] {
  return [...source.matchAll(/^import\s+(?:[^'";]*?\s+from\s+)?["']([^"']+)["'];?$/gm)].map((m) => m[1]!);
}

function importView(env: NodeJS.ProcessEnv) {
  const script = `const view = await import(${JSON.stringify(pathToFileURL(VIEW).href)}); console.log(typeof view.runTriage);`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env });
}

describe('the triage view bundle', () => {
  it('is what the CLI imports, by its path beside the CLI bundle', () => {
    const cli = readFileSync(CLI, 'utf8');
    expect(cli).toContain('import("./triage-view.js")');
    expect(cli).not.toMatch(/["']@driftgate\/triage["']/);
  });

  it('carries ink, React and the engine inside: it imports only Node built-ins and web-tree-sitter', () => {
    const imports = new Set(staticImports(readFileSync(VIEW, 'utf8')));
    expect(imports.size).toBeGreaterThan(0);
    expect([...imports].filter((name) => !name.startsWith('node:') && name !== 'web-tree-sitter')).toEqual([]);
  });

  it('loads without react-devtools-core, and with DEV=true ink says it is missing instead of failing', () => {
    const env = { ...process.env };
    delete env['DEV'];
    const plain = importView(env);
    expect(plain.stderr).toBe('');
    expect(plain.stdout.trim()).toBe('function');
    const dev = importView({ ...env, DEV: 'true' });
    expect(dev.status).toBe(0);
    expect(dev.stdout).toContain('function');
    expect(`${dev.stdout}${dev.stderr}`).toContain('react-devtools-core');
  });
});
