import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { sameFields } from '../../../src/cluster/kubelet/same-inputs.js';
import { jsonEqual } from '../../../src/cluster/json.js';

describe('sameFields (the status manager dropping a post that changes nothing)', () => {
  it('agrees with merging the fields into the current status and comparing the result', () => {
    const value = fc.oneof(fc.constant(undefined), fc.constant(null), fc.constantFrom('Running', 'Pending'), fc.integer({ min: 0, max: 2 }), fc.constantFrom([], [{ type: 'Ready' }], { phase: 'x' }));
    const status = fc.dictionary(fc.constantFrom('phase', 'podIP', 'conditions', 'startTime'), value);
    fc.assert(
      fc.property(fc.option(status, { nil: undefined }), status, (current, fields) => {
        expect(sameFields(current, fields)).toBe(jsonEqual(current, { ...current, ...fields }));
      }),
    );
  });

  it('compares only the fields given, by value where they are not shared', () => {
    const conditions = [{ type: 'Ready', status: 'True' }];
    const current = { phase: 'Running', conditions, podIP: '10.244.1.5' };
    expect(sameFields(current, { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] })).toBe(true);
    expect(sameFields(current, { phase: 'Running', podIP: undefined })).toBe(false);
    expect(sameFields(current, { phase: 'Succeeded' })).toBe(false);
    expect(sameFields(undefined, {})).toBe(false);
  });
});
