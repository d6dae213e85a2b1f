/**
 * The resource quota controller (pkg/controller/resourcequota): keeps each
 * ResourceQuota's status — `hard` as the spec says, `used` as the namespace's
 * objects add up (quota-usage.ts, the arithmetic admission judges by) — so
 * `kubectl get quota` and `describe quota` show usage. It recalculates when a
 * quota changes and when an object it counts is added, changed or removed
 * (upstream's replenishment), and on its resync period.
 */
import type { KubeObject } from '../apiserver/types.js';
import type { Informer } from '../client/informer.js';
import { isTerminalPod, podMemoryBinary, podUsage, showAmount } from '../apiserver/quota-usage.js';
import type { Controller, ControllerContext } from './controller.js';
import { WorkQueue } from './work-queue.js';
import { jsonEqual } from '../json.js';

type Obj = Record<string, any>;

/** --resource-quota-sync-period (5m0s). */
const RESYNC_MS = 5 * 60_000;

/** Resources whose objects are counted, by the quota names that count them. */
const COUNTED: Readonly<Record<string, string>> = {
  services: 'services',
  configmaps: 'configmaps',
  secrets: 'secrets',
  persistentvolumeclaims: 'persistentvolumeclaims',
  resourcequotas: 'resourcequotas',
  'count/services': 'services',
  'count/configmaps': 'configmaps',
  'count/secrets': 'secrets',
  'count/persistentvolumeclaims': 'persistentvolumeclaims',
  'count/resourcequotas': 'resourcequotas',
  'count/deployments.apps': 'deployments',
  'count/replicasets.apps': 'replicasets',
  'count/daemonsets.apps': 'daemonsets',
  'count/statefulsets.apps': 'statefulsets',
};

/** Records each quota's hard limits and the usage it measures. */
export class ResourceQuotaController implements Controller {
  readonly name = 'resourcequota-controller';
  private readonly quotas: Informer;
  private readonly informers = new Map<string, Informer>();
  private readonly queue: WorkQueue;
  private stopResync?: () => void;

  constructor(private readonly c: ControllerContext) {
    this.quotas = c.informers.informer('resourcequotas');
    this.queue = new WorkQueue(c.ctx.queue, (ns) => this.sync(ns));
    this.quotas.on((type, q) => type !== 'DELETED' && this.queue.add(q.metadata.namespace!));
    for (const resource of ['pods', ...new Set(Object.values(COUNTED))]) {
      const informer = resource === 'resourcequotas' ? this.quotas : c.informers.informer(resource);
      this.informers.set(resource, informer);
      // Only namespaces with a quota have anything to recalculate.
      informer.on((_type, obj) => {
        const ns = obj.metadata.namespace;
        if (ns && this.hasQuota(ns)) this.queue.add(ns);
      });
    }
  }

  start(): void {
    this.stopResync = this.c.ctx.queue.every(RESYNC_MS, () => {
      for (const q of this.quotas.list()) this.queue.add(q.metadata.namespace!);
    });
  }

  stop(): void {
    this.stopResync?.();
    this.queue.stop();
  }

  private hasQuota(namespace: string): boolean {
    return this.quotas.list().some((q) => q.metadata.namespace === namespace);
  }

  private sync(namespace: string): void {
    for (const quota of this.quotas.list()) {
      if (quota.metadata.namespace !== namespace) continue;
      const hard = ((quota.spec as Obj | undefined)?.hard ?? {}) as Record<string, string>;
      const used: Record<string, string> = {};
      for (const resource of Object.keys(hard)) used[resource] = this.usage(namespace, resource);
      const status = { hard: { ...hard }, used };
      if (jsonEqual((quota as Obj).status ?? {}, status)) continue;
      this.c.client.updateStatus('resourcequotas', namespace, { ...quota, status } as KubeObject);
    }
  }

  /** The measured usage of one quota resource in a namespace, as status.used prints it. */
  private usage(namespace: string, resource: string): string {
    const counted = COUNTED[resource];
    if (counted) return String(this.objects(counted, namespace).length);
    if (resource === 'services.nodeports' || resource === 'services.loadbalancers') {
      const type = resource === 'services.nodeports' ? ['NodePort', 'LoadBalancer'] : ['LoadBalancer'];
      const services = this.objects('services', namespace).filter((s) => type.includes((s.spec as Obj | undefined)?.type));
      return String(resource === 'services.nodeports' ? services.reduce((n, s) => n + ((s.spec as Obj).ports ?? []).length, 0) : services.length);
    }
    let total = 0;
    let binary: boolean | undefined;
    for (const pod of this.objects('pods', namespace)) {
      if (isTerminalPod(pod as Obj)) continue;
      const v = podUsage(pod as Obj)[resource];
      if (v === undefined) continue;
      total += v;
      binary ??= podMemoryBinary(pod as Obj, resource);
    }
    return showAmount(resource, total, binary ?? false);
  }

  private objects(resource: string, namespace: string): KubeObject[] {
    return (this.informers.get(resource)?.list() ?? []).filter((o) => o.metadata.namespace === namespace);
  }
}
