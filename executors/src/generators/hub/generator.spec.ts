import { addProjectConfiguration } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import { newHubTemplate, parseHub } from '@driftgate/surf';
import { describe, expect, it } from 'vitest';
import hubGenerator from './generator.js';

function workspace() {
  const tree = createTreeWithEmptyWorkspace();
  addProjectConfiguration(tree, '@acme/billing', { root: 'packages/billing' });
  return tree;
}

describe('hub generator', () => {
  it('writes the surf new template, named after the project, into the first hubs directory', async () => {
    const tree = workspace();
    tree.write('surf.toml', 'hubs = ["docs/hubs/*.md", "AGENTS.md"]\n');
    await hubGenerator(tree, { project: '@acme/billing', skipFormat: true });
    expect(tree.read('docs/hubs/acme-billing.md', 'utf-8')).toBe(newHubTemplate('acme-billing'));
  });

  it('starts the hub with one unstamped claim when asked, and never overwrites a hub', async () => {
    const tree = workspace();
    const at = ['packages/billing/src/invoice.ts > total', 'packages/billing/src/tax.ts > rate'];
    tree.write('packages/billing/src/invoice.ts', 'export function total(net: number): number {\n  return net * 1.2;\n}\n');
    tree.write('packages/billing/src/tax.ts', 'export const rate = (): number => 0.2;\n');
    await hubGenerator(tree, { project: '@acme/billing', name: 'invoices', claim: 'an invoice total includes tax: yes', at, skipFormat: true });
    const text = tree.read('hubs/invoices.md', 'utf-8')!;
    const hub = parseHub(text, { path: 'hubs/invoices.md' });
    expect(hub.anchors).toHaveLength(1);
    expect(hub.anchors[0]).toMatchObject({ claim: 'an invoice total includes tax: yes', at, hash: undefined });
    expect(text.replace(/\nanchors:\n[\s\S]*?\nrefs: \[\]\n/, '\nanchors: []\nrefs: []\n')).toBe(newHubTemplate('invoices'));
    await hubGenerator(tree, { project: '@acme/billing', name: 'invoices', skipFormat: true });
    expect(tree.read('hubs/invoices.md', 'utf-8')).toBe(text);
  });

  it('refuses a claim for a hub that exists (it never edits one), and changes nothing', async () => {
    const tree = workspace();
    tree.write('packages/billing/src/invoice.ts', 'export function total(net: number): number {\n  return net;\n}\n');
    await hubGenerator(tree, { project: '@acme/billing', skipFormat: true });
    const before = tree.read('hubs/acme-billing.md', 'utf-8');
    const again = hubGenerator(tree, { project: '@acme/billing', claim: 'total is net', at: ['packages/billing/src/invoice.ts > total'], skipFormat: true });
    await expect(again).rejects.toMatchObject({ code: 'DRIFTGATE_NX_HUB_EXISTS' });
    await expect(again).rejects.toThrow('hubs/acme-billing.md already exists, and the hub generator never edits a hub: add the claim to it by hand, or pass --name to start another hub');
    expect(tree.read('hubs/acme-billing.md', 'utf-8')).toBe(before);
  });

  it('refuses anchors that do not resolve: a missing file, a missing symbol', async () => {
    const tree = workspace();
    tree.write('packages/billing/src/invoice.ts', 'export function total(net: number): number {\n  return net;\n}\n');
    const missingFile = hubGenerator(tree, { project: '@acme/billing', claim: 'x', at: ['packages/billing/src/nope.ts > total'], skipFormat: true });
    await expect(missingFile).rejects.toMatchObject({ code: 'DRIFTGATE_NX_BAD_ANCHOR' });
    await expect(missingFile).rejects.toThrow("--at 'packages/billing/src/nope.ts > total' does not resolve: packages/billing/src/nope.ts is not a file of the workspace");
    const missingSymbol = hubGenerator(tree, { project: '@acme/billing', claim: 'x', at: ['packages/billing/src/invoice.ts > subtotal'], skipFormat: true });
    await expect(missingSymbol).rejects.toThrow("--at 'packages/billing/src/invoice.ts > subtotal' does not resolve:");
    expect(tree.exists('hubs/acme-billing.md')).toBe(false);
  });

  it('rejects half a claim and anchors that do not parse', async () => {
    const tree = workspace();
    await expect(hubGenerator(tree, { project: '@acme/billing', claim: 'x', skipFormat: true })).rejects.toMatchObject({ code: 'DRIFTGATE_NX_BAD_OPTIONS' });
    await expect(hubGenerator(tree, { project: '@acme/billing', claim: 'x', at: ['packages/billing/a.ts'], skipFormat: true })).rejects.toThrow(/symbol/);
    expect(tree.exists('hubs/acme-billing.md')).toBe(false);
  });
});

describe('hub generator, given a project that does not exist', () => {
  it('offers the project whose directory or unscoped name was typed, and writes nothing', async () => {
    const tree = workspace();
    addProjectConfiguration(tree, '@acme/calc', { root: 'libs/calc-lib' });
    addProjectConfiguration(tree, '@other/calc', { root: 'packages/calc' });
    const codeOf = async (project: string) => hubGenerator(tree, { project, skipFormat: true }).then(() => undefined, (error: { code?: string; message: string }) => error);
    expect(await codeOf('billing')).toMatchObject({ code: 'DRIFTGATE_NX_NO_PROJECT', message: 'no project named "billing" in this workspace; did you mean @acme/billing?' });
    expect(await codeOf('calc-lib')).toMatchObject({ message: 'no project named "calc-lib" in this workspace; did you mean @acme/calc?' });
    expect(await codeOf('calc')).toMatchObject({ message: 'no project named "calc" in this workspace; did you mean one of @acme/calc, @other/calc?' });
    expect(await codeOf('nothing')).toMatchObject({ message: 'no project named "nothing" in this workspace; give a project name as `nx show projects` lists it' });
    expect(tree.listChanges().some((change) => change.path.startsWith('hubs/'))).toBe(false);
  });
});
