/**
 * Shared informers for the controller-manager: one list+watch per resource,
 * shared by every controller that needs it (client-go SharedInformerFactory).
 * Controllers register handlers first; start() then lists and watches.
 */
import type { ApiClient } from '../apiserver/types.js';
import { Informer } from '../client/informer.js';
import { Index, type IndexFunc } from './indexes.js';

/** Hands out one Informer per resource and starts them together. */
export class InformerFactory {
  private readonly informers = new Map<string, Informer>();
  private readonly indexes = new Map<string, Index>();

  constructor(private readonly client: ApiClient) {}

  /** The shared informer of `resource` (all namespaces). */
  informer(resource: string): Informer {
    let informer = this.informers.get(resource);
    if (!informer) {
      informer = new Informer(this.client, resource);
      this.informers.set(resource, informer);
    }
    return informer;
  }

  /** A named index over a resource's informer, shared by every controller asking for the same name. */
  index(resource: string, name: string, keys: IndexFunc): Index {
    const id = `${resource}/${name}`;
    let index = this.indexes.get(id);
    if (!index) this.indexes.set(id, (index = new Index(this.informer(resource), keys)));
    return index;
  }

  /** Starts every informer not yet running; false when some list or watch failed. */
  start(): boolean {
    let ok = true;
    for (const informer of this.informers.values()) if (!informer.running()) ok = informer.start() && ok;
    return ok;
  }

  /** Stops every informer. */
  stop(): void {
    for (const informer of this.informers.values()) informer.stop();
  }
}
