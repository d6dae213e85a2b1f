/**
 * A fault primitive bends one component of the simulated cluster; it never
 * prints anything. What the learner sees follows from the bent component.
 */
import type { z } from 'zod';
import type { Cluster } from '../cluster/cluster.js';

/** zod's namespace, handed to each fault's parameter schema by the scenario schema (the simulation never imports zod). */
export type Zod = typeof z;

/** One fault primitive: its parameters and what it does to the cluster. */
export interface FaultPrimitive<P extends { type: string } = { type: string }> {
  readonly name: string;
  /** Builds the strict zod schema of `{type, ...params}` (the scenario's `faults[]` item) with the zod it is given. */
  readonly params: (zod: Zod) => z.ZodObject;
  /** Applies the fault at the moment it begins (the scenario's `since`). */
  apply(cluster: Cluster, params: P): void;
}
