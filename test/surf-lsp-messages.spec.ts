// How many messages `surf lsp --stdio` sends for what changed: a publish for a document only when
// its diagnostics changed, and a `workspace/diagnostic/refresh` only when a document the client
// pulled has diagnostics other than those it was given. Editors redraw on each one. A step that
// expects messages waits for them, then for quiet; one that expects none waits for quiet.
import { afterEach, describe, expect, it } from 'vitest';
import { LspSession } from './support/lsp-session.js';
import { type TempRepo, createTempRepo } from './support/temp-repo.js';

// Vector G1 (Rust `add`): v2 f1075e760a17.
const G1 = 'pub fn add(a: i64, b: i64) -> i64 {\n    // sum them\n    a + b\n}\n';
const BROKEN = G1.replace('a + b', 'a - b');
/** BROKEN with a comment of the same length changed: the claim sees the same code, at the same span. */
const BROKEN_COMMENT = BROKEN.replace('// sum them', '// add them');
const HUB = '---\nsummary: x\nanchors:\n  - claim: adds two numbers\n    at: src/a.rs > add\n    hash: 2:f1075e760a17\n---\nHow `add` adds.\n';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function session(): LspSession {
  const repo: TempRepo = createTempRepo({ 'surf.toml': '', 'src/a.rs': G1, 'hubs/h.md': HUB });
  cleanups.push(() => repo.dispose());
  const s = new LspSession(repo.dir);
  cleanups.push(() => s.child.kill());
  return s;
}

/** Per document, how many diagnostics each publish since `from` held. */
function publishes(s: LspSession, from: number): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const p of s.pushed.slice(from)) (out[p.uri.slice(p.uri.lastIndexOf('/') + 1)] ??= []).push(p.diagnostics.length);
  return out;
}

describe('surf lsp --stdio: messages per change', () => {
  it('pushes a document’s diagnostics once per change of them, and nothing when they stay the same', async () => {
    const s = session();
    await s.initialize(false);
    await s.open('src/a.rs', 'rust', BROKEN);
    await s.open('hubs/h.md', 'markdown', HUB);
    await s.until(() => s.pushed.length >= 2, 'the first publishes');
    await s.settle();
    // Opening two documents: one publish each (the open is also a content change, and each open
    // changes what the other shows).
    expect(publishes(s, 0)).toEqual({ 'a.rs': [1], 'h.md': [1] });

    let from = s.pushed.length;
    await s.change('src/a.rs', BROKEN_COMMENT);
    await s.settle();
    expect(publishes(s, from)).toEqual({});

    from = s.pushed.length;
    await s.change('src/a.rs', G1);
    await s.until(() => s.pushed.length >= from + 2, 'two publishes');
    await s.settle();
    expect(publishes(s, from)).toEqual({ 'a.rs': [0], 'h.md': [0] });

    // Typing into the hub's prose changes none of its diagnostics.
    from = s.pushed.length;
    await s.change('hubs/h.md', HUB.replace('How', 'Why'));
    await s.settle();
    expect(publishes(s, from)).toEqual({});

    from = s.pushed.length;
    await s.change('src/a.rs', BROKEN);
    await s.until(() => s.pushed.length >= from + 2, 'two publishes');
    await s.settle();
    expect(publishes(s, from)).toEqual({ 'a.rs': [1], 'h.md': [1] });
    expect(await s.close()).toBe(0);
  }, 60_000);

  it('asks a pulling client to refresh only when a document it pulled shows something else now', async () => {
    const s = session();
    await s.initialize(true);
    await s.open('src/a.rs', 'rust', G1);
    await s.open('hubs/h.md', 'markdown', HUB);
    await s.settle();
    // Nothing was pulled yet: the client pulls what it opened when it wants to.
    expect(s.refreshes).toBe(0);
    expect(await s.pull('src/a.rs')).toEqual([]);
    expect(await s.pull('hubs/h.md')).toEqual([]);

    await s.change('src/a.rs', BROKEN);
    await s.until(() => s.refreshes >= 1, 'a refresh');
    await s.settle();
    expect(s.refreshes).toBe(1);
    expect(await s.pull('src/a.rs')).toHaveLength(1);
    expect(await s.pull('hubs/h.md')).toHaveLength(1);

    await s.change('src/a.rs', BROKEN_COMMENT);
    await s.settle();
    expect(s.refreshes).toBe(1);

    // The client has not pulled since the last refresh: a change back is one more, and a change
    // to what that refresh announced is none.
    await s.change('src/a.rs', G1);
    await s.until(() => s.refreshes >= 2, 'a second refresh');
    await s.settle();
    expect(s.refreshes).toBe(2);
    await s.change('src/a.rs', G1.replace('// sum them', '// add them'));
    await s.settle();
    expect(s.refreshes).toBe(2);
    expect(await s.pull('hubs/h.md')).toEqual([]);
    expect(await s.close()).toBe(0);
  }, 60_000);
});
