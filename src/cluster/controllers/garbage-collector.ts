/**
 * The garbage collector (pkg/controller/garbagecollector): deletes objects
 * whose owner references all point at owners that no longer exist, with
 * background propagation (the owner goes first, dependents follow). Owners
 * are checked with a live GET by name and UID, as attemptToDeleteItem does,
 * so an owner the cache has not seen yet is never mistaken for a dead one.
 * As the graph builder (graph_builder.go addDependentToOwners), it checks
 * only what its graph cannot vouch for: a new dependent whose owners it has
 * all observed is not looked up; one with an owner it has not (a "virtual"
 * node there) is, and the dependents of an owner that goes away are.
 */
import type { KubeObject } from '../apiserver/types.js';
import { resourceForKind } from '../apiserver/resources.js';
import type { Controller, ControllerContext } from './controller.js';
import { WorkQueue } from './work-queue.js';
import { jsonEqual } from '../json.js';
import { flatConcat } from '../flat-string.js';

/** Resources the collector watches for dependents and owners. */
export const GC_RESOURCES = ['pods', 'replicasets', 'deployments', 'daemonsets', 'statefulsets', 'services', 'endpointslices', 'configmaps', 'secrets', 'leases'] as const;

/** Collects orphaned dependents. */
export class GarbageCollector implements Controller {
  readonly name = 'garbage-collector-controller';
  private readonly queue: WorkQueue;
  /** owner UID → keys (`resource|ns|name`) of dependents seen in the caches. */
  private readonly dependents = new Map<string, Set<string>>();
  /** UIDs of the objects the informers hold: the graph's observed nodes, which need no lookup as owners. */
  private readonly observed = new Set<string>();

  constructor(private readonly c: ControllerContext) {
    this.queue = new WorkQueue(c.ctx.queue, (key) => this.attemptToDelete(key));
    for (const resource of GC_RESOURCES) {
      c.informers.informer(resource).on((type, obj, old) => this.onChange(resource, type, obj, old));
    }
  }

  start(): void {}

  stop(): void {
    this.queue.stop();
  }

  private onChange(resource: string, type: string, obj: KubeObject, old: KubeObject | undefined): void {
    if (type === 'DELETED') this.observed.delete(obj.metadata.uid!);
    else this.observed.add(obj.metadata.uid!);
    // Most writes are status updates that share the stored owner references: the graph already has them.
    if (type === 'MODIFIED' && old !== undefined && obj.metadata.ownerReferences === old.metadata.ownerReferences) return;
    // Flat: the dependents' sets keep it as long as the object lives.
    const key = flatConcat(resource, '|', obj.metadata.namespace ?? '', '|', String(obj.metadata.name));
    for (const ref of obj.metadata.ownerReferences ?? []) {
      let set = this.dependents.get(ref.uid);
      if (!set) this.dependents.set(ref.uid, (set = new Set()));
      if (type === 'DELETED') set.delete(key);
      else set.add(key);
    }
    if (type === 'DELETED') {
      // The owner is gone: its dependents may now be garbage.
      const deps = this.dependents.get(obj.metadata.uid!);
      if (deps) for (const d of deps) this.queue.add(d);
      this.dependents.delete(obj.metadata.uid!);
      return;
    }
    // Only a new object or changed owner references can make a new orphan, and only through an owner the
    // graph has not observed (addDependentToOwners enqueues the virtual owner; here, the dependent to check).
    const refs = obj.metadata.ownerReferences ?? [];
    if (refs.length === 0 || (type !== 'ADDED' && jsonEqual(refs, old?.metadata.ownerReferences ?? []))) return;
    if (refs.some((ref) => !this.observed.has(ref.uid))) this.queue.add(key);
  }

  private attemptToDelete(key: string): void {
    const [resource, ns, name] = key.split('|');
    const live = this.c.client.get(resource, ns || undefined, name);
    if (!live.ok) return;
    const obj = live.value;
    const refs = obj.metadata.ownerReferences ?? [];
    if (refs.length === 0 || obj.metadata.deletionTimestamp) return;
    for (const ref of refs) {
      const info = resourceForKind(ref.apiVersion, ref.kind);
      // An owner of a kind this server does not serve cannot be resolved: leave the object alone.
      if (!info) return;
      const owner = this.c.client.get(info.name, info.namespaced ? obj.metadata.namespace : undefined, ref.name);
      if (owner.ok && owner.value.metadata.uid === ref.uid) return;
      if (!owner.ok && owner.status.reason !== 'NotFound') return;
    }
    // Background propagation: delete with the object's own grace (pods go Terminating).
    this.c.client.delete(resource, ns || undefined, name);
  }
}
