import { describe, it, expect } from 'vitest';
import { sessionOn, testCluster, webDeployment } from './node-session.js';

const ENDPOINTS = '[unix:///run/containerd/containerd.sock unix:///run/crio/crio.sock unix:///var/run/cri-dockerd.sock]';
const WARN_RUNTIME = `WARN[0000] runtime connect using default endpoints: ${ENDPOINTS}. As the default settings are now deprecated, you should set the endpoint instead. \n`;
const WARN_IMAGE = `WARN[0000] Image connect using default endpoints: ${ENDPOINTS}. As the default settings are now deprecated, you should set the endpoint instead. \n`;
const dialFail = (level: string, endpoint: string, why: string) =>
  `${level}[0000] validate service connection: validate CRI v1 runtime API for endpoint "unix://${endpoint}": rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial unix ${endpoint}: connect: ${why}" \n`;

describe('crictl on a node', async () => {
  const cluster = testCluster({ timeline: [webDeployment(3)] });
  const sh = await sessionOn(cluster, 'node-1');

  it('without /etc/crictl.yaml warns about the default endpoints on stderr (runtime, then image for ps)', async () => {
    const r = await sh.exec('crictl ps');
    expect(r.stderr).toBe(WARN_RUNTIME + WARN_IMAGE);
    expect(r.stdout.split('\n')[0]).toBe('CONTAINER           IMAGE               CREATED             STATE               NAME                ATTEMPT             POD ID              POD                     NAMESPACE');
    expect(r.stdout).toMatch(/\n[0-9a-f]{13} {7}[0-9a-f]{13} {7}(About an hour ago|59 minutes ago)\s+Running {13}app {17}0 {19}[0-9a-f]{13} {7}web-[a-z0-9]+-[a-z0-9]{5} {4}default\n/);
    expect((await sh.exec('crictl pods')).stderr).toBe(WARN_RUNTIME);
    expect((await sh.exec('crictl images')).stderr).toBe(WARN_IMAGE);
  });

  it('version prints containerd 1.7 with two spaces after each colon', async () => {
    expect((await sh.exec('crictl version')).stdout).toBe('Version:  0.1.0\nRuntimeName:  containerd\nRuntimeVersion:  v1.7.24\nRuntimeApiVersion:  v1\n');
  });

  it('inspect and logs resolve ID prefixes; unknown IDs are NotFound', async () => {
    const full = (await sh.exec('crictl ps -q --name app')).stdout.split('\n')[0];
    const inspect = JSON.parse((await sh.exec(`crictl inspect ${full.slice(0, 6)}`)).stdout);
    expect(inspect.status).toMatchObject({ id: full, state: 'CONTAINER_RUNNING', metadata: { attempt: 0, name: 'app' }, finishedAt: '0001-01-01T00:00:00Z' });
    expect((await sh.exec(`crictl inspect ${full.slice(0, 6)}`)).stdout).toMatch(/^\{\n  "info": \{\n    "pid": \d+,\n/);
    const logs = await sh.exec(`crictl logs --tail 2 ${full.slice(0, 8)}`);
    expect(logs.stdout).toBe('/docker-entrypoint.sh: Launching /docker-entrypoint.d/30-tune-worker-processes.sh\n/docker-entrypoint.sh: Configuration complete; ready for start up\n');
    expect((await sh.exec(`crictl logs --tail 1 --timestamps ${full}`)).stdout).toMatch(/^2026-11-30T0[23]:\d\d:\d\d(\.\d+)?Z \/docker-entrypoint.sh: Configuration complete; ready for start up\n$/);
    expect(await sh.exec(`crictl logs -p ${full.slice(0, 8)}`)).toMatchObject({ stderr: `${WARN_RUNTIME}FATA[0000] ${'previous terminated container app not found'.padEnd(44)} \n`, exitCode: 1 });
    // cri-client logs every failed call through klog, NotFound included (remote_runtime.go containerStatusV1 logErr).
    const missing = await sh.exec('crictl inspect ffff');
    expect(missing.exitCode).toBe(1);
    const lines = missing.stderr.split('\n');
    expect(lines[0] + '\n').toBe(WARN_RUNTIME);
    expect(lines[1]).toMatch(/^E1130 \d\d:\d\d:\d\d\.\d{6} +\d+ log\.go:32\] "ContainerStatus from runtime service failed" err="rpc error: code = NotFound desc = an error occurred when try to find container \\"ffff\\": not found" containerID="ffff"$/);
    expect(lines[2]).toBe('FATA[0000] get the status of containers: get container status: rpc error: code = NotFound desc = an error occurred when try to find container "ffff": not found ');
  });

  it('unknown subcommands get urfave/cli help-topic answer', async () => {
    expect(await sh.exec('crictl foo')).toMatchObject({ stderr: "No help topic for 'foo'\n", exitCode: 3 });
  });
});

describe('crictl when containerd is down', async () => {
  const cluster = testCluster();
  const sh = await sessionOn(cluster, 'node-1');
  cluster.nodes.get('node-1')!.runtime.up = false;

  it('tries every default endpoint, logs each failure, and dies with the last one', async () => {
    const r = await sh.exec('crictl ps');
    expect(r).toMatchObject({ stdout: '', exitCode: 1 });
    expect(r.stderr).toBe(
      WARN_RUNTIME +
        dialFail('ERRO', '/run/containerd/containerd.sock', 'connection refused') +
        dialFail('ERRO', '/run/crio/crio.sock', 'no such file or directory') +
        dialFail('ERRO', '/var/run/cri-dockerd.sock', 'no such file or directory') +
        dialFail('FATA', '/var/run/cri-dockerd.sock', 'no such file or directory'),
    );
  });

  it('with an endpoint in /etc/crictl.yaml: no warning, one fatal line naming containerd', async () => {
    await sh.exec("echo 'runtime-endpoint: unix:///run/containerd/containerd.sock' > /etc/crictl.yaml");
    expect(await sh.exec('crictl pods')).toMatchObject({ stdout: '', stderr: dialFail('FATA', '/run/containerd/containerd.sock', 'connection refused'), exitCode: 1 });
    cluster.nodes.get('node-1')!.runtime.up = true;
    expect((await sh.exec('crictl pods')).stderr).toBe('');
  });
});

describe('crictl info and rmi', async () => {
  const cluster = testCluster({ timeline: [webDeployment(2)] });
  const sh = await sessionOn(cluster, 'node-1');
  await sh.exec("echo 'runtime-endpoint: unix:///run/containerd/containerd.sock' > /etc/crictl.yaml");

  it('NetworkReady follows the CNI configuration on the host', async () => {
    const ready = JSON.parse((await sh.exec('crictl info')).stdout);
    expect(ready.status.conditions).toEqual([
      { message: '', reason: '', status: true, type: 'RuntimeReady' },
      { message: '', reason: '', status: true, type: 'NetworkReady' },
    ]);
    expect(ready.lastCNILoadStatus).toBe('OK');
    cluster.nodes.get('node-1')!.host.fs.remove('/etc/cni/net.d/10-flannel.conflist');
    const broken = JSON.parse((await sh.exec('crictl info')).stdout);
    expect(broken.status.conditions[1]).toEqual({ message: 'Network plugin returns error: cni plugin not initialized', reason: 'NetworkPluginNotReady', status: false, type: 'NetworkReady' });
    expect(broken.lastCNILoadStatus).toBe('cni config load failed: no network config found in /etc/cni/net.d: cni plugin not initialized: failed to load cni config');
    await sh.exec("echo '{not json' > /etc/cni/net.d/10-flannel.conflist");
    expect(JSON.parse((await sh.exec('crictl info')).stdout).status.conditions[1].status).toBe(false);
  });

  it('rmi --prune deletes images no container uses', async () => {
    const rt = cluster.nodes.get('node-1')!.runtime;
    const pulled = rt.pullImage('busybox:1.36');
    expect(pulled.ok).toBe(true);
    const r = await sh.exec('crictl rmi --prune');
    expect(r).toMatchObject({ stdout: 'Deleted: docker.io/library/busybox:1.36\n', stderr: '', exitCode: 0 });
    // Left: the web and kube-proxy images, flannel's and its CNI plugin's (an exited init container still uses it).
    expect((await sh.exec('crictl images -q')).stdout.split('\n').filter(Boolean)).toHaveLength(4);
    expect((await sh.exec('crictl rmi --prune')).stderr).toBe('INFO[0000] No images to remove                          \n');
  });

  it('is not installed on the workstation', async () => {
    const ws = await sessionOn(cluster);
    expect(await ws.exec('crictl ps')).toMatchObject({ stderr: 'bash: crictl: command not found\n', exitCode: 127 });
  });
});
