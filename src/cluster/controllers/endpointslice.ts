/**
 * The EndpointSlice controller (pkg/controller/endpointslice,
 * staging/src/k8s.io/endpointslice reconciler.go): one IPv4 slice per selector
 * Service, named `<service>-<suffix>`, with ready/serving/terminating
 * conditions per pod. A Service without pods keeps an empty placeholder slice.
 */
import type { KubeObject } from '../apiserver/types.js';
import type { Informer } from '../client/informer.js';
import type { Controller, ControllerContext } from './controller.js';
import { WorkQueue } from './work-queue.js';
import { byNamespace, byNamespaceLabel, type Index } from './indexes.js';
import { findPort, managedService, podsForService, servicesForPod, shouldPodBeInEndpoints } from './service-pods.js';
import { controllerRef, isPodReady, objectKey, splitKey, type Obj } from './util.js';
import { jsonEqual } from '../json.js';

/** Label naming the owning Service. */
export const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';
/** Label naming the managing controller. */
export const MANAGED_BY_LABEL = 'endpointslice.kubernetes.io/managed-by';
/** This controller's managed-by value. */
export const CONTROLLER_NAME = 'endpointslice-controller.k8s.io';
/** Endpoints per slice (--max-endpoints-per-slice default). */
const MAX_ENDPOINTS_PER_SLICE = 100;

/** Maintains EndpointSlices for selector Services. */
export class EndpointSliceController implements Controller {
  readonly name = 'endpointslice-controller';
  private readonly services: Informer;
  private readonly pods: Informer;
  private readonly podsByLabel: Index;
  private readonly servicesByNamespace: Index;
  private readonly slices: Informer;
  private readonly queue: WorkQueue;
  /** Slices created but not yet seen by the informer (the upstream endpointSliceTracker's job). */
  private readonly pendingCreate = new Map<string, string>();

  constructor(private readonly c: ControllerContext) {
    this.services = c.informers.informer('services');
    this.pods = c.informers.informer('pods');
    this.podsByLabel = c.informers.index('pods', 'namespace-label', byNamespaceLabel);
    this.servicesByNamespace = c.informers.index('services', 'namespace', byNamespace);
    this.slices = c.informers.informer('endpointslices');
    this.queue = new WorkQueue(c.ctx.queue, (key) => this.sync(key));
    this.services.on((_t, svc) => this.queue.add(objectKey(svc)));
    this.pods.on((_t, pod, old) => servicesForPod(pod, old, this.servicesByNamespace).forEach((k) => this.queue.add(k)));
    this.slices.on((_t, slice) => {
      const svc = slice.metadata.labels?.[SERVICE_NAME_LABEL];
      if (!svc || slice.metadata.labels?.[MANAGED_BY_LABEL] !== CONTROLLER_NAME) return;
      const key = `${slice.metadata.namespace}/${svc}`;
      if (this.pendingCreate.get(key) === slice.metadata.name) this.pendingCreate.delete(key);
      this.queue.add(key);
    });
  }

  start(): void {}

  stop(): void {
    this.queue.stop();
  }

  private owned(ns: string | undefined, name: string): KubeObject[] {
    return this.slices
      .list()
      .filter((s) => s.metadata.namespace === ns && s.metadata.labels?.[SERVICE_NAME_LABEL] === name && s.metadata.labels?.[MANAGED_BY_LABEL] === CONTROLLER_NAME)
      .sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
  }

  private sync(key: string): void {
    const [ns, name] = splitKey(key);
    const svc = this.services.get(ns, name);
    const existing = this.owned(ns, name);
    if (!svc || !managedService(svc)) {
      // Slices of a deleted service go through the garbage collector (owner reference).
      if (svc) for (const s of existing) this.c.client.delete('endpointslices', ns, s.metadata.name!);
      return;
    }
    const spec = svc.spec as Obj;
    const publishNotReady = spec.publishNotReadyAddresses === true;
    const endpoints: Obj[] = [];
    let ports: Obj[] | null = null;
    for (const pod of podsForService(svc, this.podsByLabel).sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1))) {
      if (!shouldPodBeInEndpoints(pod, true)) continue;
      const podPorts: Obj[] = [];
      for (const sp of (spec.ports ?? []) as Obj[]) {
        const port = findPort(pod, sp);
        if (port === undefined) continue;
        podPorts.push({ name: sp.name ?? '', port, protocol: sp.protocol ?? 'TCP', ...(sp.appProtocol ? { appProtocol: sp.appProtocol } : {}) });
      }
      // All endpoints of one slice share its ports; pods resolving differently are left out of this slice.
      if (ports === null) ports = podPorts;
      else if (!jsonEqual(ports, podPorts)) continue;
      const terminating = !!pod.metadata.deletionTimestamp;
      const serving = isPodReady(pod);
      const ready = publishNotReady || (serving && !terminating);
      const nodeName = (pod.spec as Obj)?.nodeName;
      endpoints.push({
        addresses: [(pod.status as Obj).podIP],
        conditions: { ready, serving, terminating },
        ...(nodeName ? { nodeName } : {}),
        targetRef: { kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name, uid: pod.metadata.uid },
      });
      if (endpoints.length >= MAX_ENDPOINTS_PER_SLICE) break;
    }
    const labels: Record<string, string> = { ...(svc.metadata.labels ?? {}), [SERVICE_NAME_LABEL]: name, [MANAGED_BY_LABEL]: CONTROLLER_NAME };
    if (spec.clusterIP === 'None') labels['service.kubernetes.io/headless'] = '';
    const desired: Obj = {
      labels,
      endpoints: endpoints.length ? endpoints : null,
      ports: ports && ports.length ? ports : null,
    };
    const [first, ...extra] = existing;
    for (const s of extra) this.c.client.delete('endpointslices', ns, s.metadata.name!);
    if (first) {
      if (jsonEqual(first.metadata.labels, desired.labels) && jsonEqual(first.endpoints ?? null, desired.endpoints) && jsonEqual(first.ports ?? null, desired.ports)) return;
      const r = this.c.client.update('endpointslices', ns, { ...first, metadata: { ...first.metadata, labels }, endpoints: desired.endpoints, ports: desired.ports });
      if (!r.ok && r.status.reason === 'Conflict') this.queue.addAfter(key, 1000);
      return;
    }
    if (this.pendingCreate.has(key)) return;
    const slice: KubeObject = {
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata: { generateName: `${name}-`, namespace: ns, labels, ownerReferences: [controllerRef(svc)] },
      addressType: 'IPv4',
      endpoints: desired.endpoints,
      ports: desired.ports,
    };
    const created = this.c.client.create('endpointslices', ns, slice);
    if (created.ok) this.pendingCreate.set(key, created.value.metadata.name!);
  }
}
