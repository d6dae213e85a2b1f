/**
 * The Endpoints controller (pkg/controller/endpoint/endpoints_controller.go):
 * one Endpoints object per selector Service, named like it, listing ready
 * pods in `addresses` and unready ones in `notReadyAddresses`, packed into
 * subsets by port set (RepackSubsets).
 */
import type { KubeObject } from '../apiserver/types.js';
import type { Informer } from '../client/informer.js';
import type { Controller, ControllerContext } from './controller.js';
import { WorkQueue } from './work-queue.js';
import { byNamespace, byNamespaceLabel, type Index } from './indexes.js';
import { findPort, managedService, podsForService, servicesForPod, shouldPodBeInEndpoints } from './service-pods.js';
import { isPodReady, isoSeconds, objectKey, splitKey, type Obj } from './util.js';
import { jsonEqual } from '../json.js';

/** endpoints.LessEndpointAddress: IP strings compared bytewise, then target UID. */
function lessAddress(a: Obj, b: Obj): number {
  if (a.ip !== b.ip) return a.ip < b.ip ? -1 : 1;
  const ua = a.targetRef?.uid ?? '';
  const ub = b.targetRef?.uid ?? '';
  return ua < ub ? -1 : ua > ub ? 1 : 0;
}

/** Maintains Endpoints objects. */
export class EndpointsController implements Controller {
  readonly name = 'endpoints-controller';
  private readonly services: Informer;
  private readonly pods: Informer;
  private readonly podsByLabel: Index;
  private readonly servicesByNamespace: Index;
  private readonly endpoints: Informer;
  private readonly queue: WorkQueue;

  constructor(private readonly c: ControllerContext) {
    this.services = c.informers.informer('services');
    this.pods = c.informers.informer('pods');
    this.podsByLabel = c.informers.index('pods', 'namespace-label', byNamespaceLabel);
    this.servicesByNamespace = c.informers.index('services', 'namespace', byNamespace);
    this.endpoints = c.informers.informer('endpoints');
    this.queue = new WorkQueue(c.ctx.queue, (key) => this.sync(key));
    this.services.on((_t, svc) => this.queue.add(objectKey(svc)));
    this.pods.on((_t, pod, old) => servicesForPod(pod, old, this.servicesByNamespace).forEach((k) => this.queue.add(k)));
    this.endpoints.on((t, ep) => t === 'DELETED' && this.queue.add(objectKey(ep)));
  }

  start(): void {}

  stop(): void {
    this.queue.stop();
  }

  private sync(key: string): void {
    const [ns, name] = splitKey(key);
    const svc = this.services.get(ns, name);
    if (!svc) {
      // The Endpoints of a deleted service go with it.
      const ep = this.endpoints.get(ns, name);
      if (ep && !ep.metadata.ownerReferences?.length && this.wasManaged(ep)) this.c.client.delete('endpoints', ns, name);
      return;
    }
    if (!managedService(svc)) return;
    const spec = svc.spec as Obj;
    const publishNotReady = spec.publishNotReadyAddresses === true;
    // subsets keyed by their port set
    const groups = new Map<string, { ports: Obj[]; addresses: Obj[]; notReadyAddresses: Obj[] }>();
    for (const pod of podsForService(svc, this.podsByLabel)) {
      if (!shouldPodBeInEndpoints(pod, publishNotReady)) continue;
      const podStatus = pod.status as Obj;
      const address: Obj = { ip: podStatus.podIP };
      const nodeName = (pod.spec as Obj)?.nodeName;
      if (nodeName) address.nodeName = nodeName;
      address.targetRef = { kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name, uid: pod.metadata.uid };
      const ready = publishNotReady || isPodReady(pod);
      const ports: Obj[] = [];
      for (const sp of (spec.ports ?? []) as Obj[]) {
        const port = findPort(pod, sp);
        if (port === undefined) continue;
        ports.push({ ...(sp.name ? { name: sp.name } : {}), port, protocol: sp.protocol ?? 'TCP', ...(sp.appProtocol ? { appProtocol: sp.appProtocol } : {}) });
      }
      // A headless service without ports still lists its pods.
      if (ports.length === 0 && (spec.ports ?? []).length > 0) continue;
      // Byte order, as Go compares strings: localeCompare would follow the user's locale (another order
      // under another LANG) and costs ICU's collator start-up, some 20-40 ms, in every warm-up.
      const portKey = `[${ports.map((p) => JSON.stringify(p)).sort().join(',')}]`;
      let g = groups.get(portKey);
      if (!g) groups.set(portKey, (g = { ports, addresses: [], notReadyAddresses: [] }));
      (ready ? g.addresses : g.notReadyAddresses).push(address);
    }
    const subsets = [...groups.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, g]) => ({
        ...(g.addresses.length ? { addresses: g.addresses.sort(lessAddress) } : {}),
        ...(g.notReadyAddresses.length ? { notReadyAddresses: g.notReadyAddresses.sort(lessAddress) } : {}),
        ...(g.ports.length ? { ports: g.ports } : {}),
      }));
    const labels: Record<string, string> = { ...(svc.metadata.labels ?? {}) };
    if (spec.clusterIP === 'None') labels['service.kubernetes.io/headless'] = '';
    const existing = this.endpoints.get(ns, name);
    const body: KubeObject = {
      apiVersion: 'v1',
      kind: 'Endpoints',
      metadata: {
        ...(existing ? structuredClone(existing.metadata) : { name, namespace: ns }),
        ...(Object.keys(labels).length ? { labels } : {}),
      },
      ...(subsets.length ? { subsets } : {}),
    };
    if (existing && jsonEqual(existing.subsets ?? [], body.subsets ?? []) && jsonEqual(existing.metadata.labels ?? {}, labels)) return;
    // endpoints.kubernetes.io/last-change-trigger-time: when the change that caused this write happened.
    body.metadata.annotations = { ...(body.metadata.annotations ?? {}), 'endpoints.kubernetes.io/last-change-trigger-time': isoSeconds(this.c.ctx.queue.now()) };
    if (!Object.keys(labels).length) delete body.metadata.labels;
    const r = existing ? this.c.client.update('endpoints', ns, body) : this.c.client.create('endpoints', ns, body);
    if (!r.ok && (r.status.reason === 'Conflict' || r.status.reason === 'AlreadyExists')) this.queue.addAfter(key, 1000);
  }

  private wasManaged(ep: KubeObject): boolean {
    return !!ep.metadata.annotations?.['endpoints.kubernetes.io/last-change-trigger-time'];
  }
}
