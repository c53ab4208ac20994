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
    await hubGenerator(tree, { project: '@acme/billing', name: 'invoices', claim: 'an invoice total includes tax: yes', at, skipFormat: true });
    const text = tree.read('hubs/invoices.md', 'utf-8')!;
    const hub = parseHub(text, { path: 'hubs/invoices.md' });
    expect(hub.anchors).toHaveLength(1);
    expect(hub.anchors[0]).toMatchObject({ claim: 'an invoice total includes tax: yes', at, hash: undefined });
    expect(text.replace(/\nanchors:\n[\s\S]*?\nrefs: \[\]\n/, '\nanchors: []\nrefs: []\n')).toBe(newHubTemplate('invoices'));
    await hubGenerator(tree, { project: '@acme/billing', name: 'invoices', skipFormat: true });
    expect(tree.read('hubs/invoices.md', 'utf-8')).toBe(text);
  });

  it('rejects half a claim and anchors that do not parse', async () => {
    const tree = workspace();
    await expect(hubGenerator(tree, { project: '@acme/billing', claim: 'x', skipFormat: true })).rejects.toMatchObject({ code: 'DRIFTGATE_NX_BAD_OPTIONS' });
    await expect(hubGenerator(tree, { project: '@acme/billing', claim: 'x', at: ['packages/billing/a.ts'], skipFormat: true })).rejects.toThrow(/symbol/);
    expect(tree.exists('hubs/acme-billing.md')).toBe(false);
  });
});
