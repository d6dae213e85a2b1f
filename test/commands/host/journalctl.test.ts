import { describe, it, expect, beforeAll } from 'vitest';
import { hostHarness, type HostHarness } from './harness.js';

describe('journalctl on a node', () => {
  let h: HostHarness;
  beforeAll(async () => {
    h = await hostHarness();
  });

  it('-u kubelet -n 3 prints the kubelet klog lines behind the journald prefix', async () => {
    expect(await h.run('journalctl -u kubelet -n 3')).toEqual({
      stdout:
        'Oct 16 09:13:04 node-1 kubelet[314]: I1016 09:13:04.976576     314 server.go:956] "Client rotation is on, will bootstrap in background"\n' +
        'Oct 16 09:13:04 node-1 kubelet[314]: I1016 09:13:04.976576     314 kubelet_node_status.go:75] "Attempting to register node" node="node-1"\n' +
        'Oct 16 09:13:04 node-1 kubelet[314]: I1016 09:13:04.976576     314 kubelet_node_status.go:78] "Successfully registered node" node="node-1"\n',
      stderr: '',
      output: expect.any(String),
      exitCode: 0,
    });
  });

  it('shows systemd lines about a unit under -u, in every output mode (containerd is Type=notify: Starting, its own start-up lines, then Started)', async () => {
    const first = async (cmd: string) => (await h.run(cmd)).stdout.split('\n')[0];
    expect(await first('journalctl -u containerd.service')).toBe('Oct 16 09:13:04 node-1 systemd[1]: Starting containerd container runtime...');
    expect(await first('journalctl -u containerd -o short-iso')).toBe('2026-10-16T09:13:04+0000 node-1 systemd[1]: Starting containerd container runtime...');
    // The microseconds below the millisecond are the process's (journal.ts subMillisecondMicros), not `000`.
    expect(await first('journalctl -u containerd -o short-precise')).toMatch(/^Oct 16 09:13:04\.976(?!000)\d{3} node-1 systemd\[1\]: Starting containerd container runtime\.\.\.$/);
    expect(await first('journalctl -u containerd -o cat --no-pager')).toBe('Starting containerd container runtime...');
    expect(await first('journalctl -u containerd --no-hostname')).toBe('Oct 16 09:13:04 systemd[1]: Starting containerd container runtime...');
    const lines = (await h.run('journalctl -u containerd -o cat')).stdout.split('\n').filter(Boolean);
    expect(lines[1]).toMatch(/^time="2026-10-16T09:13:04\.\d+Z" level=info msg="starting containerd" revision=88bf19b2105c8b17560993bee28a01ddc2f97182 version=v1\.7\.24$/);
    expect(lines.at(-2)).toMatch(/^time="2026-10-16T09:13:04\.\d+Z" level=info msg="containerd successfully booted in 0\.\d{6}s"$/);
    expect(lines.at(-1)).toBe('Started containerd container runtime.');
  });

  it('-r reverses, -n counts from the end, -f prints the tail and returns', async () => {
    expect((await h.run('journalctl -u kubelet -o cat -r -n 2')).stdout).toBe(
      'I1016 09:13:04.976576     314 kubelet_node_status.go:78] "Successfully registered node" node="node-1"\n' +
        'I1016 09:13:04.976576     314 kubelet_node_status.go:75] "Attempting to register node" node="node-1"\n',
    );
    const all = (await h.run('journalctl -u kubelet --lines=all')).stdout.split('\n').filter(Boolean);
    const follow = (await h.run('journalctl -fu kubelet')).stdout.split('\n').filter(Boolean);
    expect(follow).toEqual(all.slice(-10));
    expect((await h.run('journalctl -u kubelet -n')).stdout.split('\n').filter(Boolean)).toEqual(all.slice(-10));
  });

  it('filters by time with the host clock and by priority', async () => {
    expect((await h.run('journalctl --since "2026-10-16 09:13:04" --until "2026-10-16 09:13:05" -u containerd')).stdout.split('\n')[0]).toBe('Oct 16 09:13:04 node-1 systemd[1]: Starting containerd container runtime...');
    expect((await h.run('journalctl --since "2026-10-16 09:13:05" --until "2026-10-17" -u containerd')).stdout).toBe('-- No entries --\n');
    expect(await h.run('journalctl --since "10 minutes ago" -u containerd')).toEqual({ stdout: '-- No entries --\n', stderr: '', output: '-- No entries --\n', exitCode: 0 });
    expect((await h.run('journalctl -p err')).stdout).toBe('-- No entries --\n');
    expect((await h.run('journalctl -k -b')).stdout).toBe('-- No entries --\n');
  });

  it('an unknown unit has no entries; bad input gets journalctl\'s messages', async () => {
    expect(await h.run('journalctl -u nosuch')).toEqual({ stdout: '-- No entries --\n', stderr: '', output: '-- No entries --\n', exitCode: 0 });
    expect(await h.run('journalctl --foo')).toEqual({ stdout: '', stderr: "journalctl: unrecognized option '--foo'\n", output: "journalctl: unrecognized option '--foo'\n", exitCode: 1 });
    expect((await h.run('journalctl -z')).stderr).toBe("journalctl: invalid option -- 'z'\n");
    expect((await h.run('journalctl --since soon')).stderr).toBe('Failed to parse timestamp: soon\n');
    expect((await h.run('journalctl -p loud')).stderr).toBe('Unknown log level loud\n');
    expect((await h.run('journalctl -o fancy')).stderr).toBe("Unknown output format 'fancy'.\n");
  });

  it('does not exist on the workstation', async () => {
    const w = await hostHarness('workstation');
    expect((await w.run('journalctl -u kubelet')).stderr).toBe('bash: journalctl: command not found\n');
  });
});
