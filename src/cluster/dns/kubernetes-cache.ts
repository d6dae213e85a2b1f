/**
 * The kubernetes plugin's caches (plugin/kubernetes controller.go): informers
 * on Services, EndpointSlices (indexed by their Service) and Namespaces,
 * listed and watched with CoreDNS's own client. They follow the API server's
 * watch, so an answer reflects a change as soon as the watch delivers it,
 * and nothing runs while nothing changes. The SOA serial is the time of the
 * last change seen.
 */
import type { ApiClient, KubeObject } from '../apiserver/types.js';
import { Informer } from '../client/informer.js';
import type { KubernetesView } from './kubernetes-records.js';

/** The plugin's informers and the view answers are computed from. */
export class KubernetesCache {
  private readonly services: Informer;
  private readonly slices: Informer;
  private readonly namespaces: Informer;
  private readonly slicesByService = new Map<string, Map<string, KubeObject>>();
  private modified: number;
  /** Did every list succeed (the plugin's HasSynced; `/ready` answers 503 until then)? */
  readonly synced: boolean;
  readonly view: KubernetesView;

  constructor(client: ApiClient, private readonly now: () => number) {
    this.modified = Math.floor(now() / 1000);
    const touch = () => void (this.modified = Math.floor(this.now() / 1000));
    this.services = new Informer(client, 'services').on(touch);
    this.slices = new Informer(client, 'endpointslices').on((type, obj, old) => {
      touch();
      if (old) this.slicesByService.get(serviceKey(old))?.delete(String(old.metadata.name));
      if (type === 'DELETED') return;
      const key = serviceKey(obj);
      let m = this.slicesByService.get(key);
      if (!m) this.slicesByService.set(key, (m = new Map()));
      m.set(String(obj.metadata.name), obj);
    });
    this.namespaces = new Informer(client, 'namespaces').on(touch);
    this.synced = this.services.start() && this.slices.start() && this.namespaces.start();
    this.view = {
      service: (ns, name) => this.services.get(ns, name),
      services: () => this.services.list(),
      endpointSlices: (ns, svc) => this.slicesByService.get(`${ns}/${svc}`)?.values() ?? [],
      namespaceExists: (ns) => this.namespaces.get(undefined, ns) !== undefined,
      modified: () => this.modified,
    };
  }

  /** Stops the watches (the process ended). */
  stop(): void {
    this.services.stop();
    this.slices.stop();
    this.namespaces.stop();
  }
}

/** `namespace/service` of an EndpointSlice (its kubernetes.io/service-name label). */
function serviceKey(slice: KubeObject): string {
  return `${slice.metadata.namespace}/${slice.metadata.labels?.['kubernetes.io/service-name'] ?? ''}`;
}
