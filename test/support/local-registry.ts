import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type GuardedProcess, type GuardedResult, runGuarded, startGuarded } from './guarded-run.js';

/**
 * A throwaway npm registry for install tests: verdaccio on 127.0.0.1 with a free port, its
 * config, storage and log in a temp directory. `@driftgate/*` packages are local only (publish
 * them with `publish`; nothing of that scope is ever fetched from elsewhere); every other
 * package is proxied to the registry npm is configured with on this machine (read at run time
 * from `npm config get registry`). The server and everything it starts run in one guarded
 * process group (see guarded-run.ts): `stop` ends it, and so does this process's death.
 */
export interface LocalRegistry {
  /** Base URL with a trailing slash, e.g. `http://127.0.0.1:40123/`. */
  readonly url: string;
  /** The temp directory holding config, storage, log and the npm userconfig. */
  readonly dir: string;
  /** An npm userconfig with an auth token for this registry (and no other settings of the user's). */
  readonly userconfig: string;
  /**
   * Environment for npm, npx and Nx pointed at this registry: `npm_config_registry`,
   * `npm_config_userconfig`, and `npm_config_cache` set to the user's own cache.
   */
  readonly npmEnv: Readonly<Record<string, string>>;
  /** The registry it proxies to. */
  readonly uplink: string;
  /** Publishes a tarball; rejects with npm's output if that fails. */
  publish(tarball: string): Promise<GuardedResult>;
  /** The server's log so far (requests it served and uplink errors). */
  log(): string;
  /** Stops the server and every process it started, and removes the temp directory; idempotent. */
  stop(): Promise<void>;
}

export interface LocalRegistryOptions {
  /** Hard upper bound on the server's life (default 2 hours). */
  readonly lifetimeMs?: number;
  /** Environment the registry's own npm look-ups run with (default process.env). */
  readonly env?: NodeJS.ProcessEnv;
}

const USER = 'driftgate-test';
const VERDACCIO = createRequire(import.meta.url).resolve('verdaccio/bin/verdaccio');

/** Environment without any npm_config_* variables (so npm reports the user's own configuration). */
function userEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !/^npm_config_/i.test(key)));
}

/** `npm config get <key>`; null when unset. */
async function npmConfig(key: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  const result = await runGuarded('npm', ['config', 'get', key], { cwd: tmpdir(), env, timeoutMs: 60_000 });
  if (result.status !== 0) throw new Error(`npm config get ${key} failed (${result.status}):\n${result.output}`);
  const value = result.stdout.trim();
  return value === '' || value === 'null' || value === 'undefined' ? null : value;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const yamlString = (value: string) => JSON.stringify(value);

function configText(dir: string, port: number, uplink: string, proxies: Record<string, string>): string {
  const lines = [
    `storage: ${yamlString(join(dir, 'storage'))}`,
    `plugins: ${yamlString(join(dir, 'plugins'))}`,
    `listen: ${yamlString(`127.0.0.1:${port}`)}`,
    'max_body_size: 512mb',
    'web:',
    '  enable: false',
    'auth:',
    '  htpasswd:',
    `    file: ${yamlString(join(dir, 'htpasswd'))}`,
    '    max_users: 1',
    'uplinks:',
    '  upstream:',
    `    url: ${yamlString(uplink)}`,
    '    timeout: 120s',
    '    max_fails: 20',
    '    fail_timeout: 10s',
    '    maxage: 60m',
    ...Object.entries(proxies).map(([key, value]) => `    ${key}: ${yamlString(value)}`),
    'packages:',
    "  '@driftgate/*':",
    '    access: $all',
    '    publish: $authenticated',
    '    unpublish: $authenticated',
    "  '**':",
    '    access: $all',
    '    publish: $authenticated',
    '    unpublish: $authenticated',
    '    proxy: upstream',
    'middlewares:',
    '  audit:',
    '    enabled: true',
    'server:',
    '  keepAliveTimeout: 60',
    'log: { type: stdout, format: pretty, level: http }',
    '',
  ];
  return lines.join('\n');
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(new URL('-/ping', url), { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** Starts verdaccio and waits until it answers and a user with a token exists. */
export async function startLocalRegistry(options: LocalRegistryOptions = {}): Promise<LocalRegistry> {
  const baseEnv = userEnv(options.env ?? process.env);
  const [uplink, cache, cafile, httpsProxy, httpProxy, noProxy] = await Promise.all(
    ['registry', 'cache', 'cafile', 'https-proxy', 'proxy', 'noproxy'].map((key) => npmConfig(key, baseEnv)),
  );
  if (!uplink) throw new Error('npm has no registry configured (`npm config get registry`)');
  if (!cache) throw new Error('npm has no cache directory configured (`npm config get cache`)');
  const proxies: Record<string, string> = {};
  if (httpsProxy) proxies.https_proxy = httpsProxy;
  if (httpProxy) proxies.http_proxy = httpProxy;
  if (noProxy) proxies.no_proxy = noProxy;

  const dir = mkdtempSync(join(tmpdir(), 'driftgate-registry-'));
  const serverEnv: NodeJS.ProcessEnv = { ...baseEnv };
  // verdaccio talks to the uplink with Node's TLS: give it the CA bundle npm uses.
  if (cafile && !serverEnv.NODE_EXTRA_CA_CERTS) serverEnv.NODE_EXTRA_CA_CERTS = cafile;

  let server: GuardedProcess | undefined;
  let url = '';
  try {
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const config = join(dir, 'config.yaml');
      writeFileSync(config, configText(dir, port, uplink, proxies));
      url = `http://127.0.0.1:${port}/`;
      server = startGuarded(process.execPath, [VERDACCIO, '--config', config], {
        cwd: dir,
        env: serverEnv,
        timeoutMs: options.lifetimeMs ?? 2 * 60 * 60_000,
      });
      let exited = false;
      void server.done.then(() => (exited = true));
      const deadline = Date.now() + 60_000;
      while (!exited && Date.now() < deadline && !(await answers(url))) await new Promise((resolve) => setTimeout(resolve, 200));
      if (!exited && (await answers(url))) break;
      const output = exited ? (await server.done).output : (await server.stop()).output;
      // Another process may have taken the port between the probe and verdaccio's bind.
      if (attempt < 3 && /EADDRINUSE/.test(output)) continue;
      throw new Error(`verdaccio did not answer on ${url}:\n${output.slice(-4_000)}`);
    }

    const password = `pw-${process.pid}-${Date.now()}`;
    const response = await fetch(new URL(`-/user/org.couchdb.user:${USER}`, url), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ _id: `org.couchdb.user:${USER}`, name: USER, password, type: 'user', roles: [] }),
    });
    const body = (await response.json()) as { token?: string };
    if (!response.ok || !body.token) throw new Error(`verdaccio refused to create a user (${response.status}): ${JSON.stringify(body)}`);
    const userconfig = join(dir, 'npmrc');
    const host = url.replace(/^http:/, '');
    writeFileSync(userconfig, [`${host}:_authToken=${body.token}`, 'audit=false', 'fund=false', 'update-notifier=false', ''].join('\n'));

    const npmEnv = { npm_config_registry: url, npm_config_userconfig: userconfig, npm_config_cache: cache };
    const running = server;
    let stopped = false;
    return {
      url,
      dir,
      userconfig,
      npmEnv,
      uplink,
      async publish(tarball) {
        const result = await runGuarded('npm', ['publish', tarball, '--registry', url, '--access', 'public'], {
          cwd: dir,
          env: { ...baseEnv, ...npmEnv },
          timeoutMs: 5 * 60_000,
        });
        if (result.status !== 0) throw new Error(`npm publish ${tarball} failed (${result.status}):\n${result.output}`);
        return result;
      },
      log: () => running.output(),
      async stop() {
        if (stopped) return;
        stopped = true;
        await running.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

