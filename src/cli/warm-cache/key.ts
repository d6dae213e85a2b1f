/**
 * The warmed-cluster cache's key: everything a warmed cluster depends on.
 * A snapshot holds the whole JavaScript heap, so besides the scenario's
 * bytes and the seed it depends on the simulation's code (the build id: a
 * hash of the snapshot bundle) and on the Node.js and V8 that wrote it.
 */
import { createHash } from 'node:crypto';

/** Bumped when the cache's layout or protocol changes. */
const FORMAT = 1;

/** What a key is computed from. */
export interface KeyInputs {
  /** Hash of the bundle the snapshot is built from (`scripts/build.mjs` defines it). */
  buildId: string;
  /** {@link scenarioDigest} of the scenario file's bytes, as read. */
  scenarioDigest: string;
  /** --seed, or undefined for the scenario's own. */
  seed: number | undefined;
  /** NODE_OPTIONS: V8 flags there change what a snapshot may be loaded with. */
  nodeOptions: string | undefined;
}

/** The SHA-256 of a scenario file's bytes. */
export function scenarioDigest(text: Buffer | string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A cache key (hex): equal inputs on the same Node.js give the same key, any difference another. */
export function warmCacheKey(inputs: KeyInputs): string {
  const parts = {
    format: FORMAT,
    build: inputs.buildId,
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    nodeOptions: inputs.nodeOptions ?? '',
    scenario: inputs.scenarioDigest,
    seed: inputs.seed ?? null,
  };
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
