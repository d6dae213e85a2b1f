/** Every stored object of a cluster, as JSON, resource by resource in key order, with the store's revision: two clusters that stored the same things dump the same text. */
import type { Cluster } from '../../src/cluster/cluster.js';
import type { KubeObject } from '../../src/cluster/apiserver/types.js';

export function dumpStore(cluster: Cluster): string {
  const objects = (cluster.store as unknown as { objects: Map<string, Map<string, KubeObject>> }).objects;
  const out: string[] = [`revision ${cluster.store.currentRevision()}`];
  for (const resource of [...objects.keys()].sort()) {
    for (const key of [...objects.get(resource)!.keys()].sort()) out.push(`${resource} ${key} ${JSON.stringify(objects.get(resource)!.get(key))}`);
  }
  return out.join('\n');
}
