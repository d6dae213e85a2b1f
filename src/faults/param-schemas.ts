/**
 * The parameter schema of every registered fault, built with zod here: the
 * fault modules take zod as an argument, so the simulation, which imports
 * them for `apply`, never loads it.
 */
import { z } from 'zod';
import { faultPrimitives } from './registry.js';

/** The parameter schema of every registered fault, keyed by fault name. */
export function faultParamSchemas(): Record<string, z.ZodObject> {
  return Object.fromEntries(Object.entries(faultPrimitives()).map(([name, f]) => [name, f.params(z)]));
}
