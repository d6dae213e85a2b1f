/**
 * `kubectl run --rm -i` and `kubectl exec` end to end on a simulated cluster:
 * pkg/cmd/run/run.go (attach, wait for exit, --rm, `pod NS/NAME terminated
 * (Error)`), pkg/cmd/exec/exec.go (`command terminated with exit code N`,
 * completed pods), containerd's OCI exec error for a missing executable.
 */
import { describe, it, expect } from 'vitest';
import { smallCluster, createPod, getPod } from '../../cluster/kubelet/harness.js';
import { runKubectl } from '../../../src/commands/kubectl/kubectl.js';
import type { CommandContext } from '../../../src/commands/types.js';
import { words } from './harness.js';

const cluster = smallCluster({ 'shop/api:1': { listens: [8080], http: { '/': { status: 200, body: 'api ok\n' } }, binaries: ['/api'], entrypoint: ['/api'] } });
createPod(cluster, 'api', { nodeName: 'node-1', containers: [{ name: 'api', image: 'shop/api:1' }] });
createPod(cluster, 'tools', { nodeName: 'node-2', containers: [{ name: 'tools', image: 'busybox:1.36', command: ['sleep', 'infinity'] }] });
cluster.advance(10_000);
const ctx = { cluster: { now: () => cluster.now(), adminClient: () => cluster.adminClient(), nodeNames: () => cluster.nodeNames(), advance: (ms: number) => cluster.advance(ms), node: (n: string) => cluster.nodes.get(n), net: () => cluster.network }, host: 'workstation', stdin: '', env: {} } as unknown as CommandContext;
const kubectl = (line: string) => runKubectl(words(line).slice(1), ctx);
const apiIP = (): string => getPod(cluster, 'api').status.podIP;

describe('kubectl run --rm -i', () => {
  it("attaches, shows the container's output, deletes the pod and exits 0", async () => {
    const r = await kubectl(`kubectl run t --rm -i --image=busybox --restart=Never -- wget -qO- -T 2 http://${apiIP()}:8080`);
    expect(r.chunks!.map((c) => c.text).join('')).toBe(`If you don't see a command prompt, try pressing enter.\napi ok\npod "t" deleted\n`);
    expect(r.exitCode).toBe(0);
    expect(cluster.adminClient().get('pods', 'default', 't').ok).toBe(false);
  });

  it("fails with the container's exit code and kubectl's terminated line", async () => {
    const r = await kubectl(`kubectl run t2 --rm -i --image=busybox --restart=Never -- wget -qO- -T 2 http://${apiIP()}:9999`);
    expect(r.chunks!.map((c) => c.text).join('')).toBe(`If you don't see a command prompt, try pressing enter.\nwget: can't connect to remote host (${apiIP()}): Connection refused\npod "t2" deleted\npod default/t2 terminated (Error)\n`);
    expect(r.exitCode).toBe(1);
  });

  it('without -i creates the pod and says so; --rm alone is refused', async () => {
    expect((await kubectl('kubectl run idle --image=busybox -- sleep 3600')).stdout).toBe('pod/idle created\n');
    const pod = getPod(cluster, 'idle');
    expect(pod.metadata.labels).toEqual({ run: 'idle' });
    expect(pod.spec.containers[0]).toMatchObject({ name: 'idle', image: 'busybox', args: ['sleep', '3600'] });
    expect(await kubectl('kubectl run x --rm --image=busybox')).toMatchObject({ stderr: 'error: --rm should only be used for attached containers\n', exitCode: 1 });
    expect(await kubectl('kubectl run x --restart=Never')).toMatchObject({ stderr: 'error: --image is required\n', exitCode: 1 });
  });
});

describe('kubectl exec', () => {
  it("runs a client program in the pod's network namespace", async () => {
    expect(await kubectl(`kubectl exec tools -- wget -qO- http://${apiIP()}:8080/`)).toMatchObject({ stdout: 'api ok\n', exitCode: 0 });
    expect(await kubectl('kubectl exec tools -- cat /etc/hostname')).toMatchObject({ stdout: 'tools\n', exitCode: 0 });
  });

  it('passes on a non-zero status as kubectl does', async () => {
    const r = await kubectl(`kubectl exec tools -- wget -qO- -T 1 http://${apiIP()}:81/`);
    expect(r).toMatchObject({ stderr: `wget: can't connect to remote host (${apiIP()}): Connection refused\ncommand terminated with exit code 1\n`, exitCode: 1 });
  });

  it('an image without the executable answers with the OCI runtime error', async () => {
    const r = await kubectl('kubectl exec api -- sh');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^error: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "[0-9a-f]{64}": OCI runtime exec failed: exec failed: unable to start container process: exec: "sh": executable file not found in \$PATH: unknown\n$/);
  });

  it('refuses a missing command, a missing pod and a completed pod', async () => {
    expect(await kubectl('kubectl exec tools')).toMatchObject({ stderr: 'error: you must specify at least one command for the container\n', exitCode: 1 });
    expect(await kubectl('kubectl exec nope -- ls')).toMatchObject({ stderr: 'Error from server (NotFound): pods "nope" not found\n', exitCode: 1 });
    createPod(cluster, 'oneshot', { nodeName: 'node-2', restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox:1.36', command: ['true'] }] });
    cluster.advance(10_000);
    expect(await kubectl('kubectl exec oneshot -- ls')).toMatchObject({ stderr: 'error: cannot exec into a container in a completed pod; current phase is Succeeded\n', exitCode: 1 });
  });
});

describe('kubectl port-forward', () => {
  it('forwards a local port to the pod behind a Service (targetPort translated) for the curl that follows', async () => {
    cluster.apply({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'api', namespace: 'default' }, spec: { selector: { app: 'api' }, ports: [{ port: 80, targetPort: 8080 }] } });
    cluster.systemClient().patch('pods', 'default', 'api', 'merge', { metadata: { labels: { app: 'api' } } });
    cluster.advance(2_000);
    expect(await kubectl('kubectl port-forward svc/api 18080:80')).toMatchObject({ stdout: 'Forwarding from 127.0.0.1:18080 -> 8080\nForwarding from [::1]:18080 -> 8080\n', exitCode: 0 });
    const { curlCommand } = await import('../../../src/commands/net/client-program.js');
    const view = { ...ctx, cluster: { ...ctx.cluster, net: () => cluster.network } } as CommandContext;
    expect(await curlCommand.execute(['-s', 'http://localhost:18080/'], view)).toMatchObject({ stdout: 'api ok\n', exitCode: 0 });
    expect(await curlCommand.execute(['-sS', 'http://localhost:18081/'], view)).toMatchObject({ stderr: "curl: (7) Failed to connect to localhost port 18081 after 0 ms: Couldn't connect to server\n", exitCode: 7 });
    const again = await kubectl('kubectl port-forward pod/api 18080:8080');
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain('Unable to listen on port 18080: Listeners failed to create with the following errors: [unable to create listener: Error listen tcp4 127.0.0.1:18080: bind: address already in use');
    expect(await kubectl('kubectl port-forward svc/api')).toMatchObject({ stderr: "error: TYPE/NAME and list of ports are required for port-forward\nSee 'kubectl port-forward -h' for help and examples\n", exitCode: 1 });
  });
});

describe('exec and port-forward on TYPE/NAME', () => {
  it('a Service names its first running pod; one whose selector matches none times out after --pod-running-timeout', async () => {
    cluster.systemClient().patch('pods', 'default', 'tools', 'merge', { metadata: { labels: { app: 'tools' } } });
    cluster.apply({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'tools', namespace: 'default' }, spec: { selector: { app: 'tools' }, ports: [{ port: 80 }] } });
    expect(await kubectl('kubectl exec svc/tools -- hostname')).toMatchObject({ stdout: 'tools\n', exitCode: 0 });
    cluster.apply({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'nobody', namespace: 'default' }, spec: { selector: { app: 'nobody' }, ports: [{ port: 80 }] } });
    const before = cluster.now();
    expect(await kubectl('kubectl port-forward svc/nobody 18090:80 --pod-running-timeout=5s')).toMatchObject({ stderr: 'error: timed out waiting for the condition\n', exitCode: 1 });
    expect(cluster.now() - before).toBe(5_000);
    expect(await kubectl('kubectl exec deploy/nothing -- ls')).toMatchObject({ stderr: 'Error from server (NotFound): deployments.apps "nothing" not found\n', exitCode: 1 });
  });
});
