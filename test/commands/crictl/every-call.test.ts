/**
 * Every crictl subcommand gets its answer from a CRI call with crictl's
 * deadline (src/cluster/runtime/cri-client.ts): a containerd whose task lock
 * is held makes each runtime-service subcommand wait the 2s --timeout and
 * fail with gRPC's DeadlineExceeded, logged as cri-client logs it; the image
 * service and Version, which do not take that lock, still answer.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sessionOn, testCluster, webDeployment } from './node-session.js';

const DEADLINE = 'rpc error: code = DeadlineExceeded desc = context deadline exceeded';

describe('crictl against a hung containerd', async () => {
  const cluster = testCluster({ timeline: [webDeployment(2)] });
  const sh = await sessionOn(cluster, 'node-1');
  await sh.exec("echo 'runtime-endpoint: unix:///run/containerd/containerd.sock' > /etc/crictl.yaml");
  const id = (await sh.exec('crictl ps -q')).stdout.split('\n')[0];
  const pod = (await sh.exec('crictl pods -q')).stdout.split('\n')[0];
  expect(id).toMatch(/^[0-9a-f]{64}$/);
  const runtime = cluster.nodes.get('node-1')!.runtime;

  const cases: [string, string, string][] = [
    ['ps', 'ListContainers with filter from runtime service failed', 'listing containers: list containers: call list containers RPC: '],
    ['ps -a', 'ListContainers with filter from runtime service failed', 'listing containers: list containers: call list containers RPC: '],
    ['pods', 'ListPodSandbox with filter from runtime service failed', 'listing pod sandboxes: list pod sandboxes: call list sandboxes RPC: '],
    [`inspect ${id}`, 'ContainerStatus from runtime service failed', 'get the status of containers: get container status: '],
    [`logs ${id}`, 'ContainerStatus from runtime service failed', ''],
    ['info', 'Status from runtime service failed', 'getting status of runtime: '],
    ['rmi --prune', 'ListContainers with filter from runtime service failed', ''],
  ];
  for (const [args, logged, wrap] of cases) {
    it(`crictl ${args} waits out the deadline and fails with it`, async () => {
      runtime.latencyMs = 600_000;
      const before = cluster.now();
      const r = await sh.exec(`crictl ${args}`);
      runtime.latencyMs = 0;
      expect(r.exitCode).toBe(1);
      expect(r.stdout).toBe('');
      expect(cluster.now() - before).toBeGreaterThanOrEqual(2_000);
      const lines = r.stderr.split('\n');
      expect(lines[0]).toMatch(new RegExp(`^E\\d{4} [\\d:.]+ +\\d+ log\\.go:32\\] "${logged}" err="${DEADLINE}"`));
      expect(lines[1]).toBe(`FATA[0002] ${wrap}${DEADLINE} `);
    });
  }

  it('crictl inspectp fails at the deadline too (cri-client does not log PodSandboxStatus)', async () => {
    runtime.latencyMs = 600_000;
    const r = await sh.exec(`crictl --timeout 5s inspectp ${pod}`);
    runtime.latencyMs = 0;
    expect(r).toMatchObject({ stdout: '', exitCode: 1, stderr: `FATA[0005] get the status of pod sandboxes: get pod sandbox status: ${DEADLINE} \n` });
  });

  it('a slow containerd (under the deadline) answers, each locking call costing its latency', async () => {
    runtime.latencyMs = 1_500;
    const before = cluster.now();
    const r = await sh.exec(`crictl inspect ${id} ${pod.slice(0, 0)}${id.slice(0, 12)}`);
    runtime.latencyMs = 0;
    expect(r.exitCode).toBe(0);
    // Two ContainerStatus calls, 1.5 s each.
    expect(cluster.now() - before).toBeGreaterThanOrEqual(3_000);
    expect(JSON.parse(r.stdout)).toHaveLength(2);
  });

  it('Version and the image service do not wait for the task lock', async () => {
    runtime.latencyMs = 600_000;
    const version = await sh.exec('crictl version');
    const images = await sh.exec('crictl images -q');
    runtime.latencyMs = 0;
    expect(version.exitCode).toBe(0);
    expect(images.exitCode).toBe(0);
    expect(images.stdout).toMatch(/^sha256:[0-9a-f]{64}\n/);
  });
});

describe('node tools reach the runtime only through its CRI client', () => {
  it('no file of src/commands/crictl imports the runtime or reads its maps', () => {
    const dir = 'src/commands/crictl';
    for (const name of readdirSync(dir)) {
      const text = readFileSync(join(dir, name), 'utf8');
      expect(text, name).not.toMatch(/from ['"][^'"]*cluster\/runtime\/runtime\.js['"]/);
      expect(text, name).not.toMatch(/\.runtime\.(containers|sandboxes|images)\b|\bruntime\.(findImage|containersOf|latencyMs|up)\b/);
    }
  });
});
