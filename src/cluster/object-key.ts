/**
 * The `namespace/name` key (just `name` for cluster-scoped objects) the store
 * and the informers file objects under, built flat: a map keeps it as long as
 * the object lives (flat-string.ts).
 */
import { flatConcat } from './flat-string.js';

/** `namespace/name`, or `name` without a namespace. */
export function namespacedKey(namespace: string | undefined, name: string): string {
  return namespace ? flatConcat(namespace, '/', name) : name;
}

/**
 * {@link namespacedKey}, remembered for the next call: a lookup right after
 * another of the same object (the API server reads, then puts, then attaches
 * an event's lease; a kubelet reads back the pod an event was about) finds
 * the key already built and hashed.
 */
export class LastKey {
  private namespace: string | undefined = undefined;
  private name = '';
  private key = '';

  /**
   * The key of `namespace`/`name`. A cluster-scoped key is the name itself: it is
   * returned without replacing the remembered key, so the lookups in between (admission
   * reading the namespace of an object being created) do not make the next call build
   * that object's key again.
   */
  of(namespace: string | undefined, name: string): string {
    if (!namespace) return name;
    if (name === this.name && namespace === this.namespace) return this.key;
    this.key = namespacedKey(namespace, name);
    this.namespace = namespace;
    this.name = name;
    return this.key;
  }
}
