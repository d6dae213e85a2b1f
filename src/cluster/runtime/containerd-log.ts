/**
 * What containerd 1.7 writes to its journal when it starts (logrus text
 * format, `time="<RFC3339Nano>" level=info msg=...`): the version line, the
 * sockets it serves, the CRI plugin's start-up steps and the boot time. The
 * ~60 "loading plugin" lines in between are left out.
 */
import { rfc3339Nano } from '../clock/time-text.js';

/** containerd v1.7.24 (`containerd --version`). */
export const CONTAINERD_VERSION = 'v1.7.24';
const CONTAINERD_REVISION = '88bf19b2105c8b17560993bee28a01ddc2f97182';

/** The start-up lines of a containerd started at `now` (ms) as process `pid`; each step a few hundred microseconds after the last. */
export function containerdStartupLines(now: number, pid: number): string[] {
  const steps: string[] = [
    `level=info msg="starting containerd" revision=${CONTAINERD_REVISION} version=${CONTAINERD_VERSION}`,
    'level=info msg="serving..." address=/run/containerd/containerd.sock.ttrpc',
    'level=info msg="serving..." address=/run/containerd/containerd.sock',
    'level=info msg="Start subscribing containerd event"',
    'level=info msg="Start recovering state"',
    'level=info msg="Start event monitor"',
    'level=info msg="Start snapshots syncer"',
    'level=info msg="Start cni network conf syncer for default"',
    'level=info msg="Start streaming server"',
  ];
  // Deterministic sub-millisecond offsets from the pid: the same start always logs the same times.
  let ns = (pid * 7919) % 1_000_000;
  const lines = steps.map((s, i) => {
    ns += 180_000 + ((pid + i) * 104_729) % 400_000;
    return `time="${rfc3339Nano(now + Math.floor(ns / 1_000_000), ns)}" ${s}`;
  });
  ns += 90_000;
  lines.push(`time="${rfc3339Nano(now + Math.floor(ns / 1_000_000), ns)}" level=info msg="containerd successfully booted in ${(ns / 1e9 + 0.0401).toFixed(6)}s"`);
  return lines;
}
