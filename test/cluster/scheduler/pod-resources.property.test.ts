import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pod } from 'kubernetes-types/core/v1.js';
import { podNonZeroRequests, podRequests } from '../../../src/cluster/scheduler/pod-resources.js';

// A pod with app containers only sums its requests without a resource list per container; it must come out as the
// general path (init containers' max rule and overhead, k8s.io/component-helpers/resource/helpers.go PodRequests)
// computes it, which an empty spec.overhead selects without changing the sum.

const NAMES = ['cpu', 'memory', 'ephemeral-storage', 'pods', 'example.com/gpu', 'hugepages-2Mi', 'kubernetes.io/foo', 'storage'];
const VALUES = ['0', '1', '250m', '2', '64Mi', '1Gi', 'bogus'];
const list = fc.dictionary(fc.constantFrom(...NAMES), fc.constantFrom(...VALUES), { maxKeys: 4 });
const container = fc.record({ requests: fc.option(list), limits: fc.option(list) });

function pod(containers: { requests: Record<string, string> | null; limits: Record<string, string> | null }[], overhead?: Record<string, string>): Pod {
  return {
    metadata: { name: 'p', namespace: 'default' },
    spec: {
      containers: containers.map((c, i) => ({
        name: `c${i}`,
        resources: { ...(c.requests ? { requests: { ...c.requests } } : {}), ...(c.limits ? { limits: { ...c.limits } } : {}) },
      })),
      ...(overhead ? { overhead } : {}),
    },
  };
}

describe('pod requests of app containers only', () => {
  it('equal the general path, with and without the scoring defaults', () => {
    fc.assert(
      fc.property(fc.array(container, { minLength: 1, maxLength: 3 }), (cs) => {
        expect(podRequests(pod(cs))).toEqual(podRequests(pod(cs, {})));
        expect(podNonZeroRequests(pod(cs))).toEqual(podNonZeroRequests(pod(cs, {})));
      }),
      { numRuns: 500 },
    );
  });
});

describe('pod requests from values that are no quantity', () => {
  it('counts them as nothing, without throwing (a learner can apply `cpu: [1]`)', () => {
    const odd = { metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', resources: { requests: { cpu: [1], memory: { a: 1 }, 'example.com/gpu': true } } }] } } as unknown as Pod;
    // As a string that is no quantity ('bogus'): the name is listed, at 0.
    expect(podRequests(odd)).toEqual({ milliCpu: 0, memory: 0, ephemeralStorage: 0, scalar: { 'example.com/gpu': 0 } });
  });
});
