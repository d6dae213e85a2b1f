/**
 * The service account controller (pkg/controller/serviceaccount/
 * serviceaccounts_controller.go): every active namespace has a `default`
 * ServiceAccount, created with the namespace and again when it is deleted.
 */
import type { KubeObject } from '../apiserver/types.js';
import type { Informer } from '../client/informer.js';
import type { Controller, ControllerContext } from './controller.js';
import { WorkQueue } from './work-queue.js';

/** The accounts every namespace gets (DefaultServiceAccountsControllerOptions). */
const ENSURED = ['default'];

/** Ensures each namespace's default ServiceAccount. */
export class ServiceAccountsController implements Controller {
  readonly name = 'serviceaccount-controller';
  private readonly namespaces: Informer;
  private readonly accounts: Informer;
  private readonly queue: WorkQueue;

  constructor(private readonly c: ControllerContext) {
    this.namespaces = c.informers.informer('namespaces');
    this.accounts = c.informers.informer('serviceaccounts');
    this.queue = new WorkQueue(c.ctx.queue, (ns) => this.sync(ns));
    this.namespaces.on((type, ns) => type !== 'DELETED' && this.queue.add(ns.metadata.name!));
    this.accounts.on((type, sa) => type === 'DELETED' && ENSURED.includes(sa.metadata.name!) && this.queue.add(sa.metadata.namespace!));
  }

  start(): void {}

  stop(): void {
    this.queue.stop();
  }

  /** syncNamespace: nothing for a namespace that is gone or not Active. */
  private sync(namespace: string): void {
    const ns = this.namespaces.get(undefined, namespace);
    if (!ns || (ns.status as { phase?: string } | undefined)?.phase !== 'Active') return;
    for (const name of ENSURED) {
      if (this.accounts.get(namespace, name)) continue;
      this.c.client.create('serviceaccounts', namespace, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace } } as KubeObject);
    }
  }
}
