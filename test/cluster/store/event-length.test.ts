/** EventLength answers JSON.stringify(value).length exactly, or undefined where it does not measure. */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { EventLength } from '../../../src/cluster/store/event-length.js';

/** Strings that need escapes: quotes, backslashes, control characters, lone and paired surrogates, astral characters. */
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.array(fc.constantFrom('"', '\\', '\b', '\t', '\n', '\f', '\r', '\u0000', '\u001f', '\u007f', '\ud800', '\udbff', '\udc00', '\udfff', '\ud83d\ude00', 'é', '\u2028', 'a', '/', '<'), { maxLength: 12 }).map((parts) => parts.join('')),
);
const numbers = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -0, NaN, Infinity, -Infinity, 1e21, 1e-7, -1e-7, 2 ** 31, 2 ** 53, 0.1, -5e-324, Number.MAX_VALUE));
const leaf = fc.oneof({ weight: 4, arbitrary: nasty }, { weight: 3, arbitrary: numbers }, fc.boolean(), fc.constant(null), fc.constant(undefined), fc.constant(() => 1), fc.constant(Symbol('s')));

const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: leaf },
    { weight: 3, arbitrary: fc.dictionary(nasty, tie('value'), { maxKeys: 6 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('__proto__', '0', '10', '1', 'b', 'a', 'constructor', 'involvedObject', 'source'), tie('value'), { maxKeys: 4, noNullPrototype: false }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('involvedObject', 'source', 'a'), fc.dictionary(nasty, leaf, { maxKeys: 4 }).map((o) => Object.freeze(o))) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 1, arbitrary: tie('value').map((v) => ({ toJSON: () => v, x: 1 })) },
    { weight: 1, arbitrary: fc.oneof(numbers.map((n) => Object(n) as unknown), nasty.map((s) => Object(s) as unknown)) },
    { weight: 1, arbitrary: fc.date({ noInvalidDate: false }) },
  ),
}));

/** An event as the recorder sends it, after the API server's copy (its frozen parts shared). */
function event(name: string, message: string, involvedObject: object, source: object): Record<string, unknown> {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: 'default', uid: '6f9f56fe-a9f5-4771-b41f-79989998af19', creationTimestamp: '2026-10-31T09:01:00Z' },
    involvedObject,
    reason: 'Started',
    message,
    source,
    firstTimestamp: '2026-10-31T09:01:00Z',
    lastTimestamp: '2026-10-31T09:01:00Z',
    count: 1,
    type: 'Normal',
    eventTime: null,
    reportingComponent: 'kubelet',
    reportingInstance: 'node-1',
  };
}

describe('EventLength', () => {
  it('is JSON.stringify(value).length wherever it answers, for random values', () => {
    const lengths = new EventLength();
    fc.assert(
      fc.property(value, (v) => {
        if (v === null || typeof v !== 'object') return;
        const n = lengths.of(v);
        if (n !== undefined) expect(n).toBe(JSON.stringify(v).length);
      }),
      { numRuns: 4000, seed: 20261203 },
    );
  });

  it('measures the events the recorder makes, escapes included, and leaves the rest to the caller', () => {
    const lengths = new EventLength();
    const pod = Object.freeze({ apiVersion: 'v1', kind: 'Pod', name: 'web-1', namespace: 'default', uid: 'af275dee-3122-40f9-9e55-a92d866d7978', resourceVersion: '20056', fieldPath: 'spec.containers{web}' });
    const source = Object.freeze({ component: 'kubelet', host: 'node-1' });
    for (const message of ['Started container web', 'Back-off pulling image "nginx:1.99"', 'line\nbreak \u0001 \ud800 \ud83d\ude00 é']) {
      const e = event('web-1.18ecc67ef5714f29', message, pod, source);
      expect(lengths.of(e)).toBe(JSON.stringify(e).length);
    }
    expect(lengths.of({ ...event('a', 'b', pod, source), series: { count: 2, lastObservedTime: '2026-10-31T09:01:00.000000Z' }, related: [1] })).toBeUndefined();
    expect(lengths.of({ a: 1n })).toBeUndefined();
    expect(lengths.of(Object.create(null))).toBeUndefined();
  });

  // The remembered frozen parts are what keeps it cheap, and must never answer for anything but themselves.
  it('answers for a frozen part measured before only while it is that very object', () => {
    const lengths = new EventLength();
    const pod = Object.freeze({ kind: 'Pod', name: 'web-1' });
    const source = Object.freeze({ component: 'kubelet' });
    expect(lengths.of(event('a', 'm', pod, source))).toBe(JSON.stringify(event('a', 'm', pod, source)).length);
    // The same values in objects that are not frozen, or frozen and longer: measured again.
    const longer = Object.freeze({ kind: 'Pod', name: 'web-1-with-a-longer-name' });
    for (const [o, s] of [[{ ...pod }, { ...source }], [longer, Object.freeze({ component: 'kubelet', host: 'node-2' })]] as const) {
      const e = event('a', 'm', o, s);
      expect(lengths.of(e)).toBe(JSON.stringify(e).length);
    }
    // A part that is not frozen is never remembered: changed in place, it is measured as it is now.
    const open: Record<string, string> = { kind: 'Pod', name: 'web-1' };
    const first = event('a', 'm', open, source);
    expect(lengths.of(first)).toBe(JSON.stringify(first).length);
    open.name = 'a-much-longer-pod-name';
    expect(lengths.of(first)).toBe(JSON.stringify(first).length);
    // A frozen part holding an object can change below it: not remembered either.
    const inner = { a: 'b' };
    const shell = Object.freeze({ inner });
    const nested = event('a', 'm', shell, source);
    expect(lengths.of(nested)).toBe(JSON.stringify(nested).length);
    inner.a = 'a longer value';
    expect(lengths.of(nested)).toBe(JSON.stringify(nested).length);
  });

  it('leaves a value with an inherited enumerable key or a toJSON to the caller', () => {
    const lengths = new EventLength();
    const proto = { inherited: 'x' };
    const child = Object.create(proto) as Record<string, unknown>;
    child.own = 'y';
    expect(lengths.of({ child })).toBeUndefined();
    expect(lengths.of({ when: new Date(0) })).toBeUndefined();
    expect(lengths.of({ a: { toJSON: () => 'x' } })).toBeUndefined();
  });
});
