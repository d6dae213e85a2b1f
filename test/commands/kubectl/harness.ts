/**
 * A bare API server with kubeadm's namespaces and RBAC, an admin client like
 * the learner's kubeconfig, and helpers to seed objects and run kubectl lines.
 */
import { EventQueue } from '../../../src/cluster/clock/event-queue.js';
import { Random } from '../../../src/cluster/clock/random.js';
import { Store } from '../../../src/cluster/store/store.js';
import { ApiServer } from '../../../src/cluster/apiserver/server.js';
import type { ApiClient, KubeObject } from '../../../src/cluster/apiserver/types.js';
import type { Credential } from '../../../src/cluster/apiserver/authn.js';
import { resourceForKind } from '../../../src/cluster/apiserver/resources.js';
import { rbacBootstrap, SYSTEM_NAMESPACES } from '../../../src/cluster/bootstrap/kubeadm.js';
import type { CommandContext, ExecResult } from '../../../src/commands/types.js';
import { runKubectl } from '../../../src/commands/kubectl/kubectl.js';

type Obj = Record<string, any>;

/** 2026-11-30T04:00:00Z, the reference catalog's clock. */
export const T0 = Date.parse('2026-11-30T04:00:00Z');

/** Splits a command line on spaces, honouring '...' and "..." quotes. */
export function words(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: string | undefined;
  let has = false;
  for (const c of line) {
    if (quote) {
      if (c === quote) quote = undefined;
      else cur += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      has = true;
    } else if (c === ' ') {
      if (has || cur) out.push(cur);
      cur = '';
      has = false;
    } else cur += c;
  }
  if (has || cur) out.push(cur);
  return out;
}

/** A test cluster: API server, system client for seeding, kubectl runner. */
export class TestCluster {
  readonly queue = new EventQueue(T0);
  readonly api: ApiServer;
  readonly sys: ApiClient;
  readonly admin: ApiClient;
  /** kubeadm's admin.conf identity (impersonating clients act for it). */
  readonly adminCredential: Credential = { type: 'x509', commonName: 'kubernetes-admin', organizations: ['kubeadm:cluster-admins'], notBefore: T0 - 86_400_000, notAfter: T0 + 365 * 86_400_000 };
  /** What `openEditor` returns, in order (kubectl edit tests). */
  editorReplies: ((text: string) => string | undefined)[] = [];
  /** Texts the editor was opened with. */
  readonly editorInputs: string[] = [];

  constructor() {
    const random = new Random(7);
    const store = new Store(this.queue, 1000);
    this.api = new ApiServer({ store, queue: this.queue, random, version: { gitVersion: 'v1.32.4', major: '1', minor: '32' } });
    this.sys = this.api.client({ type: 'loopback', user: 'system:apiserver', groups: ['system:masters'] });
    for (const ns of SYSTEM_NAMESPACES) this.sys.create('namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
    for (const o of rbacBootstrap()) this.add(o);
    this.admin = this.api.client(this.adminCredential);
  }

  /** Creates an object as the system (and its status, if given). */
  add(object: Obj): KubeObject {
    const info = resourceForKind(object.apiVersion, object.kind)!;
    const ns = info.namespaced ? (object.metadata.namespace ?? 'default') : undefined;
    const r = this.sys.create(info.name, ns, structuredClone(object) as KubeObject);
    if (!r.ok) throw new Error(r.status.message);
    if (object.status) {
      const s = this.sys.updateStatus(info.name, ns, { ...r.value, status: object.status });
      if (!s.ok) throw new Error(s.status.message);
      return s.value;
    }
    return r.value;
  }

  /** Moves the clock forward. */
  advance(ms: number): void {
    this.queue.runUntil(this.queue.now() + ms);
  }

  /** The CommandContext kubectl runs in. */
  context(stdin = '', client: ApiClient = this.admin): CommandContext {
    return {
      cluster: {
        now: () => this.queue.now(),
        adminClient: (impersonate) => (impersonate ? this.api.client({ type: 'impersonating', as: this.adminCredential, ...impersonate }) : client),
        nodeNames: () => [],
        advance: (ms) => this.advance(ms),
      },
      host: 'workstation',
      stdin,
      env: {},
      openEditor: async (text) => {
        this.editorInputs.push(text);
        const reply = this.editorReplies.shift();
        return reply ? reply(text) : undefined;
      },
    };
  }

  /** Runs a kubectl line (without the `kubectl` word). */
  run(line: string, stdin = ''): Promise<ExecResult> {
    return runKubectl(words(line), this.context(stdin));
  }
}

/** A pod object with a container and an optional node and status. */
export function pod(name: string, opts: { ns?: string; node?: string; labels?: Record<string, string>; containers?: string[]; status?: Obj } = {}): Obj {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: opts.ns ?? 'default', ...(opts.labels ? { labels: opts.labels } : {}) },
    spec: { ...(opts.node ? { nodeName: opts.node } : {}), containers: (opts.containers ?? ['app']).map((c) => ({ name: c, image: 'nginx:1.25' })) },
    ...(opts.status ? { status: opts.status } : {}),
  };
}

/** A running, ready pod status with one container per name. */
export function running(containers: string[] = ['app'], ip = '10.244.1.5'): Obj {
  return {
    phase: 'Running',
    podIP: ip,
    conditions: [{ type: 'Ready', status: 'True' }],
    containerStatuses: containers.map((name) => ({ name, ready: true, restartCount: 0, image: 'nginx:1.25', imageID: '', started: true, state: { running: { startedAt: new Date(T0).toISOString() } } })),
  };
}

/** A node object. */
export function node(name: string, opts: { unschedulable?: boolean; taints?: Obj[]; ready?: boolean } = {}): Obj {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name } },
    spec: { ...(opts.unschedulable ? { unschedulable: true } : {}), ...(opts.taints ? { taints: opts.taints } : {}) },
    status: { conditions: [{ type: 'Ready', status: opts.ready === false ? 'False' : 'True' }], nodeInfo: { kubeletVersion: 'v1.32.4' } },
  };
}

/** A Deployment object. */
export function deployment(name: string, replicas = 3, image = 'nginx:1.25'): Obj {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default' },
    spec: { replicas, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'app', image }] } } },
  };
}
