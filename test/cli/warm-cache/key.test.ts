/** The warmed-cluster cache's key changes with everything a warmed cluster depends on, and only with that. */
import { describe, it, expect } from 'vitest';
import { scenarioDigest, warmCacheKey, type KeyInputs } from '../../../src/cli/warm-cache/key.js';

const TEXT = 'metadata:\n  id: x\n';
const base: KeyInputs = { buildId: 'build-1', scenarioDigest: scenarioDigest(TEXT), seed: undefined, nodeOptions: undefined };

describe('warmCacheKey', () => {
  it('is the same for the same inputs (a Buffer or a string of the same bytes)', () => {
    expect(warmCacheKey(base)).toBe(warmCacheKey({ ...base, scenarioDigest: scenarioDigest(Buffer.from(TEXT)) }));
    expect(warmCacheKey(base)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with the scenario bytes, the seed, the build and NODE_OPTIONS', () => {
    const keys = [
      base,
      { ...base, scenarioDigest: scenarioDigest('metadata:\n  id: x \n') },
      { ...base, seed: 0 },
      { ...base, seed: 1 },
      { ...base, buildId: 'build-2' },
      { ...base, nodeOptions: '--max-old-space-size=4096' },
    ].map(warmCacheKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('treats an empty NODE_OPTIONS as none', () => {
    expect(warmCacheKey({ ...base, nodeOptions: '' })).toBe(warmCacheKey(base));
  });
});
