import { describe, expect, it } from 'vitest';
import { PendingChanges } from './pending-changes.js';

describe('PendingChanges', () => {
  it('drops a file created and deleted again, keeps one deleted and created again, in path order', () => {
    const pending = new PendingChanges();
    pending.record('add', 'src/tmp.rs');
    pending.record('change', 'src/tmp.rs');
    pending.record('unlink', 'src/tmp.rs');
    pending.record('unlink', 'src/b.rs');
    pending.record('add', 'src/b.rs');
    pending.record('change', 'src/a.rs');
    pending.record('add', 'src/a/c.rs');
    expect(pending.size).toBe(3);
    expect(pending.take()).toEqual(['src/a/c.rs', 'src/a.rs', 'src/b.rs']);
    expect(pending.size).toBe(0);
  });

  it('keeps a file created, deleted and created again', () => {
    const pending = new PendingChanges();
    pending.record('add', 'x.rs');
    pending.record('unlink', 'x.rs');
    pending.record('add', 'x.rs');
    expect(pending.take()).toEqual(['x.rs']);
  });
});
