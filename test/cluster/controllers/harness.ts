/**
 * A small cluster for controller tests: event queue, store, API server and
 * a controller-manager, plus a fake scheduler and fake kubelets that bind
 * pods, write pod status (Running, podIP, Ready) and renew node Leases.
 */
import { EventQueue } from '../../../src/cluster/clock/event-queue.js';
import { Random } from '../../../src/cluster/clock/random.js';
import { Store } from '../../../src/cluster/store/store.js';
import { ApiServer } from '../../../src/cluster/apiserver/server.js';
import { componentContext, type ComponentContext } from '../../../src/cluster/component.js';
import type { ApiClient, KubeObject } from '../../../src/cluster/apiserver/types.js';
import { rbacBootstrap } from '../../../src/cluster/bootstrap/kubeadm.js';
import { ControllerManager, type ControllerManagerOptions } from '../../../src/cluster/controllers/controller-manager.js';

type Obj = Record<string, any>;

/** 2025-01-01T00:00:00Z */
export const T0 = Date.UTC(2025, 0, 1);

/** ISO seconds. */
export function iso(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A fake node: its kubelet can be stopped (no lease renewals, no pod work). */
export interface FakeNode {
  name: string;
  index: number;
  alive: boolean;
  /** Pods become Ready this long after they start running. */
  readyDelayMs: number;
}

/** The test cluster. */
export interface TestCluster {
  queue: EventQueue;
  api: ApiServer;
  admin: ApiClient;
  ctx: ComponentContext;
  jumpHooks: ((d: number) => void)[];
  cm: ControllerManager;
  nodes: Map<string, FakeNode>;
  /** Runs the simulation for `ms`. */
  advance(ms: number): void;
  addNode(name: string, opts?: { readyDelayMs?: number; taints?: Obj[] }): FakeNode;
  create(resource: string, obj: Obj, ns?: string): KubeObject;
  get(resource: string, ns: string | undefined, name: string): KubeObject | undefined;
  list(resource: string, ns?: string): KubeObject[];
  events(reason?: string): Obj[];
  /** Pods marked not ready by the test (the fake kubelet keeps them unready). */
  unready: Set<string>;
}

/** Builds a cluster with namespaces and a started controller-manager (`manager: false` to skip). */
export function testCluster(options: Partial<ControllerManagerOptions> & { manager?: boolean } = {}): TestCluster {
  const queue = new EventQueue(T0);
  const random = new Random(7);
  const store = new Store(queue);
  const api = new ApiServer({ store, queue, random, version: { gitVersion: 'v1.32.0', major: '1', minor: '32' } });
  // The API server's bootstrap RBAC (cluster-admin for system:masters), written as kube-apiserver would at start.
  for (const obj of rbacBootstrap()) store.put(obj.kind === 'ClusterRole' ? 'clusterroles' : 'clusterrolebindings', structuredClone(obj) as KubeObject, 'ADDED');
  const jumpHooks: ((d: number) => void)[] = [];
  const ctx = componentContext(queue, random, (c) => api.client(c), jumpHooks);
  const admin = api.client({ type: 'loopback', user: 'admin', groups: ['system:masters'] });
  for (const ns of ['default', 'kube-system', 'kube-node-lease']) admin.create('namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
  const cm = new ControllerManager(ctx, { hostName: 'cp-1', ...options });
  const nodes = new Map<string, FakeNode>();
  const unready = new Set<string>();
  let rr = 0;
  let ipSeq = 10;

  const tick = () => {
    const now = queue.now();
    const alive = [...nodes.values()].filter((n) => n.alive);
    for (const pod of admin.list('pods', undefined).ok ? (admin.list('pods', undefined) as { ok: true; value: { items: KubeObject[] } }).value.items : []) {
      const spec = pod.spec as Obj;
      const status = (pod.status ?? {}) as Obj;
      if (!spec.nodeName) {
        // Fake scheduler: daemon pods go to their pinned node, others round-robin over untainted live nodes.
        const pinned = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms?.[0]?.matchFields?.[0]?.values?.[0];
        const candidates = alive.filter((n) => !((get('nodes', undefined, n.name)?.spec as Obj)?.taints ?? []).some((t: Obj) => t.effect !== 'PreferNoSchedule'));
        const target = pinned ?? (candidates.length ? candidates[rr++ % candidates.length].name : undefined);
        if (target) admin.create('bindings', pod.metadata.namespace, { apiVersion: 'v1', kind: 'Binding', metadata: { name: pod.metadata.name }, target: { kind: 'Node', name: target } } as KubeObject);
        continue;
      }
      const node = nodes.get(spec.nodeName);
      if (!node?.alive) continue;
      if (pod.metadata.deletionTimestamp) {
        admin.delete('pods', pod.metadata.namespace, pod.metadata.name!, { gracePeriodSeconds: 0 });
        continue;
      }
      const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
      if (status.phase !== 'Running') {
        const next = { ...pod, status: { phase: 'Running', podIP: `10.244.${node.index}.${ipSeq++}`, startTime: iso(now), conditions: [{ type: 'Ready', status: 'False', lastProbeTime: null, lastTransitionTime: iso(now) }] } };
        admin.updateStatus('pods', pod.metadata.namespace, next as KubeObject);
        continue;
      }
      const ready = status.conditions?.find((c: Obj) => c.type === 'Ready');
      const started = Date.parse(status.startTime);
      const wantReady = !unready.has(key) && now >= started + node.readyDelayMs;
      if ((ready?.status === 'True') !== wantReady) {
        const conditions = [{ type: 'Ready', status: wantReady ? 'True' : 'False', lastProbeTime: null, lastTransitionTime: iso(now) }];
        admin.updateStatus('pods', pod.metadata.namespace, { ...pod, status: { ...status, conditions } } as KubeObject);
      }
    }
  };

  const get = (resource: string, ns: string | undefined, name: string) => {
    const r = admin.get(resource, ns, name);
    return r.ok ? r.value : undefined;
  };

  const cluster: TestCluster = {
    queue,
    api,
    admin,
    ctx,
    jumpHooks,
    cm,
    nodes,
    unready,
    advance(ms: number) {
      queue.runUntil(queue.now() + ms);
    },
    addNode(name, opts = {}) {
      const node: FakeNode = { name, index: nodes.size + 1, alive: true, readyDelayMs: opts.readyDelayMs ?? 0 };
      nodes.set(name, node);
      const now = queue.now();
      const created = admin.create('nodes', undefined, { apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, spec: opts.taints ? { taints: opts.taints } : {} });
      if (!created.ok) throw new Error(created.status.message);
      const conditions = [
        { type: 'MemoryPressure', status: 'False', lastHeartbeatTime: iso(now), lastTransitionTime: iso(now), reason: 'KubeletHasSufficientMemory', message: 'kubelet has sufficient memory available' },
        { type: 'DiskPressure', status: 'False', lastHeartbeatTime: iso(now), lastTransitionTime: iso(now), reason: 'KubeletHasNoDiskPressure', message: 'kubelet has no disk pressure' },
        { type: 'PIDPressure', status: 'False', lastHeartbeatTime: iso(now), lastTransitionTime: iso(now), reason: 'KubeletHasSufficientPID', message: 'kubelet has sufficient PID available' },
        { type: 'Ready', status: 'True', lastHeartbeatTime: iso(now), lastTransitionTime: iso(now), reason: 'KubeletReady', message: 'kubelet is posting ready status' },
      ];
      admin.updateStatus('nodes', undefined, { ...created.value, status: { conditions } });
      const renew = () => {
        if (!node.alive) return;
        const t = new Date(queue.now()).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
        const lease = get('leases', 'kube-node-lease', name);
        const spec = { holderIdentity: name, leaseDurationSeconds: 40, renewTime: t };
        if (lease) admin.update('leases', 'kube-node-lease', { ...lease, spec });
        else admin.create('leases', 'kube-node-lease', { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name, namespace: 'kube-node-lease' }, spec });
      };
      renew();
      queue.every(10_000, renew);
      return node;
    },
    create(resource, obj, ns = 'default') {
      const r = admin.create(resource, ns, obj as KubeObject);
      if (!r.ok) throw new Error(r.status.message);
      return r.value;
    },
    get,
    list(resource, ns) {
      const r = admin.list(resource, ns);
      return r.ok ? r.value.items : [];
    },
    events(reason) {
      return cluster.list('events').filter((e) => !reason || (e as Obj).reason === reason) as Obj[];
    },
  };
  queue.every(1000, tick);
  if (options.manager !== false) cm.start();
  return cluster;
}

/** A Deployment manifest. */
export function deployment(name: string, replicas: number, image = 'nginx:1.27', extra: Obj = {}): Obj {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: { replicas, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'app', image, ports: [{ name: 'http', containerPort: 8080 }] }] } }, ...extra },
  };
}

/** Pods whose labels include `app=<app>`, not terminating. */
export function livePods(c: TestCluster, app: string): KubeObject[] {
  return c.list('pods', 'default').filter((p) => p.metadata.labels?.app === app && !p.metadata.deletionTimestamp);
}
