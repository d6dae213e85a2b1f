import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CorrelatorKeys } from '../../../src/cluster/client/correlator-keys.js';
import { aggregatorKeys, eventKey, spamKey } from '../../../src/cluster/client/event-correlator.js';

// Few values per field, so that runs of events about one object (the case the keys share memory in) are common,
// with absent and non-string fields (a Go string field that is absent is empty) and values that run into each
// other when joined without a separator.
const text = fc.constantFrom(undefined, '', 'a', 'ab', 'b', 'kubelet', 'node-1', 7);
const source = fc.option(fc.record({ component: text, host: text }, { requiredKeys: [] }), { nil: undefined });
const object = fc.option(fc.record({ kind: text, namespace: text, name: text, fieldPath: text, uid: text, apiVersion: text }, { requiredKeys: [] }), { nil: undefined });
const event = fc.record({ source, involvedObject: object, type: text, reason: text, message: text, reportingComponent: text, reportingInstance: text }, { requiredKeys: [] });
/**
 * Events, each about the same source and object as the one before or not, some of them frozen (as the recorder
 * makes them: the keys then read a source and object they have seen once).
 */
const events = fc.array(fc.tuple(event, fc.boolean(), fc.boolean()), { maxLength: 30 }).map((list) => {
  const out: Record<string, unknown>[] = [];
  for (const [e, same, frozen] of list) {
    const prev = out.at(-1);
    if (frozen) {
      if (e.source) Object.freeze(e.source);
      if (e.involvedObject) Object.freeze(e.involvedObject);
    }
    out.push(same && prev ? { ...e, source: prev.source, involvedObject: prev.involvedObject } : e);
  }
  return out;
});

describe('CorrelatorKeys', () => {
  it('makes the plain keys of every event, whatever came before', () => {
    fc.assert(
      fc.property(events, fc.array(fc.constantFrom('event', 'spam', 'aggregate'), { minLength: 1, maxLength: 3 }), (list, order) => {
        const keys = new CorrelatorKeys();
        for (const e of list) {
          for (const which of order) {
            if (which === 'event') expect(keys.eventKey(e)).toBe(eventKey(e));
            else if (which === 'spam') expect(keys.spamKey(e)).toBe(spamKey(e));
            else expect(keys.aggregateKey(e)).toBe(aggregatorKeys(e)[0]);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('an object changed in place between two events gives the new keys', () => {
    const keys = new CorrelatorKeys();
    const involvedObject: Record<string, string> = { kind: 'Pod', namespace: 'default', name: 'web-1', uid: 'u1', apiVersion: 'v1' };
    const e = { source: { component: 'kubelet', host: 'node-1' }, involvedObject, type: 'Normal', reason: 'Started', message: 'Started container web' };
    expect(keys.eventKey(e)).toBe(eventKey(e));
    involvedObject.name = 'web-2';
    expect(keys.eventKey(e)).toBe(eventKey(e));
    expect(keys.spamKey(e)).toBe(spamKey(e));
  });
});
