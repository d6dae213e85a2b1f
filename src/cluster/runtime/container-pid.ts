/**
 * The host process id of a container's main process: derived from the
 * container's id so that `ps` and `ss -p` on its node agree and it stays put
 * for the container's life.
 */
import type { RuntimeContainer } from './runtime.js';

/** A container's process id on its node, stable for the container's life (derived from its id). */
export function containerPid(c: Pick<RuntimeContainer, 'id'>): number {
  return 3000 + (parseInt(c.id.slice(0, 6), 16) % 60000);
}
