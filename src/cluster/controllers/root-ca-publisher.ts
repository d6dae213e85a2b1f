/**
 * The root CA certificate publisher (pkg/controller/certificates/
 * rootcacertpublisher/publisher.go): keeps a `kube-root-ca.crt` ConfigMap in
 * every namespace holding the cluster CA (`--root-ca-file`), which every
 * pod's projected service-account volume mounts as `ca.crt`.
 */
import type { KubeObject } from '../apiserver/types.js';
import type { Informer } from '../client/informer.js';
import type { Controller, ControllerContext } from './controller.js';
import { WorkQueue } from './work-queue.js';

/** The ConfigMap's name (RootCACertConfigMapName). */
export const ROOT_CA_CONFIGMAP = 'kube-root-ca.crt';
const DESCRIPTION_ANNOTATION = 'kubernetes.io/description';
const DESCRIPTION =
  'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. ' +
  'No other usage is guaranteed across distributions of Kubernetes clusters.';

/** Publishes the root CA into each namespace, and puts it back when it is changed or deleted. */
export class RootCaPublisher implements Controller {
  readonly name = 'root-ca-certificate-publisher-controller';
  private readonly namespaces: Informer;
  private readonly configMaps: Informer;
  private readonly queue: WorkQueue;

  constructor(private readonly c: ControllerContext, private readonly rootCA: string) {
    this.namespaces = c.informers.informer('namespaces');
    this.configMaps = c.informers.informer('configmaps');
    this.queue = new WorkQueue(c.ctx.queue, (ns) => this.sync(ns));
    // namespaceAdded / namespaceUpdated; configMapDeleted / configMapUpdated of the published one only.
    this.namespaces.on((type, ns) => type !== 'DELETED' && this.queue.add(ns.metadata.name!));
    this.configMaps.on((type, cm) => {
      if (type !== 'ADDED' && cm.metadata.name === ROOT_CA_CONFIGMAP) this.queue.add(cm.metadata.namespace!);
    });
  }

  start(): void {}

  stop(): void {
    this.queue.stop();
  }

  /** syncNamespace: create the ConfigMap, or restore its data and description. */
  private sync(namespace: string): void {
    const data = { 'ca.crt': this.rootCA };
    const cm = this.configMaps.get(namespace, ROOT_CA_CONFIGMAP);
    if (!cm) {
      // A namespace that is gone or terminating refuses the create; upstream does not retry either.
      this.c.client.create('configmaps', namespace, {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: ROOT_CA_CONFIGMAP, namespace, annotations: { [DESCRIPTION_ANNOTATION]: DESCRIPTION } },
        data,
      } as KubeObject);
      return;
    }
    const current = (cm as { data?: Record<string, string> }).data ?? {};
    const annotations = cm.metadata.annotations ?? {};
    const sameData = Object.keys(current).length === 1 && current['ca.crt'] === this.rootCA;
    if (sameData && (annotations[DESCRIPTION_ANNOTATION] ?? '').length > 0) return;
    this.c.client.update('configmaps', namespace, {
      ...cm,
      metadata: { ...cm.metadata, annotations: { ...annotations, [DESCRIPTION_ANNOTATION]: DESCRIPTION } },
      data,
    } as KubeObject);
  }
}
