/** The demo script's exports (typed by tools/demo/run.d.mts). */
export type DemoModule = typeof import('../../demo/run.mjs');

/**
 * Loads the demo script at run time. Its path is built, not written as an import, so that the
 * compiler leaves the script out of this package's output.
 */
export async function loadDemo(): Promise<DemoModule> {
  return (await import(new URL('../../demo/run.mjs', import.meta.url).href)) as DemoModule;
}
