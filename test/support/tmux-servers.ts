import { execFileSync } from 'node:child_process';

/**
 * tmux servers for one test file, each on a socket name of its own. A tmux server told to stop
 * (kill-server, or its last session ending) exits only after the command that stopped it has
 * returned; a client that reaches its socket meanwhile fails with "server exited unexpectedly".
 * So no socket name is used again once its server may have been told to stop.
 */
export interface TmuxServers {
  /** Runs `tmux` against the current server; its stdout. */
  readonly tmux: (...args: string[]) => string;
  /** Moves to a new server (started by the next new-session); `cleanups` gets its kill-server. */
  readonly next: (cleanups: Array<() => void>) => void;
}

/** `prefix` names the file's sockets; the process id and a counter make each name unique. */
export function tmuxServers(prefix: string): TmuxServers {
  let count = 0;
  let socket = '';
  return {
    tmux: (...args) => {
      if (socket === '') throw new Error('no tmux server chosen: call next() first');
      return execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
    },
    next: (cleanups) => {
      socket = `${prefix}-${process.pid}-${++count}`;
      const mine = socket;
      cleanups.push(() => {
        try {
          execFileSync('tmux', ['-L', mine, 'kill-server'], { stdio: 'ignore' });
        } catch {
          // Already gone.
        }
      });
    },
  };
}
