import { describe, it, expect } from 'vitest';
import type { Command } from '../../src/commands/types.js';
import { parse } from '../../src/shell/parse.js';
import { streamsLineByLine } from '../../src/shell/pipeline.js';
import { createShellSession, type ShellSession } from '../../src/shell/session.js';
import { fakeCluster, fakeRegistry } from './fakes.js';

/** A follower on the workstation: `feed -f` prints `start` lines, then whatever the test pushes. */
function setup(): { shell: ShellSession; push: (text: string) => void; stops: () => number } {
  let pending = '';
  let stops = 0;
  const feed: Command = {
    name: 'feed',
    execute(args, ctx) {
      const stdout = 'kubelet start\ncontainerd start\n';
      if (!args.includes('-f') || !ctx.canFollow) return { stdout, stderr: '', exitCode: 0 };
      pending = '';
      return {
        stdout,
        stderr: '',
        exitCode: 0,
        follow: {
          next() {
            const text = pending;
            pending = '';
            return text;
          },
          stop() {
            stops++;
          },
        },
      };
    },
  };
  const registry = fakeRegistry();
  registry.register('feed', async () => feed, 'both');
  const shell = createShellSession({ cluster: fakeCluster, registry });
  return { shell, push: (text) => (pending += text), stops: () => stops };
}

describe('following in the shell', () => {
  it('prints once and returns unless the terminal can follow', async () => {
    const { shell } = setup();
    const r = await shell.exec('feed -f');
    expect(r).toEqual({ output: 'kubelet start\ncontainerd start\n', stdout: 'kubelet start\ncontainerd start\n', stderr: '', exitCode: 0 });
  });

  it('hands back a follow whose next() is what the command wrote since', async () => {
    const { shell, push } = setup();
    shell.setCanFollow(true);
    const r = await shell.exec('feed -f');
    expect(r.output).toBe('kubelet start\ncontainerd start\n');
    expect(await r.follow?.next()).toBe('');
    push('kubelet one\n');
    push('kubelet two\n');
    expect(await r.follow?.next()).toBe('kubelet one\nkubelet two\n');
    r.follow?.stop();
    push('kubelet three\n');
    expect(await r.follow?.next()).toBe('');
  });

  it('runs each new piece through line filters after it: grep, cut, awk, tr', async () => {
    const { shell, push } = setup();
    shell.setCanFollow(true);
    const r = await shell.exec("feed -f | grep -i KUBELET | awk '{print $2}' | tr a-z A-Z");
    expect(r.output).toBe('START\n');
    push('containerd ping\nkubelet x509\nkubelet expired\n');
    expect(await r.follow?.next()).toBe('X509\nEXPIRED\n');
    push('containerd only\n');
    expect(await r.follow?.next()).toBe('');
  });

  it('prints once when a later stage waits for the end of its input, or the output goes to a file', async () => {
    const { shell, stops } = setup();
    shell.setCanFollow(true);
    for (const line of ['feed -f | sort', 'feed -f | wc -l', 'feed -f | head -1', 'feed -f | grep -c kubelet', 'feed -f | grep -n kubelet', 'feed -f > out.txt']) {
      const r = await shell.exec(line);
      expect(r.follow, line).toBeUndefined();
    }
    // Each dropped follower was told to let go (a kubectl watch is closed).
    expect(stops()).toBe(6);
    expect((await shell.exec('feed -f | sort')).output).toBe('containerd start\nkubelet start\n');
    expect((await shell.exec('cat out.txt')).output).toBe('kubelet start\ncontainerd start\n');
  });

  it('stops the script at the follower; after Ctrl+C $? is 130 and later commands never ran', async () => {
    const { shell, stops } = setup();
    shell.setCanFollow(true);
    const r = await shell.exec('echo before; feed -f && echo after; echo later');
    expect(r.output).toBe('before\nkubelet start\ncontainerd start\n');
    r.follow?.stop();
    r.follow?.stop();
    expect(stops()).toBe(1);
    shell.setCanFollow(false);
    expect((await shell.exec('echo $?')).output).toBe('130\n');
  });
});

describe('a follower that ends by itself', () => {
  /** `wait-done` follows until the test ends it with a status, as `kubectl rollout status` does. */
  function waiting(): { shell: ShellSession; end: (code: number) => void } {
    let status: number | undefined;
    const waitDone: Command = {
      name: 'wait-done',
      execute: (_args, ctx) =>
        ctx.canFollow
          ? { stdout: 'waiting\n', stderr: '', exitCode: 0, follow: { next: () => (status === undefined ? '' : 'done\n'), stop() {}, exitCode: () => status } }
          : { stdout: 'done\n', stderr: '', exitCode: 0 },
    };
    const registry = fakeRegistry();
    registry.register('wait-done', async () => waitDone, 'both');
    const shell = createShellSession({ cluster: fakeCluster, registry });
    shell.setCanFollow(true);
    return { shell, end: (code) => (status = code) };
  }

  it('lets the rest of the line run once it ends, with && and || judged by its status', async () => {
    const { shell, end } = waiting();
    const r = await shell.exec('wait-done && echo after; echo later');
    expect(r.output).toBe('waiting\n');
    expect(await r.follow!.next()).toBe('');
    expect(r.follow!.exitCode()).toBeUndefined();
    end(0);
    expect(await r.follow!.next()).toBe('done\nafter\nlater\n');
    expect(r.follow!.exitCode()).toBe(0);
  });

  it('skips what && guards when it failed, and $? is the last status of the line', async () => {
    const { shell, end } = waiting();
    const r = await shell.exec('wait-done && echo after || echo failed');
    end(1);
    expect(await r.follow!.next()).toBe('done\nfailed\n');
    expect(r.follow!.exitCode()).toBe(0);
    shell.setCanFollow(false);
    expect((await shell.exec('echo $?')).output).toBe('0\n');
  });
});

describe('streamsLineByLine', () => {
  const stage = (line: string) => {
    const r = parse(line);
    if (!r.ok) throw new Error(r.error);
    return r.script.lists[0].first.commands[0];
  };

  it('accepts filters without state across lines', () => {
    for (const line of ['grep x', 'grep -iv x', 'egrep -e a -e b', 'grep --regexp=x', 'cut -d " " -f1', "awk -F: '{print $1}'", 'tr -d x', 'cat', 'cat -', 'grep x 2>&1']) {
      expect(streamsLineByLine(stage(line)), line).toBe(true);
    }
  });

  it('refuses counters, context, numbering, files, END blocks and tools that read to the end', () => {
    for (const line of ['grep -c x', 'grep -A2 x', 'grep -m 1 x', 'grep -n x', 'grep x file', 'grep -e x file', "awk 'END{print NR}'", "awk '{print NR}'", 'cut -f1 file', 'cat -n', 'sort', 'uniq', 'wc -l', 'head', 'tail -n 5', 'less', 'tee f', 'grep x > f', 'grep $X']) {
      expect(streamsLineByLine(stage(line)), line).toBe(false);
    }
  });
});
