/**
 * One copy of each distinct value the scheduler derives from a pod's spec
 * (pod-resources.ts SpecFacts): the pods of one template ask for the same
 * requests and images, but each pod's containers array is its own, so each
 * pod's facts were separate objects with equal contents (about 600 bytes a
 * pod: two Resources with their `scalar` objects, an images array grown to
 * 17 slots for one image, an empty host-port list). Every fact is read-only
 * once made, so pods with equal facts can hold the same one.
 */
import type { HostPort, Resources } from './types.js';

/** A bounded table of shared values by a text of their contents; when full it starts over (a few copies more, never a wrong value). */
class SharedValues<V> {
  private readonly table = new Map<string, V>();

  constructor(private readonly capacity: number) {}

  /** The value filed under `key`, or `value`, filed now. */
  share(key: string, value: V): V {
    const known = this.table.get(key);
    if (known !== undefined) return known;
    if (this.table.size >= this.capacity) this.table.clear();
    this.table.set(key, value);
    return value;
  }
}

const resources = new SharedValues<Resources>(1024);
const imageLists = new SharedValues<readonly string[]>(1024);

/** The host ports of a pod that asks for none. */
export const NO_HOST_PORTS: readonly HostPort[] = Object.freeze([]);

/**
 * The shared Resources equal to `r` (do not change it). Resources with
 * extended or hugepages amounts are returned as they are: rare, and their
 * key would have to spell out every name.
 */
export function sharedResources(r: Resources): Resources {
  for (const _ in r.scalar) return r;
  return resources.share(`${r.milliCpu} ${r.memory} ${r.ephemeralStorage}`, r);
}

/** The shared list equal to `images`, exactly as long as it (do not change it). */
export function sharedImages(images: readonly string[]): readonly string[] {
  return imageLists.share(JSON.stringify(images), images);
}
