/**
 * Two different faults on two nodes of one unshipped scenario: every command
 * shows each node's own cause only, and fixing one node leaves the other broken.
 */
import { describe, it, expect } from 'vitest';
import { startFixture, onHost } from '../helpers/scenario-run.js';
import { type ScenarioRun, COMMAND_STEP_MS } from '../../src/practice/run.js';

const FIXTURE = 'test/fixtures/scenarios/combined/disk-full-and-containerd-down.yaml';

const start = (): ScenarioRun => startFixture(FIXTURE);
const on = onHost;

/** The Conditions rows of `kubectl describe node` as `Type Status Reason`. */
function conditions(describe: string): string[] {
  const lines = describe.split('\n');
  const at = lines.findIndex((l) => l.startsWith('Conditions:'));
  return lines.slice(at + 3, at + 7).map((l) => l.trim().split(/\s{2,}/).filter((_, i) => i !== 2 && i !== 3).slice(0, 4).join(' | '));
}

describe('disk pressure on node-1 and containerd down on node-2', async () => {
  const run = start();
  const nodes = await on(run, 'workstation', 'kubectl get nodes');
  const d1 = await on(run, 'workstation', 'kubectl describe node node-1');
  const d2 = await on(run, 'workstation', 'kubectl describe node node-2');
  const d3 = await on(run, 'workstation', 'kubectl describe node node-3');
  const j1 = await on(run, 'node-1', 'journalctl -u kubelet --no-pager');
  const j2 = await on(run, 'node-2', 'journalctl -u kubelet --no-pager');

  it('kubectl get nodes: node-2 NotReady, node-1 and node-3 Ready', () => {
    expect(nodes.split('\n').filter((l) => /^node-/.test(l)).map((l) => l.split(/\s+/).slice(0, 2).join(' '))).toEqual(['node-1 Ready', 'node-2 NotReady', 'node-3 Ready']);
  });

  it('describe node: each node shows its own condition, taints and events only', () => {
    expect(conditions(d1)).toEqual([
      'MemoryPressure | False | KubeletHasSufficientMemory | kubelet has sufficient memory available',
      'DiskPressure | True | KubeletHasDiskPressure | kubelet has disk pressure',
      'PIDPressure | False | KubeletHasSufficientPID | kubelet has sufficient PID available',
      'Ready | True | KubeletReady | kubelet is posting ready status',
    ]);
    expect(d1).toContain('Taints:             node.kubernetes.io/disk-pressure:NoSchedule\n');
    expect(d1).toContain('Attempting to reclaim ephemeral-storage');
    expect(d1).not.toMatch(/runtime is down|PLEG/);
    expect(conditions(d2)[1]).toBe('DiskPressure | False | KubeletHasNoDiskPressure | kubelet has no disk pressure');
    expect(conditions(d2)[3]).toMatch(/^Ready \| False \| KubeletNotReady \| \[container runtime is down, PLEG is not healthy: pleg was last seen active \d+m[\d.]+s ago; threshold is 3m0s\]$/);
    expect(d2).toMatch(/Taints:\s+node\.kubernetes\.io\/not-ready:NoExecute\n\s+node\.kubernetes\.io\/not-ready:NoSchedule\n/);
    expect(d2).not.toMatch(/disk-pressure|reclaim/);
    expect(conditions(d3).map((c) => c.split(' | ')[1])).toEqual(['False', 'False', 'False', 'True']);
  });

  it('journalctl on each node: the kubelet logs its own cause only', () => {
    expect(j1).toContain('"Eviction manager: must evict pod(s) to reclaim" resourceName="ephemeral-storage"');
    expect(j1).not.toMatch(/runtime service failed|sanity check|Skipping pod synchronization/);
    expect(j2).toContain('"Container runtime sanity check failed"');
    expect(j2).toContain('"Skipping pod synchronization" err="[container runtime is down, PLEG is not healthy');
    expect(j2).not.toMatch(/Eviction manager|reclaim/);
  });

  it('fixing node-2 leaves node-1 under disk pressure', async () => {
    await on(run, 'node-2', 'systemctl start containerd');
    run.cluster.advance(60_000);
    const after2 = await on(run, 'workstation', 'kubectl describe node node-2');
    const after1 = await on(run, 'workstation', 'kubectl describe node node-1');
    expect(conditions(after2)[3]).toBe('Ready | True | KubeletReady | kubelet is posting ready status');
    expect(after2).toContain('Taints:             <none>');
    expect(conditions(after1)[1]).toBe('DiskPressure | True | KubeletHasDiskPressure | kubelet has disk pressure');
    const j1b = await on(run, 'node-1', 'journalctl -u kubelet --no-pager -n 5');
    expect(j1b).toContain('Eviction manager');
  });

  it('and then fixing node-1 clears it after the transition period, node-2 staying Ready', async () => {
    await on(run, 'node-1', 'rm /var/log/app/trace.log');
    run.cluster.advance(5 * 60_000 + 20_000 + COMMAND_STEP_MS);
    const nodesAfter = await on(run, 'workstation', 'kubectl get nodes');
    expect(nodesAfter.split('\n').filter((l) => /^node-/.test(l)).map((l) => l.split(/\s+/).slice(0, 2).join(' '))).toEqual(['node-1 Ready', 'node-2 Ready', 'node-3 Ready']);
    expect(conditions(await on(run, 'workstation', 'kubectl describe node node-1'))[1]).toBe('DiskPressure | False | KubeletHasNoDiskPressure | kubelet has no disk pressure');
  });
});
