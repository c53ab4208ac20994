import { fromSurfCheck, renderReport } from '@driftgate/report';
import { loadWorkspace, runCheck } from '@driftgate/surf';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { reportedWorkspace } from './reported-workspace.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const item = (at: string): string => `  - claim: c\n    at: ${at}\n    hash: 2:000000000000\n`;
const hub = (items: string, refs = 'refs: []\n'): string => `---\nsummary: x\nanchors:\n${items}${refs}---\n`;

function repo(): TempRepo {
  const r = createTempRepo(
    {
      'surf.toml': '',
      'src/a.rs': 'pub fn a(x: i64) -> i64 { x + 1 }\n',
      'src/b.rs': 'pub fn b(x: i64) -> i64 { x + 2 }\n',
      'hubs/a.md': hub(item('src/a.rs > a')),
      'hubs/b.md': hub(item('src/b.rs > b'), 'refs:\n  - ./a.md\n'),
      'hubs/c.md': hub(item('src/b.rs > b')),
      'hubs/malformed.md': '---\nanchors:\n  - claim: [x\n---\n',
    },
    { commit: true },
  );
  cleanups.push(() => r.dispose());
  return r;
}

describe('reportedWorkspace', () => {
  it('gives the same report as the whole workspace, scoped or not', async () => {
    const r = repo();
    r.write({ 'src/a.rs': 'pub fn a(x: i64) -> i64 { x - 1 }\n' });
    for (const options of [{}, { files: ['src/a.rs'] }, { files: ['nowhere/*'] }, { base: 'HEAD' }]) {
      const workspace = await loadWorkspace(r.dir);
      const result = await runCheck(workspace, { workers: 0, ...options });
      const narrowed = reportedWorkspace(workspace, result, ['human', 'junit'])!;
      expect(fromSurfCheck(result, { version: '0', workspace: narrowed })).toEqual(fromSurfCheck(result, { version: '0', workspace }));
      if ('files' in options || 'base' in options) expect(narrowed.hubs.length).toBeLessThan(workspace.hubs.length);
      // Human text alone lists no hub, and reads the same.
      expect(reportedWorkspace(workspace, result, ['human'])).toBeUndefined();
      expect(renderReport(fromSurfCheck(result, { version: '0' }), 'human')).toEqual(renderReport(fromSurfCheck(result, { version: '0', workspace }), 'human'));
    }
  });
});
