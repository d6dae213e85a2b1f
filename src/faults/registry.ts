import { z } from 'zod';

/**
 * The parameter schema of every registered below-API fault primitive, keyed by
 * fault name. Each schema is a strict object whose `type` is the fault's name,
 * so the scenario schema can build a discriminated union from them.
 *
 * Minimal placeholder created by the scenario-format work so the scenario
 * schema has something to import; the faults owner replaces it with the real
 * registry (keeping this function's name and shape).
 */
export function faultParamSchemas(): Record<string, z.ZodObject> {
  return {
    'kubelet-stopped': z
      .object({ type: z.literal('kubelet-stopped'), node: z.string(), since: z.string().optional() })
      .strict(),
  };
}
