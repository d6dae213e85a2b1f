/** A small simulated cluster (cp-1 + node-1 + node-2) and readers for kubelet behaviour tests. */
import { createCluster, type Cluster, type WorldNode } from '../../../src/cluster/cluster.js';
import type { ImageBehaviour } from '../../../src/cluster/workloads/catalog.js';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';

type Obj = Record<string, any>;

/** "Now" at the end of warm-up. */
export const NOW = Date.parse('2026-11-10T12:00:00Z');

/** A world node with ordinary hardware. */
export function worldNode(name: string, role: 'control-plane' | 'worker' = 'worker'): WorldNode {
  return { name, role, cpu: '4', memory: '8Gi', pods: 110, ephemeralStorage: '50Gi', labels: {}, taints: [], unschedulable: false };
}

/** cp-1 + two workers, a month old, with extra catalog images. */
export function smallCluster(images: Record<string, ImageBehaviour> = {}, seed = 1): Cluster {
  return createCluster({ version: 'v1.32.4', now: NOW, createdAgoMs: 30 * 86_400_000, nodes: [worldNode('cp-1', 'control-plane'), worldNode('node-1'), worldNode('node-2')], images }, { seed });
}

/** Creates a bare pod in `default` through the system client. */
export function createPod(cluster: Cluster, name: string, spec: Obj): KubeObject {
  const r = cluster.systemClient().create('pods', 'default', { apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec } as KubeObject);
  if (!r.ok) throw new Error(r.status.message);
  return r.value;
}

/** The pod as stored now (throws when gone). */
export function getPod(cluster: Cluster, name: string, namespace = 'default'): Obj {
  const r = cluster.systemClient().get('pods', namespace, name);
  if (!r.ok) throw new Error(r.status.message);
  return r.value as Obj;
}

/** The status of the pod's only (or named) container. */
export function containerStatus(cluster: Cluster, pod: string, container?: string): Obj {
  const statuses: Obj[] = getPod(cluster, pod).status.containerStatuses ?? [];
  return container ? statuses.find((s) => s.name === container)! : statuses[0];
}

/** Core events about one object, oldest first, as `Type Reason Message`. */
export function eventsOf(cluster: Cluster, name: string, namespace = 'default'): Obj[] {
  const r = cluster.systemClient().list('events', namespace, { fieldSelector: `involvedObject.name=${name}` });
  if (!r.ok) throw new Error(r.status.message);
  const when = (e: Obj) => e.lastTimestamp ?? e.eventTime ?? '';
  return (r.value.items as Obj[]).sort((a, b) => (when(a) < when(b) ? -1 : when(a) > when(b) ? 1 : 0));
}

/** `Reason: Message` lines of an object's events, oldest first. */
export function eventLines(cluster: Cluster, name: string): string[] {
  return eventsOf(cluster, name).map((e) => `${e.reason}: ${e.message}`);
}

/** The Ready condition status of a pod. */
export function podReady(pod: Obj): string | undefined {
  return (pod.status?.conditions ?? []).find((c: Obj) => c.type === 'Ready')?.status;
}

/** Steps the cluster one second at a time for `seconds`, calling `probe` after each step. */
export function stepSeconds(cluster: Cluster, seconds: number, probe: (elapsed: number) => void): void {
  for (let s = 1; s <= seconds; s++) {
    cluster.advance(1000);
    probe(s);
  }
}
