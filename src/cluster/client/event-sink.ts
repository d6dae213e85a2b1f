/**
 * How both event recorders write (client-go tools/record and tools/events
 * recordEvent): a repeat is a patch of the stored event, and one that is gone
 * is created again.
 */
import type { ApiClient, ApiResult, KubeObject } from '../apiserver/types.js';

type Obj = Record<string, any>;

/**
 * recordEvent's write, for both recorders: with `patch`, the stored event gets
 * those fields (a strategic merge patch of top-level fields, applied to the
 * immutable stored event as a shallow copy so its other fields stay shared),
 * and an event that is gone (--event-ttl, deleted) is created again under its
 * name with them; without, the event is created. Undefined: the patch failed
 * for another reason.
 */
export function writeEvent(client: ApiClient, event: Obj, patch: Obj | undefined): ApiResult<KubeObject> | undefined {
  const namespace = event.metadata.namespace;
  const name = event.metadata.name;
  if (patch) {
    const existing = client.get('events', namespace, name);
    if (existing.ok) return client.update('events', namespace, { ...existing.value, ...patch } as KubeObject);
    if (existing.status.reason !== 'NotFound') return undefined;
    // recordEvent clears the resourceVersion before creating.
    return client.create('events', namespace, { ...event, ...patch, metadata: { name, namespace } } as KubeObject);
  }
  return client.create('events', namespace, event as KubeObject);
}
