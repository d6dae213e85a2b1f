import { describe, it, expect } from 'vitest';
import { EventQueue } from '../../../src/cluster/clock/event-queue.js';
import { Random } from '../../../src/cluster/clock/random.js';
import { ImageCatalog } from '../../../src/cluster/workloads/catalog.js';
import { ContainerRuntime, type RuntimeContainer } from '../../../src/cluster/runtime/runtime.js';

function setup() {
  const queue = new EventQueue(1_000_000);
  const catalog = new ImageCatalog();
  catalog.add('shop/crash:1', { exits: { code: 2, afterMs: 3000 }, logs: ['boot'], binaries: ['/app'] });
  const runtime = new ContainerRuntime(queue, new Random(5), catalog);
  const exits: RuntimeContainer[] = [];
  runtime.onExit((c) => exits.push(c));
  const sandbox = runtime.runPodSandbox({ uid: 'u1', name: 'p', namespace: 'default' }, '10.244.1.5', 0);
  if (!sandbox.ok) throw new Error(sandbox.error);
  return { queue, runtime, exits, sandbox: sandbox.value };
}

describe('ContainerRuntime', () => {
  it('pulls catalog images once, by normalized name', () => {
    const { runtime } = setup();
    const first = runtime.pullImage('nginx:1.27');
    const again = runtime.pullImage('docker.io/library/nginx:1.27');
    expect(first.ok && again.ok && first.value.id === again.value.id).toBe(true);
    expect(first.ok && first.value).toMatchObject({ tags: ['docker.io/library/nginx:1.27'], sizeBytes: 72099410 });
    expect(first.ok && first.value.id).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(runtime.findImage('nginx:1.27')).toBeDefined();
    expect(runtime.findImage('nginx:1.26')).toBeUndefined();
  });

  it('runs a container: logs at start, exits on its own with the image\'s code, notifies the PLEG listener', () => {
    const { queue, runtime, exits, sandbox } = setup();
    const image = runtime.pullImage('shop/crash:1');
    if (!image.ok) throw new Error(image.error);
    const c = runtime.createContainer(sandbox.id, { name: 'app', command: ['/app'] }, image.value, 0);
    if (!c.ok) throw new Error(c.error);
    expect(c.value.state).toBe('CONTAINER_CREATED');
    expect(runtime.startContainer(c.value.id, ['/app']).ok).toBe(true);
    expect(c.value.logs.lines()).toEqual([{ time: 1_000_000, line: 'boot' }]);
    expect(runtime.serving(c.value, 80)).toBe(false);
    queue.runUntil(1_003_000);
    expect(c.value).toMatchObject({ state: 'CONTAINER_EXITED', exitCode: 2, reason: 'Error', startedAt: 1_000_000, finishedAt: 1_003_000 });
    expect(exits.map((e) => e.id)).toEqual([c.value.id]);
  });

  it('a command naming a missing executable fails to start with runc\'s error and exit 128', () => {
    const { runtime, exits, sandbox } = setup();
    const image = runtime.pullImage('shop/crash:1');
    if (!image.ok) throw new Error(image.error);
    const c = runtime.createContainer(sandbox.id, { name: 'app', command: ['/bin/server'] }, image.value, 0);
    if (!c.ok) throw new Error(c.error);
    const started = runtime.startContainer(c.value.id, ['/bin/server']);
    expect(started).toEqual({ ok: false, error: 'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "/bin/server": stat /bin/server: no such file or directory: unknown' });
    expect(c.value).toMatchObject({ state: 'CONTAINER_EXITED', exitCode: 128, reason: 'StartError' });
    expect(exits).toEqual([]);
  });

  it('stopContainer kills with 137 without a PLEG notification; shell idioms bend behaviour', () => {
    const { queue, runtime, exits, sandbox } = setup();
    const image = runtime.pullImage('busybox:1.36');
    if (!image.ok) throw new Error(image.error);
    const forever = runtime.createContainer(sandbox.id, { name: 'a', command: ['sh', '-c', 'echo hello; sleep infinity'] }, image.value, 0);
    const brief = runtime.createContainer(sandbox.id, { name: 'b', command: ['sh', '-c', 'sleep 5; exit 3'] }, image.value, 0);
    if (!forever.ok || !brief.ok) throw new Error('create failed');
    runtime.startContainer(forever.value.id, ['sh']);
    runtime.startContainer(brief.value.id, ['sh']);
    queue.runUntil(1_010_000);
    expect([forever.value.state, forever.value.logs.lines().map((l) => l.line)]).toEqual(['CONTAINER_RUNNING', ['hello']]);
    expect(brief.value).toMatchObject({ state: 'CONTAINER_EXITED', exitCode: 3, finishedAt: 1_005_000 });
    runtime.stopContainer(forever.value.id);
    expect(forever.value).toMatchObject({ state: 'CONTAINER_EXITED', exitCode: 137 });
    expect(exits.map((e) => e.name)).toEqual(['b']);
  });

  it('when down, every CRI call fails with the socket error', () => {
    const { runtime } = setup();
    runtime.up = false;
    const r = runtime.pullImage('nginx:1.27');
    expect(r).toEqual({ ok: false, error: 'rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: connection refused"' });
    expect(runtime.runPodSandbox({ uid: 'u2', name: 'q', namespace: 'default' }, '10.244.1.6', 0).ok).toBe(false);
  });

  it('removing a sandbox removes its containers', () => {
    const { runtime, sandbox } = setup();
    const image = runtime.pullImage('nginx:1.27');
    if (!image.ok) throw new Error(image.error);
    runtime.createContainer(sandbox.id, { name: 'web' }, image.value, 0);
    expect(runtime.containersOf(sandbox.id)).toHaveLength(1);
    runtime.removePodSandbox(sandbox.id);
    expect([runtime.containers.size, runtime.sandboxes.size]).toEqual([0, 0]);
  });
});
