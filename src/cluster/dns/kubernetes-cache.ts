/**
 * The kubernetes plugin's caches (plugin/kubernetes controller.go): informers
 * on Services, EndpointSlices (indexed by their Service) and Namespaces,
 * listed and watched with CoreDNS's own client. They follow the API server's
 * watch, so an answer reflects a change as soon as the watch delivers it,
 * and nothing runs while nothing changes. The SOA serial is the time of the
 * last change seen. A list the API server refuses (the ServiceAccount lost
 * its ClusterRoleBinding) is logged as client-go's reflector does and
 * retried with back-off; until every list succeeds the plugin is not ready.
 */
import type { ApiClient, KubeObject } from '../apiserver/types.js';
import { Informer } from '../client/informer.js';
import type { KubernetesView } from './kubernetes-records.js';
import type { TimerId } from '../clock/event-queue.js';

/** The plugin's informers and the view answers are computed from. */
export class KubernetesCache {
  private readonly services: Informer;
  private readonly slices: Informer;
  private readonly namespaces: Informer;
  private readonly slicesByService = new Map<string, Map<string, KubeObject>>();
  private modified: number;
  private retry?: TimerId;
  private retryMs = REFLECTOR_BACKOFF_MS;
  /** Has every list succeeded (the plugin's HasSynced; `/ready` answers 503 until then)? */
  synced = false;
  readonly view: KubernetesView;

  /**
   * @param log writes the process's log lines (a failed list is logged as client-go's reflector does).
   * @param after schedules a retry of the lists that failed (the reflector's back-off).
   */
  constructor(private readonly client: ApiClient, private readonly now: () => number, private readonly log: (lines: string[]) => void, private readonly after: (ms: number, fn: () => void) => TimerId, private readonly cancel: (id: TimerId) => void) {
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
    this.sync();
    this.view = {
      service: (ns, name) => this.services.get(ns, name),
      services: () => this.services.list(),
      endpointSlices: (ns, svc) => this.slicesByService.get(`${ns}/${svc}`)?.values() ?? [],
      namespaceExists: (ns) => this.namespaces.get(undefined, ns) !== undefined,
      modified: () => this.modified,
    };
  }

  /** Starts the informers not running yet; logs each failed list and retries them with back-off. */
  private sync(): void {
    this.retry = undefined;
    const failed: string[] = [];
    for (const [informer, type] of [[this.services, '*v1.Service'], [this.slices, '*v1.EndpointSlice'], [this.namespaces, '*v1.Namespace']] as const) {
      if (informer.running() || informer.start()) continue;
      const listed = this.client.list(informer.resource, undefined);
      const err = listed.ok ? 'the watch could not be started' : listed.status.message;
      failed.push(`[INFO] plugin/kubernetes: ${REFLECTOR}: failed to list ${type}: ${err}`, `[ERROR] plugin/kubernetes: ${REFLECTOR}: Failed to watch ${type}: failed to list ${type}: ${err}`);
    }
    this.synced = failed.length === 0;
    if (this.synced) return;
    this.log(failed);
    this.retry = this.after(this.retryMs, () => this.sync());
    this.retryMs = Math.min(REFLECTOR_BACKOFF_MAX_MS, this.retryMs * 2);
  }

  /** Stops the watches (the process ended). */
  stop(): void {
    if (this.retry !== undefined) this.cancel(this.retry);
    this.services.stop();
    this.slices.stop();
    this.namespaces.stop();
  }
}

/** Where client-go v0.29.3 (CoreDNS 1.11.3's) reflector logs from. */
const REFLECTOR = 'pkg/mod/k8s.io/client-go@v0.29.3/tools/cache/reflector.go:229';
/** The reflector's back-off after a failed list: from about a second, doubling, up to 30 s (jitter left out). */
const REFLECTOR_BACKOFF_MS = 1_000;
const REFLECTOR_BACKOFF_MAX_MS = 30_000;

/** `namespace/service` of an EndpointSlice (its kubernetes.io/service-name label). */
function serviceKey(slice: KubeObject): string {
  return `${slice.metadata.namespace}/${slice.metadata.labels?.['kubernetes.io/service-name'] ?? ''}`;
}
