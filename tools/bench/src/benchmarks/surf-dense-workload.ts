import type { SyntheticFile } from '../synthetic-repo.js';
import { type RealWorkload, addHubs } from './surf-real-workload.js';
import { stampAll } from './surf-workload.js';

/** Definitions (and claims) of the dense file at scale 1. */
export const DENSE_DEFINITIONS = 3_000;

/**
 * One generated Python test module with thousands of module-level functions, every one claimed
 * (as `surf suggest --all` offers them): the shape of sympy's `test_args.py`, where resolving a
 * file's claims one scan of the module each made resolution quadratic.
 */
export async function denseWorkload(scale: number): Promise<RealWorkload> {
  const count = Math.max(10, Math.round(DENSE_DEFINITIONS * scale));
  const path = 'tests/test_args.py';
  let text = 'from sympy.core.basic import Basic\n\n\n';
  for (let i = 0; i < count; i++) {
    text += `def test_sympy__core__f${i}():\n    from sympy.core import f${i}\n    assert _test_args(f${i}(Basic(), ${i % 7}))\n\n\n`;
  }
  const content = Buffer.from(text, 'utf8');
  const files: SyntheticFile[] = [{ path, content }];
  const claims = Array.from({ length: count }, (_, i) => ({
    text: `f${i} keeps its arguments`,
    sites: [{ file: path, path: [`test_sympy__core__f${i}`] }],
  }));
  const stamps = await stampAll(files, claims, 'v3');
  const hubs = addHubs(files, claims, stamps, 500);
  return { files, sources: [path], sourceBytes: content.length, claims: count, hubs };
}
