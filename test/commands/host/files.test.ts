import { describe, it, expect } from 'vitest';
import { hostHarness } from './harness.js';

describe('filesystem tools on a node', () => {
  it('ls, ls -l, ls -la, ls -lh of kubeadm directories (GNU layout)', async () => {
    const h = await hostHarness();
    expect((await h.run('ls /etc/kubernetes')).stdout).toBe('kubelet.conf  manifests  pki\n');
    expect((await h.run('ls -1 /etc/kubernetes')).stdout).toBe('kubelet.conf\nmanifests\npki\n');
    expect((await h.run('ls -l /etc/kubernetes')).stdout).toBe(
      'total 12\n-rw------- 1 root root  525 Oct 16 09:12 kubelet.conf\ndrwxr-xr-x 2 root root 4096 Oct 16 09:12 manifests\ndrwxr-xr-x 2 root root 4096 Oct 16 09:12 pki\n',
    );
    expect((await h.run('ls -la /etc/kubernetes/pki')).stdout).toBe(
      'total 12\ndrwxr-xr-x 2 root root 4096 Oct 16 09:12 .\ndrwxr-xr-x 4 root root 4096 Oct 16 09:12 ..\n-rw-r--r-- 1 root root  290 Oct 16 09:12 ca.crt\n',
    );
    expect((await h.run('ls -lh /var/lib/kubelet')).stdout).toBe(
      'total 12K\n-rw-r--r-- 1 root root 1.1K Oct 16 09:12 config.yaml\n-rw-r--r-- 1 root root  150 Oct 16 09:12 kubeadm-flags.env\ndrwxr-xr-x 2 root root 4.0K Oct 16 09:13 pki\n',
    );
    expect((await h.run('ls -R /etc/kubernetes')).stdout).toBe('/etc/kubernetes:\nkubelet.conf  manifests  pki\n\n/etc/kubernetes/manifests:\n\n/etc/kubernetes/pki:\nca.crt\n');
    expect((await h.run('ls /etc/kubernetes/kubelet.conf /etc/cni/net.d')).stdout).toBe('/etc/kubernetes/kubelet.conf\n\n/etc/cni/net.d:\n10-flannel.conflist\n');
  });

  it('ls of a missing path says cannot access and exits 2', async () => {
    const h = await hostHarness();
    expect(await h.run('ls /nope')).toEqual({ stdout: '', stderr: "ls: cannot access '/nope': No such file or directory\n", output: "ls: cannot access '/nope': No such file or directory\n", exitCode: 2 });
    expect((await h.run('cat /no/such')).stderr).toBe('cat: /no/such: No such file or directory\n');
  });

  it('du -sh rounds up in 4K blocks', async () => {
    const h = await hostHarness();
    expect((await h.run('du -sh /etc/kubernetes')).stdout).toBe('20K\t/etc/kubernetes\n');
    expect((await h.run('du /etc/kubernetes')).stdout).toBe('4\t/etc/kubernetes/manifests\n8\t/etc/kubernetes/pki\n20\t/etc/kubernetes\n');
  });

  it('touch, mkdir -p, cp, mv and rm change the node\'s files', async () => {
    const h = await hostHarness();
    const fs = h.cluster.nodes.get('node-1')!.host.fs;
    await h.run('mkdir -p /tmp/a/b');
    expect(fs.exists('/tmp/a/b')).toBe('dir');
    expect((await h.run('mkdir /tmp/a')).stderr).toBe("mkdir: cannot create directory '/tmp/a': File exists\n");
    await h.run('touch /tmp/a/b/x');
    expect(fs.read('/tmp/a/b/x')).toBe('');
    await h.run('cp /etc/kubernetes/kubelet.conf /tmp/a');
    expect(fs.read('/tmp/a/kubelet.conf')).toBe(fs.read('/etc/kubernetes/kubelet.conf'));
    expect(fs.stat('/tmp/a/kubelet.conf')!.mode).toBe(0o600);
    expect((await h.run('cp /tmp/a /tmp/c')).stderr).toBe("cp: -r not specified; omitting directory '/tmp/a'\n");
    await h.run('mv /tmp/a/kubelet.conf /tmp/a/kubelet.conf.bak');
    expect((await h.run('ls /tmp/a')).stdout).toBe('b  kubelet.conf.bak\n');
    expect(await h.run('rm /tmp/a')).toEqual({ stdout: '', stderr: "rm: cannot remove '/tmp/a': Is a directory\n", output: "rm: cannot remove '/tmp/a': Is a directory\n", exitCode: 1 });
    expect((await h.run('rm /tmp/zzz')).stderr).toBe("rm: cannot remove '/tmp/zzz': No such file or directory\n");
    expect(await h.run('rm -f /tmp/zzz')).toEqual({ stdout: '', stderr: '', output: '', exitCode: 0 });
    await h.run('rm -rf /tmp/a');
    expect(fs.exists('/tmp/a')).toBeUndefined();
  });

  it('mv and cp into a directory named with a trailing slash; a missing one is Not a directory (coreutils ENOTDIR)', async () => {
    const h = await hostHarness();
    const fs = h.cluster.nodes.get('node-1')!.host.fs;
    await h.run('cp /etc/kubernetes/kubelet.conf /root-k.conf');
    expect(await h.run('mv /root-k.conf /tmp/')).toMatchObject({ stderr: '', exitCode: 0 });
    expect(fs.read('/tmp/root-k.conf')).toBe(fs.read('/etc/kubernetes/kubelet.conf'));
    await h.run('mv /tmp/root-k.conf /tmp/k.conf');
    expect(await h.run('mv /tmp/k.conf /nodir/')).toMatchObject({ stderr: "mv: cannot move '/tmp/k.conf' to '/nodir/': Not a directory\n", exitCode: 1 });
    expect(await h.run('cp /tmp/k.conf /nodir/')).toMatchObject({ stderr: "cp: cannot create regular file '/nodir/': Not a directory\n", exitCode: 1 });
    expect(fs.exists('/nodir/')).toBeUndefined();
    expect(fs.exists('/tmp/k.conf')).toBe('file');
    // root's home exists, as on any Ubuntu node: `sudo mv manifest /root/` is how people park a static pod manifest.
    expect(await h.run('mv /tmp/k.conf /root/')).toMatchObject({ stderr: '', exitCode: 0 });
    expect(fs.exists('/root/k.conf')).toBe('file');
  });

  it('hostname names the host', async () => {
    const h = await hostHarness();
    expect((await h.run('hostname')).stdout).toBe('node-1\n');
    await h.run('exit');
    expect((await h.run('hostname')).stdout).toBe('workstation\n');
  });
});
