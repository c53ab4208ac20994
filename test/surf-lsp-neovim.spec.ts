// Neovim, headless, runs the setup docs/editors.md gives for its built-in client (read from the
// page, so the page cannot drift from what works) against the built `surf lsp --stdio`, opens a
// hub and a source file whose claim diverged, and reports the diagnostics it shows and every
// error it raised. Neovim checks each range against the buffer (`end_col value outside range`),
// which a client written for the test would not.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { SURF_BIN } from './support/surf-bin.js';
import { type TempRepo, createTempRepo } from './support/temp-repo.js';

const NVIM_VERSION = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
const HAS_NVIM = NVIM_VERSION.status === 0;
const SKIPPED = HAS_NVIM ? '' : ' (skipped: no `nvim` on PATH)';

const EDITORS_MD = fileURLToPath(new URL('../docs/editors.md', import.meta.url));
/** The first line of the documented snippet, which finds it on the page. */
const SNIPPET_HEAD = "-- surf's language server on Neovim's built-in client";
/** The command the page tells users to run; the test runs the bin it built instead. */
const DOCUMENTED_CMD = "cmd = { 'npx', 'surf', 'lsp', '--stdio' },";

/** The Lua code block of docs/editors.md that starts with {@link SNIPPET_HEAD}. */
function documentedSnippet(): string {
  const blocks = [...readFileSync(EDITORS_MD, 'utf8').matchAll(/^```lua\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
  const snippet = blocks.filter((block) => block.startsWith(SNIPPET_HEAD));
  expect(snippet, 'docs/editors.md has one Neovim 0.7 snippet').toHaveLength(1);
  return snippet[0]!;
}

/** A Lua string literal (JSON's escapes for what a path holds are Lua's too). */
const lua = (text: string): string => JSON.stringify(text);

// Vector G1 (Rust `add`): v2 f1075e760a17; the file on disk has the body changed, with
// multi-byte text on the claim's line so a byte or sentinel column would show.
const BROKEN = 'pub fn add(a: i64, b: i64) -> i64 {\n    // sum them 😀\n    a - b\n}\n';
const HUB = '---\nsummary: x\nanchors:\n  - claim: adds two numbers 😀 中文\n    at: src/a.rs > add\n    hash: 2:f1075e760a17\n---\nAdding 😀.\n';

/** What the driver writes: per file, the diagnostics Neovim holds, and what it said. */
interface NvimReport {
  readonly attached: Record<string, string[]>;
  readonly diagnostics: Record<string, Array<{ lnum: number; col: number; end_lnum: number; end_col: number; severity: number; source: string; message: string }>>;
  readonly notified: Array<{ message: string; level: number }>;
  readonly errors: string[];
  readonly messages: string;
  readonly errmsg: string;
}

/**
 * The init file: the documented snippet, then a driver that opens both files, waits for their
 * diagnostics (and a moment more, for any later publish), and writes the report.
 */
function initLua(snippet: string, out: string, files: readonly string[]): string {
  const cmd = `cmd = { ${lua(process.execPath)}, ${lua(SURF_BIN)}, 'lsp', '--stdio' },`;
  expect(snippet.split(DOCUMENTED_CMD), 'the snippet names the documented command once').toHaveLength(2);
  return `${snippet.replace(DOCUMENTED_CMD, cmd)}
local report = { attached = {}, diagnostics = {}, notified = {}, errors = {} }
-- Errors of the client's handlers reach the user through vim.notify: keep them, still shown.
local notify = vim.notify
vim.notify = function(message, level, opts)
  table.insert(report.notified, { message = tostring(message), level = level or vim.log.levels.INFO })
  return notify(message, level, opts)
end
local files = { ${files.map(lua).join(', ')} }
local function drive()
  local buffers = {}
  for i, file in ipairs(files) do
    vim.cmd((i == 1 and 'edit ' or 'split ') .. vim.fn.fnameescape(file))
    buffers[file] = vim.api.nvim_get_current_buf()
  end
  vim.wait(20000, function()
    for _, buf in pairs(buffers) do
      if #vim.diagnostic.get(buf) == 0 then return false end
    end
    return true
  end, 50)
  vim.wait(1500)
  for file, buf in pairs(buffers) do
    report.attached[file] = {}
    for _, client in pairs(vim.lsp.buf_get_clients(buf)) do table.insert(report.attached[file], client.name) end
    report.diagnostics[file] = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      table.insert(report.diagnostics[file], { lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col, severity = d.severity, source = d.source or '', message = d.message })
    end
  end
end
-- After startup, as a user opening files would: file type detection is on from then.
vim.api.nvim_create_autocmd('VimEnter', {
  once = true,
  -- Nested: the files it opens get their BufRead and FileType autocommands, as typed ones do.
  nested = true,
  callback = function()
    local ok, err = pcall(drive)
    if not ok then table.insert(report.errors, tostring(err)) end
    report.messages = vim.api.nvim_exec('messages', true)
    report.errmsg = vim.v.errmsg
    local handle = io.open(${lua(out)}, 'w')
    handle:write(vim.fn.json_encode(report))
    handle:close()
    vim.cmd('qa!')
  end,
})
`;
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe.skipIf(!HAS_NVIM)(`surf lsp --stdio in Neovim (headless, the setup of docs/editors.md)${SKIPPED}`, () => {
  it('shows the divergence on the source and on the hub, and raises no error', () => {
    const repo: TempRepo = createTempRepo({ 'surf.toml': '', 'src/a.rs': BROKEN, 'hubs/h.md': HUB });
    cleanups.push(() => repo.dispose());
    // Neovim's own state (the LSP log, shada) stays in a directory of the test's.
    const home = mkdtempSync(join(tmpdir(), 'surf-nvim-'));
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    const xdg = Object.fromEntries(['CONFIG', 'DATA', 'STATE', 'CACHE'].map((kind) => [`XDG_${kind}_HOME`, join(home, kind.toLowerCase())]));
    for (const dir of Object.values(xdg)) mkdirSync(dir);
    const out = join(home, 'report.json');
    const init = join(home, 'init.lua');
    const source = join(repo.dir, 'src/a.rs');
    const hub = join(repo.dir, 'hubs/h.md');
    writeFileSync(init, initLua(documentedSnippet(), out, [source, hub]));

    const run = spawnSync('nvim', ['--headless', '--clean', '-u', init], { cwd: repo.dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...xdg } });
    const log = join(xdg.XDG_CACHE_HOME!, 'nvim', 'lsp.log');
    const context = `nvim exit ${run.status}, stderr: ${run.stderr}\nlsp.log: ${existsSync(log) ? readFileSync(log, 'utf8') : '(none)'}`;
    expect(existsSync(out), context).toBe(true);
    const report = JSON.parse(readFileSync(out, 'utf8')) as NvimReport;

    // No error anywhere Neovim reports one.
    expect(report.errors, context).toEqual([]);
    expect(report.notified.filter((n) => n.level >= 4), context).toEqual([]);
    expect(report.errmsg, context).toBe('');
    expect(report.messages, context).not.toMatch(/end_col value outside range|Error/);
    expect(run.stderr, context).not.toMatch(/end_col value outside range|Error/);

    expect(report.attached).toEqual({ [source]: ['surf'], [hub]: ['surf'] });
    expect(report.diagnostics[source]).toEqual([
      expect.objectContaining({ lnum: 0, col: 0, end_lnum: 3, end_col: 1, severity: 2, source: 'surf' }),
    ]);
    // The claim's line, to its end in bytes (Neovim's columns): the 😀 is 4 bytes, 中文 6.
    const claimLine = '  - claim: adds two numbers 😀 中文';
    expect(report.diagnostics[hub]).toEqual([
      expect.objectContaining({ lnum: 3, col: 0, end_lnum: 3, end_col: Buffer.byteLength(claimLine), severity: 1, source: 'surf' }),
    ]);
    expect(report.diagnostics[hub]![0]!.message).toMatch(/^CHANGED: /);
  }, 90_000);
});
