/**
 * Turns a scenario into the cluster's world and timeline: when the
 * manifests were applied and when each fault began. Nothing here renders
 * output; the simulation does.
 */
import type { ClusterWorld, TimelineItem } from '../cluster/cluster.js';
import type { KubeObject } from '../cluster/apiserver/types.js';
import type { ImageBehaviour as CatalogBehaviour } from '../cluster/workloads/catalog.js';
import { faultPrimitives } from '../faults/registry.js';
import { parseDuration } from './duration.js';
import { hash } from '../cluster/programs/fnv.js';
import { parseEndpoint } from '../cluster/ipv4.js';
import { clusterNodes } from './model.js';
import type { Scenario } from './schema.js';

/** The resolved world plus the timeline of the scenario's history. */
export interface ScenarioWorld {
  world: ClusterWorld;
  timeline: TimelineItem[];
}

/** Builds the cluster world and timeline of a scenario. */
export function scenarioWorld(scenario: Scenario): ScenarioWorld {
  const c = scenario.cluster;
  const now = Date.parse(c.now);
  const images: Record<string, CatalogBehaviour> = {};
  for (const [ref, b] of Object.entries(c.images)) {
    images[ref] = {
      listens: b.listens,
      readyAfterMs: parseDuration(b.readyAfter),
      ...(b.exits ? { exits: { code: b.exits.code, afterMs: parseDuration(b.exits.after) } } : {}),
      logs: b.logs,
      ...(b.sizeBytes ? { sizeBytes: b.sizeBytes } : {}),
      missing: b.missing,
      ...(b.entrypoint ? { entrypoint: b.entrypoint } : {}),
      ...(b.binaries ? { binaries: b.binaries } : {}),
      ...(b.http ? { http: httpTable(b.http) } : {}),
      ...(b.accessLog ? { accessLog: b.accessLog } : {}),
      ...(b.admission ? { admission: b.admission } : {}),
    };
  }
  const world: ClusterWorld = {
    version: c.version,
    now,
    createdAgoMs: parseDuration(c.createdAgo),
    // Each node its own labels and taints: `count` entries share one shape.
    nodes: clusterNodes(c).map((n) => ({
      name: n.name,
      role: n.role,
      cpu: String(n.cpu),
      memory: String(n.memory),
      pods: n.pods,
      ephemeralStorage: String(n.ephemeralStorage),
      labels: { ...n.labels },
      taints: n.taints.map((t) => ({ ...t })),
      unschedulable: n.unschedulable,
      ...(n.joinedAgo !== undefined ? { joinedAt: now - parseDuration(n.joinedAgo) } : {}),
    })),
    podSubnet: c.podSubnet,
    cni: c.cni,
    ...(c.controlPlaneEndpoint !== undefined && parseEndpoint(c.controlPlaneEndpoint) ? { controlPlaneEndpoint: parseEndpoint(c.controlPlaneEndpoint)! } : {}),
    images,
  };
  const timeline: TimelineItem[] = [];
  const manifests = c.manifests as unknown as KubeObject[];
  if (manifests.length) {
    timeline.push({
      at: now - parseDuration(c.workloadsAgo),
      run: (cluster) => {
        for (const m of manifests) {
          const created = cluster.applyOrReplace(structuredClone(m));
          if (typeof created === 'string') throw new Error(`${m.kind} "${m.metadata?.name}": ${created}`);
        }
      },
    });
  }
  const primitives = faultPrimitives();
  for (const fault of scenario.faults) {
    const primitive = primitives[fault.type];
    const since = typeof fault.since === 'string' ? parseDuration(fault.since) : 0;
    timeline.push({ at: now - since, run: (cluster) => primitive.apply(cluster, fault) });
  }
  return { world, timeline };
}

/** The HTTP answers of an image, in null-prototype records: paths and header names come from the scenario file. */
function httpTable(http: NonNullable<Scenario['cluster']['images'][string]['http']>): NonNullable<CatalogBehaviour['http']> {
  const table: NonNullable<CatalogBehaviour['http']> = Object.create(null);
  for (const [path, a] of Object.entries(http)) {
    const headers = a.headers ? Object.assign(Object.create(null) as Record<string, string>, a.headers) : undefined;
    table[path] = { status: a.status, ...(a.body !== undefined ? { body: a.body } : {}), ...(headers ? { headers } : {}) };
  }
  return table;
}

/**
 * The simulation's random seed for a run of `scenario` with `seed`: the
 * scenario's id is mixed in (FNV-1a), so two scenarios at the same seed do not
 * draw the same pod-name suffixes, UIDs and IPs.
 */
export function simulationSeed(scenario: Scenario, seed: number): number {
  return hash(`${scenario.metadata.id}\0${seed}`);
}
