import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { type BoundaryVerifyInput, boundaryRows } from './boundary-rows.js';
import { BoundaryView, boundaryLines } from '../view/boundary-view.js';

// Issue lines in the formats of the boundver spec §11, in boundver's own (component) order.
const RESULT: BoundaryVerifyInput = {
  exitCode: 5,
  issues: [
    'METADATA MISMATCH config_digest: lockfile=\'aaa\' current=\'bbb\'',
    'MISMATCH core.exact: lockfile=111111111111 current=222222222222',
    'MISMATCH core.boundary: lockfile=333333333333 current=444444444444',
    'AFFECTED CONSUMERS core: api, web',
    'MISMATCH api.behavior: lockfile=555555555555 current=666666666666',
    'MISMATCH api.compat: lockfile=777777777777 current=888888888888',
    'AFFECTED CONSUMERS api: web',
    'SLICE MISMATCH edge.boundary: lockfile=999999999999 current=000000000000',
  ],
  consumerImpact: [
    { component: 'api', facets: ['compat'], components: ['web'], externalConsumers: ['partner'] },
    { component: 'core', facets: ['boundary'], components: ['api', 'web'], externalConsumers: [] },
  ],
};

describe('boundaryRows', () => {
  it('orders issues compat > boundary > behavior > exact > other and attaches affected consumers', () => {
    expect(boundaryRows(RESULT).map((r) => [r.severity, r.subject, r.consumers])).toEqual([
      ['compat', 'api', ['web', 'partner (external)']],
      ['boundary', 'core', ['api', 'web']],
      ['boundary', 'edge', []],
      ['behavior', 'api', []],
      ['exact', 'core', []],
      ['other', undefined, []],
    ]);
  });

  it('renders headings per severity and consumer lines', () => {
    expect(boundaryLines(boundaryRows(RESULT)).map((l) => l.text)).toEqual([
      'COMPAT',
      '  MISMATCH api.compat: lockfile=777777777777 current=888888888888',
      '    consumers: web, partner (external)',
      'BOUNDARY',
      '  MISMATCH core.boundary: lockfile=333333333333 current=444444444444',
      '    consumers: api, web',
      '  SLICE MISMATCH edge.boundary: lockfile=999999999999 current=000000000000',
      'BEHAVIOR',
      '  MISMATCH api.behavior: lockfile=555555555555 current=666666666666',
      'EXACT',
      '  MISMATCH core.exact: lockfile=111111111111 current=222222222222',
      'OTHER',
      "  METADATA MISMATCH config_digest: lockfile='aaa' current='bbb'",
    ]);
  });

  it('shows the view read-only, scrolls, and quits on q', async () => {
    let ended = 0;
    const app = render(<BoundaryView result={RESULT} onEnd={() => ended++} size={{ columns: 80, rows: 8 }} />);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(app.lastFrame()).toContain('boundary 6 issue(s) from 8 verify lines · exits 1 (boundver 5) · read-only');
    expect(app.lastFrame()).toContain('COMPAT');
    expect(app.lastFrame()).not.toContain('EXACT');
    for (let i = 0; i < 12; i++) {
      app.stdin.write('j');
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(app.lastFrame()).toContain('EXACT');
    app.stdin.write('q');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(ended).toBe(1);
  });

  it('has the claims view\'s help, Esc and Ctrl-C: ? shows the keys, Esc closes them, Ctrl-C ends as interrupted', async () => {
    const ends: string[] = [];
    const app = render(<BoundaryView result={RESULT} onEnd={(how) => ends.push(how)} size={{ columns: 60, rows: 15 }} />);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 80));
    await settle();
    app.stdin.write('?');
    await settle();
    expect(app.lastFrame()).toContain('close help');
    expect(app.lastFrame()).not.toContain('COMPAT');
    app.stdin.write('\u001B');
    await settle();
    expect(app.lastFrame()).toContain('COMPAT');
    expect(ends).toEqual([]);
    app.stdin.write('\u0003');
    await settle();
    expect(ends).toEqual(['interrupted']);
  });

  it('puts an API change first on its component\'s boundary row, even listed after the exact line (interactive view)', async () => {
    const api = 'API CHANGE @ws/pricing: added `src/index.ts#parseMoney`; removed `src/index.ts#legacyTotal`';
    const result: BoundaryVerifyInput = {
      exitCode: 4,
      issues: ['MISMATCH @ws/pricing.boundary: lockfile=111111111111 current=222222222222', 'MISMATCH @ws/pricing.exact: lockfile=333333333333 current=444444444444', api],
      consumerImpact: [],
    };
    expect(boundaryRows(result).map((r) => [r.severity, r.api])).toEqual([['boundary', [api]], ['exact', []]]);
    const app = render(<BoundaryView result={result} onEnd={() => undefined} size={{ columns: 120, rows: 12 }} />);
    await new Promise((resolve) => setTimeout(resolve, 80));
    const frame = (app.lastFrame() ?? '').split('\n');
    const at = frame.findIndex((line) => line.includes('API CHANGE'));
    expect(frame[at - 1]).toContain('BOUNDARY');
    expect(frame[at + 1]).toContain('    MISMATCH @ws/pricing.boundary');
    expect(frame.filter((line) => line.includes('API CHANGE'))).toHaveLength(1);
    app.unmount();
  });

  it('marks the cursor with a column that needs no colour, moves only between issues, and opens a cut line whole with Enter', async () => {
    const long = `MISMATCH core.boundary: lockfile=${'a'.repeat(70)} current=${'b'.repeat(70)}`;
    const result: BoundaryVerifyInput = { exitCode: 4, issues: ['MISMATCH core.exact: lockfile=111111111111 current=222222222222', long], consumerImpact: [] };
    const app = render(<BoundaryView result={result} onEnd={() => undefined} size={{ columns: 60, rows: 15 }} />);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 80));
    await settle();
    const lines = () => (app.lastFrame() ?? '').split('\n');
    // The first issue (under BOUNDARY) is selected, not its heading; the marker is a character.
    expect(lines().find((line) => line.startsWith('›'))).toContain('MISMATCH core.boundary');
    expect(lines().find((line) => line.includes('BOUNDARY'))!.startsWith('›')).toBe(false);
    app.stdin.write('j');
    await settle();
    // j goes to the next issue, over the EXACT heading.
    expect(lines().find((line) => line.startsWith('›'))).toContain('MISMATCH core.exact');
    app.stdin.write('k');
    await settle();
    app.stdin.write('\r');
    await settle();
    const whole = lines().join('').replace(/\s+/g, '');
    expect(whole).toContain(`current=${'b'.repeat(70)}`);
    app.stdin.write('\u001B');
    await settle();
    expect(lines().find((line) => line.startsWith('›'))).toContain('MISMATCH core.boundary');
    app.unmount();
  });
});
