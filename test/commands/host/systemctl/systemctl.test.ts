import { describe, it, expect } from 'vitest';
import { hostHarness } from '../harness.js';

const KUBELET_CMD =
  '/usr/bin/kubelet --bootstrap-kubeconfig=/etc/kubernetes/bootstrap-kubelet.conf --kubeconfig=/etc/kubernetes/kubelet.conf --config=/var/lib/kubelet/config.yaml --container-runtime-endpoint=unix:///var/run/containerd/containerd.sock --pod-infra-container-image=registry.k8s.io/pause:3.10';
const HEAD =
  ' kubelet.service - kubelet: The Kubernetes Node Agent\n' +
  '     Loaded: loaded (/usr/lib/systemd/system/kubelet.service; enabled; vendor preset: enabled)\n' +
  '    Drop-In: /usr/lib/systemd/system/kubelet.service.d\n' +
  '             └─10-kubeadm.conf\n';

describe('systemctl on a node', () => {
  it('status of a running kubelet: systemd 249 layout, then its last journal lines', async () => {
    const h = await hostHarness();
    const r = await h.run('systemctl status kubelet -n 2');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(
      `●${HEAD}` +
        '     Active: active (running) since Fri 2026-10-16 09:13:04 UTC; 1 month 14 days ago\n' +
        '       Docs: https://kubernetes.io/docs/\n' +
        '   Main PID: 314 (kubelet)\n' +
        '      Tasks: 14 (limit: 9830)\n' +
        '     Memory: 45.1M\n' +
        '        CPU: 12h 57min 37.613s\n' +
        '     CGroup: /system.slice/kubelet.service\n' +
        `             └─314 ${KUBELET_CMD}\n` +
        '\n' +
        'Oct 16 09:13:04 node-1 kubelet[314]: I1016 09:13:04.976576     314 kubelet_node_status.go:75] "Attempting to register node" node="node-1"\n' +
        'Oct 16 09:13:04 node-1 kubelet[314]: I1016 09:13:04.976576     314 kubelet_node_status.go:78] "Successfully registered node" node="node-1"\n',
    );
    expect(await h.run('systemctl is-active kubelet')).toEqual({ stdout: 'active\n', stderr: '', output: 'active\n', exitCode: 0 });
  });

  it('stop: inactive (dead), exit 3, and systemd\'s Stopping/Stopped lines in the journal', async () => {
    const h = await hostHarness();
    h.cluster.advance(0);
    expect(await h.run('systemctl stop kubelet')).toEqual({ stdout: '', stderr: '', output: '', exitCode: 0 });
    h.cluster.advance(5_000);
    const r = await h.run('systemctl status kubelet -n 3');
    expect(r.exitCode).toBe(3);
    expect(r.stdout).toBe(
      `○${HEAD}` +
        '     Active: inactive (dead) since Mon 2026-11-30 09:12:04 UTC; 5s ago\n' +
        '       Docs: https://kubernetes.io/docs/\n' +
        '\n' +
        'Nov 30 09:12:04 node-1 systemd[1]: Stopping kubelet: The Kubernetes Node Agent...\n' +
        'Nov 30 09:12:04 node-1 systemd[1]: kubelet.service: Deactivated successfully.\n' +
        'Nov 30 09:12:04 node-1 systemd[1]: Stopped kubelet: The Kubernetes Node Agent.\n',
    );
    expect(await h.run('systemctl is-active kubelet')).toEqual({ stdout: 'inactive\n', stderr: '', output: 'inactive\n', exitCode: 3 });
    await h.run('systemctl start kubelet.service');
    expect((await h.run('systemctl is-active kubelet')).stdout).toBe('active\n');
  });

  it('a crashed kubelet is activating (auto-restart) with its exit status until systemd restarts it', async () => {
    const h = await hostHarness();
    h.cluster.nodes.get('node-1')!.host.unit('kubelet')!.crashed(1);
    h.cluster.advance(4_000);
    const r = await h.run('systemctl status kubelet -n 2');
    expect(r.exitCode).toBe(3);
    expect(r.stdout).toBe(
      `●${HEAD}` +
        '     Active: activating (auto-restart) (Result: exit-code) since Mon 2026-11-30 09:12:04 UTC; 4s ago\n' +
        '       Docs: https://kubernetes.io/docs/\n' +
        '    Process: 314 ExecStart=/usr/bin/kubelet $KUBELET_KUBECONFIG_ARGS $KUBELET_CONFIG_ARGS $KUBELET_KUBEADM_ARGS $KUBELET_EXTRA_ARGS (code=exited, status=1/FAILURE)\n' +
        '   Main PID: 314 (code=exited, status=1/FAILURE)\n' +
        '        CPU: 104ms\n' +
        '\n' +
        'Nov 30 09:12:04 node-1 systemd[1]: kubelet.service: Main process exited, code=exited, status=1/FAILURE\n' +
        "Nov 30 09:12:04 node-1 systemd[1]: kubelet.service: Failed with result 'exit-code'.\n",
    );
    expect((await h.run('systemctl is-active kubelet')).stdout).toBe('activating\n');
    h.cluster.advance(7_000);
    expect((await h.run('systemctl is-active kubelet')).stdout).toBe('active\n');
    expect((await h.run('systemctl show kubelet -p NRestarts')).stdout).toBe('NRestarts=1\n');
  });

  it('unknown units get systemd\'s messages and exit codes', async () => {
    const h = await hostHarness();
    expect(await h.run('systemctl status foo')).toEqual({ stdout: '', stderr: 'Unit foo.service could not be found.\n', output: 'Unit foo.service could not be found.\n', exitCode: 4 });
    expect(await h.run('systemctl start foo')).toEqual({ stdout: '', stderr: 'Failed to start foo.service: Unit foo.service not found.\n', output: 'Failed to start foo.service: Unit foo.service not found.\n', exitCode: 5 });
    expect((await h.run('systemctl restart foo.service')).stderr).toBe('Failed to restart foo.service: Unit foo.service not found.\n');
    expect((await h.run('systemctl stop foo')).stderr).toBe('Failed to stop foo.service: Unit foo.service not loaded.\n');
    expect(await h.run('systemctl is-active foo')).toEqual({ stdout: 'inactive\n', stderr: '', output: 'inactive\n', exitCode: 3 });
    expect((await h.run('systemctl is-enabled foo')).stderr).toBe('Failed to get unit file state for foo.service: No such file or directory\n');
    expect((await h.run('systemctl cat foo')).stderr).toBe('No files found for foo.service.\n');
    expect((await h.run('systemctl frob')).stderr).toBe('Unknown command verb frob.\n');
  });

  it('enable/disable print the symlink changes; reload is not applicable', async () => {
    const h = await hostHarness();
    expect(await h.run('systemctl disable kubelet')).toEqual({ stdout: '', stderr: 'Removed /etc/systemd/system/multi-user.target.wants/kubelet.service.\n', output: 'Removed /etc/systemd/system/multi-user.target.wants/kubelet.service.\n', exitCode: 0 });
    expect(await h.run('systemctl is-enabled kubelet')).toEqual({ stdout: 'disabled\n', stderr: '', output: 'disabled\n', exitCode: 1 });
    expect((await h.run('systemctl enable kubelet')).stderr).toBe('Created symlink /etc/systemd/system/multi-user.target.wants/kubelet.service → /usr/lib/systemd/system/kubelet.service.\n');
    expect((await h.run('systemctl enable kubelet')).stderr).toBe('');
    expect(await h.run('systemctl reload kubelet')).toEqual({ stdout: '', stderr: 'Failed to reload kubelet.service: Job type reload is not applicable for unit kubelet.service.\n', output: expect.any(String), exitCode: 3 });
    expect(await h.run('systemctl daemon-reload')).toEqual({ stdout: '', stderr: '', output: '', exitCode: 0 });
  });

  it('list-units and cat', async () => {
    const h = await hostHarness();
    expect((await h.run('systemctl list-units --type=service --no-pager')).stdout).toBe(
      '  UNIT               LOAD   ACTIVE SUB     DESCRIPTION\n' +
        '  containerd.service loaded active running containerd container runtime\n' +
        '  kubelet.service    loaded active running kubelet: The Kubernetes Node Agent\n' +
        '\n' +
        'LOAD   = Reflects whether the unit definition was properly loaded.\n' +
        'ACTIVE = The high-level unit activation state, i.e. generalization of SUB.\n' +
        'SUB    = The low-level unit activation state, values depend on unit type.\n' +
        '2 loaded units listed. Pass --all to see loaded but inactive units, too.\n' +
        "To show all installed unit files use 'systemctl list-unit-files'.\n",
    );
    const fs = h.cluster.nodes.get('node-1')!.host.fs;
    const cat = (await h.run('systemctl cat kubelet')).stdout;
    expect(cat).toBe(
      `# /usr/lib/systemd/system/kubelet.service\n${fs.read('/usr/lib/systemd/system/kubelet.service')}\n# /usr/lib/systemd/system/kubelet.service.d/10-kubeadm.conf\n${fs.read('/usr/lib/systemd/system/kubelet.service.d/10-kubeadm.conf')}`,
    );
  });
});
