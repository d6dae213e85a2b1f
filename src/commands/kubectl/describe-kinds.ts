/**
 * Per-kind gathering for `kubectl describe`: what each describer of
 * kubernetes/kubectl pkg/describe/describe.go fetches beside the object
 * (events via involvedObject field selectors, a node's non-terminated pods and
 * its Lease), then the pure describer from ./describers. Kinds without a
 * describer yet use a generic one (Name, Namespace, Labels, Annotations, Events).
 */
import type { Node, Pod } from 'kubernetes-types/core/v1.js';
import type { Lease } from 'kubernetes-types/coordination/v1.js';
import type { KubeObject } from '../../cluster/apiserver/types.js';
import type { ResourceInfo } from '../../cluster/apiserver/resources.js';
import type { Invocation } from './invocation.js';
import { describePod } from './describers/pod.js';
import { describeNode } from './describers/node.js';
import { describeEvents, type AnyEvent } from './describers/events.js';
import { LEVEL_0, tabbedString } from './describers/prefix-writer.js';
import { printAnnotationsMultiline, printLabelsMultiline } from './describers/format.js';

/**
 * Events about an object (describe.go searchEvents): involvedObject name,
 * namespace, kind and uid. Nodes use their name as uid, as the kubelet does.
 */
export function eventsFor(inv: Invocation, obj: KubeObject): AnyEvent[] {
  const ns = obj.metadata.namespace;
  const uid = obj.kind === 'Node' ? obj.metadata.name : obj.metadata.uid;
  const fields = [`involvedObject.name=${obj.metadata.name}`, `involvedObject.namespace=${ns ?? ''}`, `involvedObject.kind=${obj.kind}`, `involvedObject.uid=${uid}`];
  const r = inv.client.list('events', ns || undefined, { fieldSelector: fields.join(',') });
  return r.ok ? (r.value.items as unknown as AnyEvent[]) : [];
}

/** The describe text of one object. */
export function describeObject(inv: Invocation, info: ResourceInfo, obj: KubeObject, showEvents: boolean): string {
  const events = showEvents ? eventsFor(inv, obj) : undefined;
  switch (info.kind) {
    case 'Pod':
      return describePod(obj as unknown as Pod, events, inv.now);
    case 'Node': {
      const pods = inv.client.list('pods', undefined, { fieldSelector: `spec.nodeName=${obj.metadata.name},status.phase!=Failed,status.phase!=Succeeded` });
      const lease = inv.client.get('leases', 'kube-node-lease', obj.metadata.name ?? '');
      return describeNode(
        obj as unknown as Node,
        pods.ok ? (pods.value.items as unknown as Pod[]) : [],
        events,
        inv.now,
        lease.ok ? (lease.value as unknown as Lease) : undefined,
        lease.ok ? undefined : lease.status.message,
      );
    }
    default:
      return describeGeneric(obj, events, inv.now);
  }
}

/** A minimal describer for kinds that have none yet: identity, labels, annotations, events. */
function describeGeneric(obj: KubeObject, events: AnyEvent[] | undefined, now: number): string {
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${obj.metadata.name ?? ''}\n`);
    if (obj.metadata.namespace) w.write(LEVEL_0, `Namespace:\t${obj.metadata.namespace}\n`);
    printLabelsMultiline(w, 'Labels', obj.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', obj.metadata.annotations);
    w.write(LEVEL_0, `API Version:\t${obj.apiVersion}\n`);
    w.write(LEVEL_0, `Kind:\t${obj.kind}\n`);
    if (events !== undefined) describeEvents(events, w, now);
  });
}
