import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { cliProgram } from '../parse/program.js';
import { processCli, type CliProcess } from './process-cli.js';

const TABLE = { ok: 0, failure: 1, usage: 2, worse: 3 } as const;

/** A process made of real writable streams that keep what they are given. */
function host(): CliProcess & { events: EventEmitter; written: { out: string; err: string }; stdout: Writable; stderr: Writable } {
  const written = { out: '', err: '' };
  const sink = (key: 'out' | 'err') =>
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        written[key] += chunk.toString('utf8');
        done();
      },
    });
  const events = new EventEmitter();
  return { stdout: sink('out'), stderr: sink('err'), env: {}, cwd: () => '/w', once: (event, listener) => events.once(event, listener), events, written };
}

function cliWith(policy: 'highest' | 'last', h = host()) {
  const cli = processCli(h, { bin: 'tool', exitCodes: TABLE, policy, typedErrorPrefixes: ['TOOL'] });
  const program = cliProgram(cli.io, { name: 'tool', description: 'a tool', version: '1.2.3' });
  return { h, cli, program };
}

describe('processCli', () => {
  it('ends with the highest recorded code, or the last, as the bin chose', async () => {
    for (const [policy, expected] of [['highest', 3], ['last', 1]] as const) {
      const { cli, program } = cliWith(policy);
      program.command('run').action(() => {
        cli.io.exit(3);
        cli.io.exit(1);
      });
      expect(await cli.run(program, ['node', 'tool', 'run'], () => undefined)).toBe(expected);
    }
  });

  it('prints --version on stdout and ends with ok; an unknown option is the parser’s message and a usage error', async () => {
    const version = cliWith('highest');
    expect(await version.cli.run(version.program, ['node', 'tool', '--version'], () => undefined)).toBe(0);
    expect(version.h.written.out).toBe('1.2.3\n');
    const unknown = cliWith('highest');
    expect(await unknown.cli.run(unknown.program, ['node', 'tool', '--nope'], () => undefined)).toBe(2);
    expect(unknown.h.written).toEqual({ out: '', err: "error: unknown option '--nope'\n" });
  });

  it('renders a typed error without its stack and ends with usage', async () => {
    const { h, cli, program } = cliWith('highest');
    program.command('run').action(() => {
      throw Object.assign(new Error('bad config; fix line 3'), { code: 'TOOL_CONFIG' });
    });
    expect(await cli.run(program, ['node', 'tool', 'run'], () => undefined)).toBe(2);
    expect(h.written.err).toBe('tool: bad config; fix line 3\n');
  });

  it('keeps running when the reader of stdout goes away, and drops what it can no longer print', async () => {
    const { h, cli, program } = cliWith('highest');
    program.command('run').action(() => {
      cli.io.out('first\n');
      h.stdout.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      cli.io.out('second\n');
      cli.io.exit(1);
    });
    expect(await cli.run(program, ['node', 'tool', 'run'], () => undefined)).toBe(1);
    expect(h.written.out).toBe('first\n');
    await cli.flush();
  });

  it('says so and hands over the usage code when a command never settles', async () => {
    const { h, cli, program } = cliWith('highest');
    program.command('hang').action(() => new Promise(() => undefined));
    const stalled: number[] = [];
    void cli.run(program, ['node', 'tool', 'hang'], (code) => stalled.push(code));
    await new Promise((resolve) => setImmediate(resolve));
    h.events.emit('beforeExit');
    expect(stalled).toEqual([2]);
    expect(h.written.err).toMatch(/^tool: the command stopped before it finished, because something it waited for never completed, so it has no result and wrote nothing\. Fix that, then run it again\.\n$/);
  });
});
