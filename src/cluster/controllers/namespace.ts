/**
 * The namespace controller (pkg/controller/namespace/deletion/
 * namespaced_resources_deleter.go): empties a Terminating namespace, reports
 * progress in its status conditions, then removes the `kubernetes` finalizer
 * and deletes the namespace again so the API server can remove it.
 */
import type { KubeObject } from '../apiserver/types.js';
import { RESOURCES, qualifiedName } from '../apiserver/resources.js';
import type { Informer } from '../client/informer.js';
import type { Controller, ControllerContext } from './controller.js';
import { WorkQueue } from './work-queue.js';
import { isoSeconds, type Obj } from './util.js';
import { jsonEqual } from '../json.js';

/** How soon to look again while content is still going away. */
const RECHECK_MS = 2_000;

/** Deletes the contents of Terminating namespaces. */
export class NamespaceController implements Controller {
  readonly name = 'namespace-controller';
  private readonly namespaces: Informer;
  private readonly queue: WorkQueue;

  constructor(private readonly c: ControllerContext) {
    this.namespaces = c.informers.informer('namespaces');
    this.queue = new WorkQueue(c.ctx.queue, (name) => this.sync(name));
    this.namespaces.on((type, ns) => type !== 'DELETED' && ns.metadata.deletionTimestamp && this.queue.add(ns.metadata.name!));
  }

  start(): void {}

  stop(): void {
    this.queue.stop();
  }

  private sync(name: string): void {
    const ns = this.namespaces.get(undefined, name);
    if (!ns || !ns.metadata.deletionTimestamp) return;
    const remaining: string[] = [];
    const finalizers = new Set<string>();
    for (const info of RESOURCES) {
      if (!info.namespaced || !info.verbs.includes('delete') || !info.verbs.includes('list')) continue;
      const listed = this.c.client.list(qualifiedName(info), name);
      if (!listed.ok || listed.value.items.length === 0) continue;
      for (const item of listed.value.items) {
        for (const f of item.metadata.finalizers ?? []) finalizers.add(f);
        if (!item.metadata.deletionTimestamp) this.c.client.delete(qualifiedName(info), name, item.metadata.name!);
      }
      const left = this.c.client.list(qualifiedName(info), name);
      const n = left.ok ? left.value.items.length : 0;
      if (n > 0) remaining.push(`${info.name}.${info.group} has ${n} resource instances`);
    }
    this.updateConditions(ns, remaining.sort(), [...finalizers].sort());
    if (remaining.length > 0) {
      this.queue.addAfter(name, RECHECK_MS);
      return;
    }
    // finalizeNamespace, then delete again: the API server removes a terminating namespace without finalizers.
    const spec = (ns.spec as Obj | undefined) ?? {};
    const fins: string[] = spec.finalizers ?? [];
    let current: KubeObject = ns;
    if (fins.includes('kubernetes')) {
      const rest = fins.filter((f) => f !== 'kubernetes');
      const r = this.c.client.update('namespaces', undefined, { ...ns, spec: { ...spec, finalizers: rest.length ? rest : undefined } });
      if (!r.ok) return this.queue.addAfter(name, RECHECK_MS);
      current = r.value;
    }
    if (((current.spec as Obj | undefined)?.finalizers ?? []).length === 0) this.c.client.delete('namespaces', undefined, name);
  }

  /** updateNamespaceStatusFunc + the deletion conditions (pkg/controller/namespace/deletion/status_condition_utils.go). */
  private updateConditions(ns: KubeObject, remaining: string[], finalizers: string[]): void {
    const stamp = isoSeconds(this.c.ctx.queue.now());
    const old: Obj[] = ((ns.status as Obj | undefined)?.conditions ?? []) as Obj[];
    const cond = (type: string, status: string, reason: string, message: string): Obj => {
      const prev = old.find((c) => c.type === type);
      const same = prev && prev.status === status && prev.reason === reason && prev.message === message;
      return { type, status, lastTransitionTime: same ? prev.lastTransitionTime : stamp, reason, message };
    };
    const conditions = [
      cond('NamespaceDeletionDiscoveryFailure', 'False', 'ResourcesDiscovered', 'All resources successfully discovered'),
      cond('NamespaceDeletionGroupVersionParsingFailure', 'False', 'ParsedGroupVersions', 'All legacy kube types successfully parsed'),
      cond('NamespaceDeletionContentFailure', 'False', 'ContentDeleted', 'All content successfully deleted, may be waiting on finalization'),
      remaining.length
        ? cond('NamespaceContentRemaining', 'True', 'SomeResourcesRemain', `Some resources are remaining: ${remaining.join(', ')}`)
        : cond('NamespaceContentRemaining', 'False', 'ContentRemoved', 'All content successfully removed'),
      finalizers.length
        ? cond('NamespaceFinalizersRemaining', 'True', 'SomeFinalizersRemain', `Some content in the namespace has finalizers remaining: ${finalizers.map((f) => `${f} in 1 resource instances`).join(', ')}`)
        : cond('NamespaceFinalizersRemaining', 'False', 'ContentHasNoFinalizers', 'All content-preserving finalizers finished'),
    ];
    if (jsonEqual(old, conditions)) return;
    this.c.client.updateStatus('namespaces', undefined, { ...ns, status: { ...(ns.status as Obj), phase: 'Terminating', conditions } });
  }
}
