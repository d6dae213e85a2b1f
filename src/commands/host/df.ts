/**
 * `df` on a node: the root filesystem (`/dev/sda1`, host.diskBytes, used by
 * the OS, the files and the runtime's images and containers), the tmpfs
 * mounts of an Ubuntu server, and containerd's overlay and shm mounts for
 * what runs. Column rules are GNU coreutils df.c (field minimum widths:
 * Filesystem 14, Size 5 with -h or 9 for 1K-blocks, Used 5, Avail 5, Use% 4;
 * one space between columns; the source and mount point left-aligned).
 */
import type { NodeHandle } from '../../cluster/cluster.js';
import type { Command, CommandContext, ExecResult } from '../types.js';
import { getopt, tryHelp, type OptionSpec } from '../text/lib/getopt.js';
import { nodeOf, resolveHostPath } from './lib/host-context.js';
import { humanCeil } from './lib/human.js';
import { diskUsed, memoryTotal, runningContainers } from './lib/machine.js';

const SPECS: readonly OptionSpec[] = [
  { key: 'human', short: 'h', long: 'human-readable' },
  { key: 'type', short: 'T', long: 'print-type' },
  { key: 'all', short: 'a', long: 'all' },
  { key: 'local', short: 'l', long: 'local' },
  { key: 'kilo', short: 'k' },
  { key: 'fstype', short: 't', long: 'type', arg: 'required' },
  { key: 'exclude', short: 'x', long: 'exclude-type', arg: 'required' },
];

/** One mounted filesystem. */
interface Mount {
  source: string;
  fstype: string;
  size: number;
  used: number;
  avail: number;
  target: string;
}

const MI = 1024 * 1024;

/** The mounts of a node, in /proc/mounts order. */
export function nodeMounts(node: NodeHandle): Mount[] {
  const mem = memoryTotal(node);
  const size = node.host.diskBytes;
  const used = diskUsed(node);
  // ext4 keeps 5% for root; df's Avail leaves it out.
  const avail = Math.max(0, Math.floor(size * 0.95) - used);
  const root = { source: '/dev/sda1', fstype: 'ext4', size, used, avail };
  const tmpfs = (target: string, sz: number, u: number): Mount => ({ source: 'tmpfs', fstype: 'tmpfs', size: sz, used: u, avail: sz - u, target });
  const runSize = Math.floor(mem / 10 / 4096) * 4096;
  const mounts: Mount[] = [tmpfs('/run', runSize, Math.floor(1.6 * MI)), { ...root, target: '/' }, tmpfs('/dev/shm', Math.floor(mem / 2 / 4096) * 4096, 0), tmpfs('/run/lock', 5 * MI, 0)];
  mounts.push({ source: '/dev/sda15', fstype: 'vfat', size: 105 * MI, used: Math.floor(6.1 * MI), avail: 105 * MI - Math.floor(6.1 * MI), target: '/boot/efi' });
  if (node.runtime.up) {
    for (const sb of node.runtime.sandboxes.values()) {
      if (sb.state !== 'SANDBOX_READY') continue;
      mounts.push({ source: 'shm', fstype: 'tmpfs', size: 64 * MI, used: 0, avail: 64 * MI, target: `/run/containerd/io.containerd.grpc.v1.cri/sandboxes/${sb.id}/shm` });
      mounts.push({ ...root, source: 'overlay', fstype: 'overlay', target: `/run/containerd/io.containerd.runtime.v2.task/k8s.io/${sb.id}/rootfs` });
    }
    for (const c of runningContainers(node)) mounts.push({ ...root, source: 'overlay', fstype: 'overlay', target: `/run/containerd/io.containerd.runtime.v2.task/k8s.io/${c.id}/rootfs` });
  }
  mounts.push(tmpfs('/run/user/0', runSize, 4096));
  return mounts;
}

/** Use% as df computes it: used / (used + avail), rounded up. */
function percent(m: Mount): string {
  const denom = m.used + m.avail;
  return denom === 0 ? '-' : `${Math.ceil((m.used * 100) / denom)}%`;
}

/** Runs df on the current node. */
export function runDf(args: readonly string[], ctx: CommandContext): ExecResult {
  const parsed = getopt('df', args, SPECS);
  if (!parsed.ok) return { stdout: '', stderr: `${parsed.message}\n${tryHelp('df')}\n`, exitCode: 1 };
  const node = nodeOf(ctx);
  if (!node) return { stdout: '', stderr: 'df: cannot read table of mounted file systems\n', exitCode: 1 };
  const keys = new Set(parsed.options.map((o) => o.key));
  const human = keys.has('human');
  const showType = keys.has('type');
  let mounts = nodeMounts(node);
  let stderr = '';
  let exitCode = 0;
  if (parsed.operands.length > 0) {
    const chosen: Mount[] = [];
    for (const operand of parsed.operands) {
      const path = resolveHostPath(ctx, operand);
      if (!node.host.fs.exists(path) && !mounts.some((m) => m.target === path)) {
        stderr += `df: ${operand}: No such file or directory\n`;
        exitCode = 1;
        continue;
      }
      // The mount with the longest target that contains the path.
      const m = mounts.filter((x) => path === x.target || path.startsWith(x.target === '/' ? '/' : `${x.target}/`)).sort((a, b) => b.target.length - a.target.length)[0];
      if (m) chosen.push(m);
    }
    mounts = chosen;
  }
  const size = (b: number): string => (human ? humanCeil(b) : String(Math.ceil(b / 1024)));
  const header = ['Filesystem', ...(showType ? ['Type'] : []), human ? 'Size' : '1K-blocks', 'Used', human ? 'Avail' : 'Available', 'Use%', 'Mounted on'];
  const rows = mounts.map((m) => [m.source, ...(showType ? [m.fstype] : []), size(m.size), size(m.used), size(m.avail), percent(m), m.target]);
  const mins = [14, ...(showType ? [4] : []), human ? 5 : 9, 5, 5, 4, 0];
  const widths = header.map((h, i) => Math.max(mins[i], h.length, ...rows.map((r) => r[i].length)));
  const left = (i: number) => i === 0 || i === header.length - 1 || (showType && i === 1);
  const line = (r: string[]) => r.map((c, i) => (i === r.length - 1 ? c : left(i) ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' ');
  if (rows.length === 0) return { stdout: '', stderr, exitCode };
  return { stdout: `${[header, ...rows].map(line).join('\n')}\n`, stderr, exitCode };
}

/** The df command. */
export const dfCommand: Command = { name: 'df', execute: runDf };
