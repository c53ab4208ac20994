import { type LoadedHub, type LoadedWorkspace, HubParseError, hubKindOf, parseHub } from '@driftgate/surf';
import { describe, expect, it } from 'vitest';
import { claimsByProject, claimsOfHubs } from './claim-scope.js';
import { ProjectRoots } from './project-roots.js';

function hub(rel: string, text: string): LoadedHub {
  const kind = hubKindOf(rel);
  try {
    return { rel, path: `/ws/${rel}`, kind, text, hub: parseHub(text, { path: rel }), error: undefined };
  } catch (error) {
    return { rel, path: `/ws/${rel}`, kind, text, hub: undefined, error: error as HubParseError };
  }
}

const workspace = (hubs: LoadedHub[]): LoadedWorkspace => ({ config: { root: '/ws', configPath: '/ws/surf.toml', hubs: ['hubs/*.md'], bundles: [] }, root: '/ws', hubs });

const billing = hub(
  'hubs/billing.md',
  `---
anchors:
  - claim: totals are in cents
    at: apps/billing/src/total.ts > total
  - claim: tax comes from the shared rates
    at:
      - apps/billing/src/total.ts > tax
      - libs/rates/src/rates.ts > rateFor
  - claim: the nested tool is its own project
    at: apps/billing/tools/gen/main.ts > main
  - claim: broken anchor
    at: apps/billing/src/total.ts
refs: []
---
`,
);
const overview = hub('hubs/overview.md', '---\nanchors: []\nrefs:\n  - ./billing.md\n---\n');
const unrelated = hub('hubs/rates.md', '---\nanchors:\n  - claim: rates are percentages\n    at: libs/rates/src/rates.ts > RATES\nrefs: []\n---\n');
const broken = hub('hubs/broken.md', 'no frontmatter\n');
const index = hub('hubs/index.md', 'just an index\n');
const roots = new ProjectRoots(['apps/billing', 'apps/billing/tools/gen', 'libs/rates']);

describe('claimsByProject', () => {
  const byProject = claimsByProject(workspace([billing, broken, index, overview, unrelated]), roots);

  it('gives each claim to the project of its first site, which reads every site of it', () => {
    expect([...byProject.keys()].sort()).toEqual(['.', 'apps/billing', 'apps/billing/tools/gen', 'libs/rates']);
    const app = byProject.get('apps/billing')!;
    expect(app.claims).toBe(2);
    expect(app.anchoredFiles).toEqual(['apps/billing/src/total.ts', 'libs/rates/src/rates.ts']);
    const appBilling = app.workspace.hubs.find((h) => h.rel === 'hubs/billing.md')!;
    expect(appBilling.hub!.anchors.map((c) => c.index)).toEqual([0, 1]);
    // The billing/rates claim is listed once per workspace run: by billing, its first site's project.
    const rates = byProject.get('libs/rates')!;
    expect(rates.claims).toBe(1);
    expect(rates.hubFiles).toEqual(['hubs/rates.md']);
    expect(rates.anchoredFiles).toEqual(['libs/rates/src/rates.ts']);
    const listed = [...byProject.values()].flatMap((p) => p.workspace.hubs.flatMap((h) => (h.hub?.anchors ?? []).map((c) => `${h.rel}#${c.index}`)));
    expect(listed.length).toBe(new Set(listed).size);
    expect(byProject.get('apps/billing/tools/gen')!.anchoredFiles).toEqual(['apps/billing/tools/gen/main.ts']);
  });

  it('adds the hubs that refer to a selected hub, with no claims of their own', () => {
    const app = byProject.get('apps/billing')!;
    expect(app.hubFiles).toEqual(['hubs/billing.md', 'hubs/overview.md']);
    expect(app.workspace.hubs.find((h) => h.rel === 'hubs/overview.md')!.hub!.refs).toEqual(['./billing.md']);
  });

  it('hands whatever names no project to the workspace-level project, malformed hubs included', () => {
    const root = byProject.get('.')!;
    expect(root.claims).toBe(1);
    expect(root.workspace.hubs.map((h) => h.rel)).toEqual(['hubs/billing.md', 'hubs/broken.md', 'hubs/overview.md']);
    expect(root.workspace.hubs[0]!.hub!.anchors.map((c) => c.claim)).toEqual(['broken anchor']);
    expect(root.anchoredFiles).toEqual([]);
  });

  it('selects every claim of named hubs', () => {
    const chosen = claimsOfHubs(workspace([billing, unrelated]), ['./hubs/rates.md']);
    expect(chosen.claims).toBe(1);
    expect(chosen.hubFiles).toEqual(['hubs/rates.md']);
    expect(chosen.anchoredFiles).toEqual(['libs/rates/src/rates.ts']);
  });
});

describe('ProjectRoots', () => {
  it('finds the deepest project containing a path, else the workspace root', () => {
    expect(roots.owner('apps/billing')).toBe('apps/billing');
    expect(roots.owner('apps/billing/tools/gen/x/y.ts')).toBe('apps/billing/tools/gen');
    expect(roots.owner('apps/billing-ui/x.ts')).toBe('.');
    expect(roots.owner('README.md')).toBe('.');
    expect(new ProjectRoots(['./libs/rates/']).owner('libs/rates/a')).toBe('libs/rates');
  });
});
