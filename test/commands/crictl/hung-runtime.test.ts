import { describe, expect, it } from 'vitest';
import { loadValidScenarioFile } from '../../../src/scenario/validate.js';
import { ScenarioRun } from '../../../src/practice/run.js';
import { crictlTimeoutMs } from '../../../src/commands/crictl/cri-calls.js';

function plegRun(): ScenarioRun {
  const loaded = loadValidScenarioFile('scenarios/nodes/node-notready-pleg.yaml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return new ScenarioRun(loaded.scenario);
}

describe('a hung containerd, as the node tools see it', () => {
  it('crictl connects (Version answers) but its list call runs into the 2s deadline, logged as cri-client logs it', async () => {
    const run = plegRun();
    await run.exec('ssh node-2');
    const before = run.cluster.now();
    const r = await run.exec('crictl --runtime-endpoint unix:///run/containerd/containerd.sock ps');
    expect(r.exitCode).toBe(1);
    expect(run.cluster.now() - before).toBeGreaterThanOrEqual(2_000);
    const lines = r.output.replace(/\n$/, '').split('\n');
    expect(lines[0]).toMatch(/^E\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ log\.go:32\] "ListContainers with filter from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded" filter="&ContainerFilter\{Id:,State:&ContainerStateValue\{State:CONTAINER_RUNNING,\},PodSandboxId:,LabelSelector:map\[string\]string\{\},\}"$/);
    expect(lines[1]).toBe('FATA[0002] listing containers: list containers: call list containers RPC: rpc error: code = DeadlineExceeded desc = context deadline exceeded ');
    const all = await run.exec('crictl --runtime-endpoint unix:///run/containerd/containerd.sock --timeout 5s ps -a');
    expect(all.output).toContain('State:nil,');
    expect(all.output).toContain('FATA[0005] listing containers');
    const version = await run.exec('crictl --runtime-endpoint unix:///run/containerd/containerd.sock version');
    expect(version.output).toContain('RuntimeVersion:  v1.7.24');
  });

  it("keeps PLEG's last-seen-active growing: no relist succeeds while containerd hangs", async () => {
    const run = plegRun();
    await run.exec('ssh node-2');
    const out = (await run.exec("journalctl -u kubelet --no-pager | grep -o 'pleg was last seen active [^ ]* ago' | tail -6")).output;
    const seconds = out
      .trim()
      .split('\n')
      .map((l) => /active (?:(\d+)h)?(?:(\d+)m)?([\d.]+)s ago/.exec(l)!)
      .map((m) => Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3]));
    expect(seconds.length).toBe(6);
    for (let i = 1; i < seconds.length; i++) expect(seconds[i]).toBeGreaterThan(seconds[i - 1]);
    expect(seconds[0]).toBeGreaterThan(30 * 60);
  });

  it('systemctl restart waits out TimeoutStopSec, kills the hung daemon, and the new one logs its start-up', async () => {
    const run = plegRun();
    await run.exec('ssh node-2');
    const before = run.cluster.now();
    expect((await run.exec('systemctl restart containerd')).exitCode).toBe(0);
    expect(run.cluster.now() - before).toBeGreaterThanOrEqual(90_000);
    const journal = (await run.exec('journalctl -u containerd --no-pager | tail -18')).output;
    const messages = journal.trimEnd().split('\n').map((l) => l.replace(/^\w{3} \d\d \d\d:\d\d:\d\d node-2 /, ''));
    expect(messages.slice(0, 6)).toEqual([
      'systemd[1]: Stopping containerd container runtime...',
      "systemd[1]: containerd.service: State 'stop-sigterm' timed out. Killing.",
      expect.stringMatching(/^systemd\[1\]: containerd\.service: Killing process \d+ \(containerd\) with signal SIGKILL\.$/),
      'systemd[1]: containerd.service: Main process exited, code=killed, status=9/KILL',
      "systemd[1]: containerd.service: Failed with result 'timeout'.",
      'systemd[1]: Stopped containerd container runtime.',
    ]);
    expect(journal).toMatch(/containerd\[\d+\]: time="[\d-]+T[\d:.]+Z" level=info msg="starting containerd" revision=88bf19b2105c8b17560993bee28a01ddc2f97182 version=v1\.7\.24/);
    expect(journal).toContain('level=info msg="containerd successfully booted in');
    const ps = await run.exec('crictl --runtime-endpoint unix:///run/containerd/containerd.sock ps');
    expect(ps.exitCode).toBe(0);
  });

  it("reads crictl's --timeout as a Go duration, 2s when unset, zero or unreadable", () => {
    expect(crictlTimeoutMs(undefined)).toBe(2_000);
    expect(crictlTimeoutMs('20s')).toBe(20_000);
    expect(crictlTimeoutMs('1m')).toBe(60_000);
    expect(crictlTimeoutMs('0s')).toBe(2_000);
    expect(crictlTimeoutMs('abc')).toBe(2_000);
  });
});
