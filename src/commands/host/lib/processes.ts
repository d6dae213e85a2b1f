/**
 * The processes of a node: the Ubuntu base system, the units' main
 * processes, chronyd, one containerd shim and pause process per pod sandbox
 * and one process per running container. PIDs of units are the units' own;
 * those of sandboxes and containers are derived from their ids, so they stay
 * put between two commands.
 */
import type { NodeHandle } from '../../../cluster/cluster.js';
import { chronydPid } from './ntp.js';
import { SystemdManager } from '../../../cluster/host/systemd-manager.js';
import { containerMemory, containerPid, runningContainers, unitCpuUsec, unitMemory } from './machine.js';

/** One process as ps needs it. */
export interface HostProcess {
  user: string;
  pid: number;
  /** Start time (host clock ms). */
  start: number;
  /** CPU time used (seconds). */
  cpuSeconds: number;
  rssKiB: number;
  vszKiB: number;
  stat: string;
  tty: string;
  command: string;
}

/** The node's processes sorted by pid; `self` is the `ps` process itself. */
export function nodeProcesses(node: NodeHandle, trueNow: number, self?: string): HostProcess[] {
  const host = node.host;
  const now = host.now();
  const boot = host.bootTime + host.clockOffsetMs;
  const upSec = Math.max(1, (trueNow - host.bootTime) / 1000);
  const base = (pid: number, user: string, command: string, rssKiB: number, vszKiB: number, stat: string, cpuShare: number): HostProcess => ({
    user, pid, start: boot, cpuSeconds: upSec * cpuShare, rssKiB, vszKiB, stat, tty: '?', command,
  });
  const procs: HostProcess[] = [
    base(1, 'root', '/sbin/init', 11_636, 167_748, 'Ss', 0.00002),
    base(2, 'root', '[kthreadd]', 0, 0, 'S', 0),
    base(182, 'root', '/lib/systemd/systemd-journald', 24_832, 48_720, 'Ss', 0.00003),
    base(221, 'root', '/lib/systemd/systemd-udevd', 6_204, 25_268, 'Ss', 0.000005),
    base(402, 'systemd+', '/lib/systemd/systemd-networkd', 8_012, 16_252, 'Ss', 0.000004),
    base(404, 'systemd+', '/lib/systemd/systemd-resolved', 12_808, 25_528, 'Ss', 0.000004),
    base(520, 'root', '/usr/sbin/cron -f -P', 2_760, 7_288, 'Ss', 0.000001),
    base(561, 'root', 'sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups', 7_904, 15_432, 'Ss', 0.000001),
  ];
  const chrony = chronydPid(host);
  if (chrony) procs.push(base(chrony, '_chrony', '/usr/sbin/chronyd -F 1', 3_452, 18_844, 'S', 0.000002));
  for (const unit of new SystemdManager(host).listUnits()) {
    if (unit.ActiveState !== 'active') continue;
    const rss = Math.floor(unitMemory(node, unit) / 1024);
    procs.push({ user: 'root', pid: unit.MainPID, start: unit.StateChangeTimestamp, cpuSeconds: unitCpuUsec(unit, now) / 1e6, rssKiB: rss, vszKiB: rss * 32 + 1_234_567, stat: 'Ssl', tty: '?', command: unit.CommandLine });
  }
  if (node.runtime.up) {
    for (const sb of node.runtime.sandboxes.values()) {
      if (sb.state !== 'SANDBOX_READY') continue;
      const shim = 2000 + (parseInt(sb.id.slice(0, 6), 16) % 900) * 2;
      const life = Math.max(0, (now - sb.createdAt) / 1000);
      procs.push({ user: 'root', pid: shim, start: sb.createdAt, cpuSeconds: life * 0.0004, rssKiB: 13_412, vszKiB: 1_238_276, stat: 'Sl', tty: '?', command: `/usr/bin/containerd-shim-runc-v2 -namespace k8s.io -id ${sb.id} -address /run/containerd/containerd.sock` });
      procs.push({ user: '65535', pid: shim + 1, start: sb.createdAt, cpuSeconds: 0, rssKiB: 4, vszKiB: 996, stat: 'Ss', tty: '?', command: '/pause' });
    }
    for (const c of runningContainers(node)) {
      const argv = c.behaviour.entrypoint ?? [c.image];
      // docker-entrypoint scripts exec their arguments, so the script itself is gone from ps.
      const shown = argv.length > 1 && /docker-entrypoint\.sh$/.test(argv[0]) ? argv.slice(1) : argv;
      const rss = Math.floor(containerMemory(c) / 1024);
      const start = c.startedAt ?? c.createdAt;
      // A stopped process (T) uses no CPU after it was stopped.
      const ran = (c.frozenAt ?? now) - start;
      procs.push({ user: 'root', pid: containerPid(c), start, cpuSeconds: Math.max(0, ran / 1000) * 0.001, rssKiB: rss, vszKiB: rss * 4 + 10_240, stat: c.frozenAt !== undefined ? 'Ts' : 'Ss', tty: '?', command: shown.join(' ') });
    }
  }
  procs.push({ user: 'root', pid: 98_211, start: now - 600_000, cpuSeconds: 0, rssKiB: 10_944, vszKiB: 17_184, stat: 'Ss', tty: '?', command: 'sshd: root@pts/0' });
  procs.push({ user: 'root', pid: 98_305, start: now - 600_000, cpuSeconds: 0, rssKiB: 5_288, vszKiB: 8_960, stat: 'Ss', tty: 'pts/0', command: '-bash' });
  if (self) procs.push({ user: 'root', pid: 99_000 + (Math.floor(now / 1000) % 900), start: now, cpuSeconds: 0, rssKiB: 3_588, vszKiB: 10_072, stat: 'R+', tty: 'pts/0', command: self });
  return procs.sort((a, b) => a.pid - b.pid);
}
