import { describe, it, expect, beforeEach } from 'vitest';
import type { JournalEntry } from '../../../src/cluster/host/journal.js';
import { journalFollowCursor, runJournalctl } from '../../../src/commands/host/journalctl.js';
import type { ClusterView, CommandContext } from '../../../src/commands/types.js';
import { hostHarness, type HostHarness } from './harness.js';

/** A context on node-1 as the shell builds it, following or not. */
function ctxOn(h: HostHarness, canFollow: boolean): CommandContext {
  const cluster: ClusterView = {
    now: () => h.cluster.now(),
    adminClient: () => h.cluster.adminClient(),
    nodeNames: () => h.cluster.nodeNames(),
    advance: (ms) => h.cluster.advance(ms),
    node: (name) => h.cluster.nodes.get(name),
  };
  return { cluster, host: 'node-1', stdin: '', env: {}, canFollow };
}

const at = Date.parse('2026-11-30T09:20:00Z');
const entry = (over: Partial<JournalEntry>): JournalEntry => ({ time: at, identifier: 'kubelet', unit: 'kubelet.service', pid: 314, priority: 6, message: 'm', ...over });

describe('journalctl -f', () => {
  let h: HostHarness;
  beforeEach(async () => {
    h = await hostHarness();
  });
  const journal = () => h.cluster.nodes.get('node-1')!.host.journal;

  it('prints and returns without a terminal that can follow', () => {
    const r = runJournalctl(['-u', 'kubelet', '-f'], ctxOn(h, false));
    expect(r.follow).toBeUndefined();
    expect(r.stdout).toBe(runJournalctl(['-u', 'kubelet', '-n', '10'], ctxOn(h, false)).stdout);
    expect(runJournalctl(['-u', 'nosuch', '-f'], ctxOn(h, false)).stdout).toBe('-- No entries --\n');
  });

  it('prints the last 10 lines, then only the new entries that match, once each', () => {
    const r = runJournalctl(['-u', 'kubelet', '-f'], ctxOn(h, true));
    const tail = runJournalctl(['-u', 'kubelet', '-n', '10'], ctxOn(h, false));
    expect(r.stdout).toBe(tail.stdout);
    expect(r.follow?.next()).toBe('');
    journal().append(entry({ message: 'E1130 09:20:00.000000     314 run.go:72] "command failed"' }));
    journal().append(entry({ identifier: 'containerd', unit: 'containerd.service', pid: 290, message: 'not shown' }));
    journal().append(entry({ time: at + 10_000, message: 'second' }));
    expect(r.follow?.next()).toBe(
      'Nov 30 09:20:00 node-1 kubelet[314]: E1130 09:20:00.000000     314 run.go:72] "command failed"\n' +
        'Nov 30 09:20:10 node-1 kubelet[314]: second\n',
    );
    expect(r.follow?.next()).toBe('');
  });

  it('keeps -o, --no-hostname and -p for the new entries', () => {
    const r = runJournalctl(['-u', 'kubelet', '-f', '-o', 'short-iso', '--no-hostname', '-p', 'warning'], ctxOn(h, true));
    journal().append(entry({ priority: 6, message: 'info: filtered out' }));
    journal().append(entry({ priority: 3, message: 'an error' }));
    expect(r.follow?.next()).toBe('2026-11-30T09:20:00+0000 kubelet[314]: an error\n');
  });

  it('prints no "-- No entries --" when following an empty selection (journalctl-show.c), then shows what arrives', () => {
    const r = runJournalctl(['-u', 'nosuch', '-f'], ctxOn(h, true));
    expect(r).toMatchObject({ stdout: '', stderr: '', exitCode: 0 });
    journal().append(entry({ unit: 'nosuch.service', identifier: 'nosuch', pid: 9, message: 'hello' }));
    expect(r.follow?.next()).toBe('Nov 30 09:20:00 node-1 nosuch[9]: hello\n');
  });
});

describe('journalFollowCursor', () => {
  const render = (list: readonly JournalEntry[]) => list.map((e) => `${e.message}\n`).join('');

  it('is not shifted when the journal drops entries from its head', () => {
    const entries: JournalEntry[] = [entry({ message: 'a' }), entry({ message: 'b' })];
    const cursor = journalFollowCursor(entries, () => true, render);
    entries.push(entry({ message: 'c' }));
    entries.splice(0, 2);
    entries.push(entry({ message: 'd' }));
    expect(cursor.next()).toBe('c\nd\n');
    entries.splice(0, 1);
    entries.push(entry({ message: 'e' }));
    expect(cursor.next()).toBe('e\n');
  });

  it('starts from the beginning of an empty journal', () => {
    const entries: JournalEntry[] = [];
    const cursor = journalFollowCursor(entries, (e) => e.message !== 'x', render);
    entries.push(entry({ message: 'x' }), entry({ message: 'y' }));
    expect(cursor.next()).toBe('y\n');
    expect(cursor.next()).toBe('');
  });
});
