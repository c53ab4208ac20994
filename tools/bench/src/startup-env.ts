import { median, runSide } from './measure.js';

/**
 * Environment variables that make every Node process do start-up work no benchmark here is about.
 * NODE_EXTRA_CA_CERTS makes Node read and parse a CA bundle before it runs any code (about 80 ms
 * per process on a 2-core machine whose image sets it); nothing benchmarked opens a TLS connection.
 */
export const STARTUP_ONLY_VARIABLES: readonly string[] = ['NODE_EXTRA_CA_CERTS'];

/** What a bare `node -e 0` took, in milliseconds (medians), with and without the variables. */
export interface StartupEnvReport {
  variables: string[];
  withMs: number;
  withoutMs: number;
}

async function timeBareNode(env: NodeJS.ProcessEnv): Promise<number> {
  return (await runSide({ name: 'node -e 0', command: process.execPath, args: ['-e', '0'], env, discardStdout: true })).ms;
}

/**
 * Removes the start-up-only variables from this process's environment, so every measured process
 * starts without them, and reports what they cost a bare Node start (alternating runs). Returns
 * null when none is set.
 */
export async function dropStartupOnlyVariables(runs = 5): Promise<StartupEnvReport | null> {
  const variables = STARTUP_ONLY_VARIABLES.filter((name) => process.env[name] !== undefined);
  if (variables.length === 0) return null;
  const without = { ...process.env };
  for (const name of variables) delete without[name];
  const withSamples: number[] = [];
  const withoutSamples: number[] = [];
  for (let i = 0; i < runs; i++) {
    withSamples.push(await timeBareNode(process.env));
    withoutSamples.push(await timeBareNode(without));
  }
  for (const name of variables) delete process.env[name];
  return { variables, withMs: median(withSamples), withoutMs: median(withoutSamples) };
}
