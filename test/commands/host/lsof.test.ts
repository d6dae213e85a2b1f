import { describe, it, expect, beforeEach } from 'vitest';
import { hostHarness, type HostHarness } from './harness.js';

const HEADER = 'COMMAND     PID            USER   FD   TYPE DEVICE SIZE/OFF NODE NAME\n';

describe('lsof -i', () => {
  let h: HostHarness;
  beforeEach(async () => {
    h = await hostHarness();
  });

  it('lists the node namespace sockets a process holds, by PID then FD, in lsof columns', async () => {
    const r = await h.run('lsof -i -P -n');
    expect(r.exitCode).toBe(0);
    const lines = r.stdout.split('\n');
    expect(`${lines[0]}\n`).toBe(HEADER);
    expect(lines).toContain('kubelet     314            root   23u  IPv6  30285      0t0  TCP *:10250 (LISTEN)');
    expect(lines).toContain('kubelet     314            root   21u  IPv4  26406      0t0  TCP 10.0.0.11:47316->10.0.0.10:6443 (ESTABLISHED)');
    // UDP has no state: lsof leaves the space it would have put before one.
    expect(lines).toContain('systemd-r   404 systemd-resolve   13u  IPv4  93766      0t0  UDP 127.0.0.53:53 ');
    const pids = lines.slice(1, -1).map((l) => Number(l.slice(9, 16)));
    expect(pids).toEqual([...pids].sort((a, b) => a - b));
  });

  it('selects by port, names hosts and services without -n/-P, and prints PIDs with -t', async () => {
    expect((await h.run('lsof -i :10250')).stdout).toBe('COMMAND PID USER   FD   TYPE DEVICE SIZE/OFF NODE NAME\nkubelet 314 root   23u  IPv6  30285      0t0  TCP *:10250 (LISTEN)\n');
    const ssh = await h.run('lsof -i TCP:22');
    expect(ssh.stdout).toContain('sshd      561 root    3u  IPv4  43917      0t0  TCP *:ssh (LISTEN)\n');
    expect(ssh.stdout).toContain('TCP node-1:ssh->10.0.0.2:41904 (ESTABLISHED)\n');
    expect((await h.run('lsof -i UDP:53')).stdout).toContain('UDP _localdnsstub:domain \n');
    // Listening processes by PID, ascending: containerd and the kubelet first, then the pods' (seeded) processes.
    const listening = (await h.run('lsof -iTCP -sTCP:LISTEN -t')).stdout.trim().split('\n').map(Number);
    expect(listening.slice(0, 2)).toEqual([307, 314]);
    expect(listening).toEqual([...listening].sort((a, b) => a - b));
  });

  it('exits 1 silently when nothing matches, and refuses bad addresses as lsof does', async () => {
    expect(await h.run('lsof -i :9999')).toMatchObject({ stdout: '', stderr: '', exitCode: 1 });
    const bad = await h.run('lsof -i :abcd');
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr.split('\n').slice(0, 2)).toEqual(['lsof: unknown service abcd in: -i :abcd', 'lsof 4.93.2']);
    expect((await h.run('lsof -i foo:1')).stderr.split('\n')[0]).toBe('lsof: unknown protocol name (foo) in: -i foo:1');
    expect((await h.run('lsof -z')).stderr.split('\n')[0]).toBe('lsof: illegal option character: z');
    expect(await h.run('lsof')).toMatchObject({ exitCode: 126, stderr: 'kubedrill: lsof without -i is not simulated: it lists only Internet sockets (lsof -i)\n' });
  });

  it('follows the simulation: a stopped kubelet no longer listens', async () => {
    await h.run('systemctl stop kubelet');
    expect(await h.run('lsof -i :10250')).toMatchObject({ stdout: '', exitCode: 1 });
  });
});
