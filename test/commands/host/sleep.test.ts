import { describe, it, expect, beforeEach } from 'vitest';
import { intervalSeconds } from '../../../src/commands/host/sleep.js';
import { hostHarness, type HostHarness } from './harness.js';

const TRY = "Try 'sleep --help' for more information.\n";

describe('sleep', () => {
  let h: HostHarness;
  beforeEach(async () => {
    h = await hostHarness();
  });

  it('reads NUMBER[SUFFIX] operands as coreutils sleep.c does', () => {
    expect(intervalSeconds('5')).toBe(5);
    expect(intervalSeconds('1.5')).toBe(1.5);
    expect(intervalSeconds('.5s')).toBe(0.5);
    expect(intervalSeconds('2m')).toBe(120);
    expect(intervalSeconds('1h')).toBe(3600);
    expect(intervalSeconds('1d')).toBe(86_400);
    expect(intervalSeconds('infinity')).toBe(Infinity);
    expect(intervalSeconds('5M')).toBeUndefined();
    expect(intervalSeconds('5ss')).toBeUndefined();
    expect(intervalSeconds('abc')).toBeUndefined();
  });

  it('moves the simulated clock on by the sum of its operands without a terminal', async () => {
    const before = h.cluster.now();
    expect(await h.run('sleep 1m 30 .5')).toEqual({ stdout: '', stderr: '', output: '', exitCode: 0 });
    expect(h.cluster.now() - before).toBe(90_500);
  });

  it('answers misuse with coreutils 8.32 messages and status 1', async () => {
    expect(await h.run('sleep')).toMatchObject({ stderr: `sleep: missing operand\n${TRY}`, exitCode: 1 });
    expect(await h.run('sleep abc 2x')).toMatchObject({ stderr: `sleep: invalid time interval ‘abc’\nsleep: invalid time interval ‘2x’\n${TRY}`, exitCode: 1 });
    expect(await h.run('sleep -5')).toMatchObject({ stderr: `sleep: invalid option -- '5'\n${TRY}`, exitCode: 1 });
    expect(await h.run('sleep --foo')).toMatchObject({ stderr: `sleep: unrecognized option '--foo'\n${TRY}`, exitCode: 1 });
    const help = await h.run('sleep --help');
    expect(help.stdout.split('\n').slice(0, 2)).toEqual(['Usage: sleep NUMBER[SUFFIX]...', '  or:  sleep OPTION']);
    expect(help.stdout).toContain('      --help     display this help and exit\n');
    expect((await h.run('sleep --version')).stdout.split('\n')[0]).toBe('sleep (GNU coreutils) 8.32');
  });

  it('refuses a long wait without a terminal, and lets no time pass', async () => {
    const before = h.cluster.now();
    expect(await h.run('sleep 301')).toMatchObject({ stderr: 'kubedrill: sleep: waiting more than 300 seconds is simulated only in the interactive terminal\n', exitCode: 1 });
    expect(h.cluster.now()).toBe(before);
  });

  it('holds the interactive prompt until simulated time has passed, then runs the rest of the line', async () => {
    h.shell.setCanFollow(true);
    const r = await h.shell.exec('sleep 10 && echo done');
    expect(r.follow).toBeDefined();
    h.cluster.advance(9_000);
    expect(await r.follow!.next()).toBe('');
    expect(r.follow!.exitCode()).toBeUndefined();
    h.cluster.advance(1_000);
    expect(await r.follow!.next()).toBe('done\n');
    expect(r.follow!.exitCode()).toBe(0);
  });

  it('is interrupted by Ctrl+C with status 130', async () => {
    h.shell.setCanFollow(true);
    const r = await h.shell.exec('sleep infinity; echo after');
    r.follow!.stop();
    expect((await h.shell.exec('echo $?')).stdout).toBe('130\n');
  });
});
