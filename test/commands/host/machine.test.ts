import { describe, it, expect } from 'vitest';
import { hostHarness } from './harness.js';

describe('machine state on a node', () => {
  it('df -h: the root disk holds the OS, files and images; tmpfs mounts; containerd mounts', async () => {
    const h = await hostHarness();
    const lines = (await h.run('df -h')).stdout.split('\n');
    expect(lines.slice(0, 6).join('\n')).toBe(
      'Filesystem      Size  Used Avail Use% Mounted on\n' +
        'tmpfs           820M  1.6M  818M   1% /run\n' +
        '/dev/sda1        50G  4.6G   43G  10% /\n' +
        'tmpfs           4.0G     0  4.0G   0% /dev/shm\n' +
        'tmpfs           5.0M     0  5.0M   0% /run/lock\n' +
        '/dev/sda15      105M  6.1M   99M   6% /boot/efi',
    );
    // The web pod's and kube-flannel's pause and app containers, and kube-proxy's (the init containers have exited: unmounted).
    expect(lines.filter((l) => l.startsWith('overlay')).length).toBe(6);
    expect(lines.at(-2)).toBe('tmpfs           820M  4.0K  820M   1% /run/user/0');
    expect((await h.run('df -h /var/lib/kubelet')).stdout).toBe('Filesystem      Size  Used Avail Use% Mounted on\n/dev/sda1        50G  4.6G   43G  10% /\n');
  });

  it('df follows what is written to the disk', async () => {
    const h = await hostHarness();
    h.cluster.nodes.get('node-1')!.host.fs.write('/var/log/huge.log', '', { sizeBytes: 40 * 1024 ** 3 });
    expect((await h.run('df -h /')).stdout).toBe('Filesystem      Size  Used Avail Use% Mounted on\n/dev/sda1        50G   45G  3.0G  94% /\n');
    expect((await h.run('du -sh /var/log')).stdout).toBe('41G\t/var/log\n');
  });

  it('free -m and uptime', async () => {
    const h = await hostHarness();
    // used and free follow what runs on the node (seeded placement); the shape and the arithmetic do not.
    const free = (await h.run('free -m')).stdout.split('\n');
    expect(free[0]).toBe('              total        used        free      shared  buff/cache   available');
    const mem = /^Mem: +7946 +(\d+) +(\d+) +2 +1748 +(\d+)$/.exec(free[1])!;
    expect(mem).not.toBeNull();
    expect(Math.abs(Number(mem[1]) + Number(mem[2]) + 1748 - 7946)).toBeLessThanOrEqual(1);
    expect(free[2]).toBe('Swap:             0           0           0');
    expect((await h.run('uptime')).stdout).toMatch(/^ 09:12:04 up 45 days, 0 min,  1 user,  load average: \d\.\d\d, \d\.\d\d, \d\.\d\d\n$/);
    h.cluster.advance(3 * 3_600_000 + 12 * 60_000);
    expect((await h.run('uptime')).stdout).toMatch(/^ 12:24:04 up 45 days,  3:12,  1 user,  load average: /);
  });

  it('ps aux lists systemd, the units with their command lines, shims, pause and containers, by PID', async () => {
    const h = await hostHarness();
    const out = (await h.run('ps aux')).stdout.split('\n');
    expect(out[0]).toBe('USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND');
    expect(out[1]).toBe('root           1  0.0  0.1 167748 11636 ?        Ss   Oct16   1:17 /sbin/init');
    expect(out.find((l) => l.includes('/usr/bin/containerd '))).toBeUndefined();
    // containerd's memory grows with the containers it runs (the node's seeded pods).
    expect(out.find((l) => l.endsWith('/usr/bin/containerd'))).toMatch(/^root         307  0\.4  0\.\d \d+ \d+ \? +Ssl  Oct16 259:14 \/usr\/bin\/containerd$/);
    expect(out.find((l) => l.includes(' 314 '))).toMatch(/^root         314  1\.2  0\.\d \d+ \d+ \? +Ssl  Oct16 777:37 \/usr\/bin\/kubelet --bootstrap-kubeconfig=/);
    expect(out.find((l) => l.endsWith('nginx -g daemon off;'))).toMatch(/^root +\d+  0\.1  \d\.\d +\d+ +\d+ \? +Ss   06:12   0:10 nginx -g daemon off;$/);
    const pids = out.slice(1).filter(Boolean).map((l) => Number(l.split(/\s+/)[1]));
    expect(pids).toEqual([...pids].sort((a, b) => a - b));
    await h.run('systemctl stop kubelet');
    expect((await h.run('ps aux')).stdout).not.toContain('/usr/bin/kubelet');
  });

  it('machine-state tools are not on the workstation', async () => {
    const h = await hostHarness('workstation');
    expect((await h.run('df -h')).stderr).toBe('bash: df: command not found\n');
    expect((await h.run('ps aux')).stderr).toBe('bash: ps: command not found\n');
  });
});
