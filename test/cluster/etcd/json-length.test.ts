/** jsonLength is JSON.stringify(value).length, exactly, for every value JSON.stringify writes. */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { jsonLength, quotedLength } from '../../../src/cluster/etcd/json-length.js';

/** Strings that need escapes: quotes, backslashes, control characters, lone and paired surrogates, astral characters. */
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.array(fc.constantFrom('"', '\\', '\b', '\t', '\n', '\f', '\r', '\u0000', '\u001f', '\u007f', '\ud800', '\udbff', '\udc00', '\udfff', '\ud83d\ude00', 'é', '\u2028', 'a', '/', '<'), { maxLength: 12 }).map((parts) => parts.join('')),
);

const numbers = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -0, NaN, Infinity, -Infinity, 1e21, 1e-7, -1e-7, 2 ** 31, -(2 ** 31), 2 ** 31 - 1, 2 ** 53, 0.1, -5e-324, Number.MAX_VALUE));

/** Leaves JSON writes or skips: undefined, functions and symbols vanish from objects and are null in arrays. */
const leaf = fc.oneof(
  { weight: 4, arbitrary: nasty },
  { weight: 3, arbitrary: numbers },
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constant(() => 1),
  fc.constant(Symbol('s')),
);

/** Objects whose toJSON answers with another value, given the key it is held under. */
const withToJSON = (inner: fc.Arbitrary<unknown>) =>
  fc.tuple(inner, fc.boolean()).map(([v, byKey]) => ({ toJSON: (key: string) => (byKey ? `${key}:${String(typeof v)}` : v), ignored: 'x' }));

const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: leaf },
    { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 5 }) },
    { weight: 2, arbitrary: fc.dictionary(nasty, tie('value'), { maxKeys: 5 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('__proto__', '0', '10', '1', 'b', 'a', 'constructor'), tie('value'), { maxKeys: 4, noNullPrototype: false }) },
    { weight: 1, arbitrary: withToJSON(tie('value')) },
    { weight: 1, arbitrary: fc.oneof(numbers.map((n) => Object(n) as unknown), nasty.map((s) => Object(s) as unknown), fc.boolean().map((b) => Object(b) as unknown)) },
    { weight: 1, arbitrary: fc.date({ noInvalidDate: false }) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }).map((items) => ({ nested: [items, [items]], holes: [, 1, , ] })) },
  ),
}));

/** What jsonLength must answer: the length of JSON.stringify's text, or undefined where it returns undefined. */
function expected(v: unknown): number | undefined {
  const text = JSON.stringify(v) as string | undefined;
  return text === undefined ? undefined : text.length;
}

describe('jsonLength', () => {
  it('equals JSON.stringify(value).length for random JSON-ish values', () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(jsonLength(v)).toBe(expected(v));
      }),
      { numRuns: 3000, seed: 20261203 },
    );
  });

  it('quotes strings as JSON.stringify does, escapes and surrogates included', () => {
    fc.assert(
      fc.property(nasty, (s) => {
        expect(quotedLength(s)).toBe(JSON.stringify(s).length);
      }),
      { numRuns: 5000, seed: 7 },
    );
  });

  it('handles the edge cases by name', () => {
    const cases: unknown[] = [
      -0, [-0], NaN, { a: NaN, b: Infinity }, undefined, () => 1, Symbol('x'), [undefined, () => 1, Symbol('y')],
      { a: undefined, b: () => 1, c: 1 }, { a: undefined }, {}, [], [[]], [[], {}], '\ud800', '\udc00\ud800', '\ud83d\ude00', '\u0000\u001f"\\\b\f\n\r\t',
      new Date(0), new Date(NaN), { toJSON: (k: string) => k }, [{ toJSON: (k: string) => k }], { key: { toJSON: (k: string) => k } },
      { toJSON: () => undefined }, [{ toJSON: () => undefined }], Object(5), Object('s"'), Object(false), Object.create(null),
      Object.assign(Object.create(null), { b: 1 }), { 2: 'a', 1: 'b', x: 'c' }, JSON.parse('{"__proto__": 1}'),
      1e21, 123456789012, -2147483648, 2147483647, 2147483648, 0.000001, 1e-7, 5e-324,
    ];
    for (const c of cases) expect(jsonLength(c), String(JSON.stringify(c))).toBe(expected(c));
  });

  it('leaves out inherited enumerable properties, as JSON does (for-in would list them)', () => {
    const inherited = Object.assign(Object.create({ inherited: 'yes' }), { own: 1 });
    expect(jsonLength(inherited)).toBe(expected(inherited));
    const proto = Object.prototype as Record<string, unknown>;
    proto.polluted = 'x';
    try {
      const plain = { a: 1, b: [{ c: 'd' }] };
      expect(jsonLength(plain)).toBe(expected(plain));
    } finally {
      delete proto.polluted;
    }
  });

  it('throws where JSON.stringify throws on a BigInt', () => {
    expect(() => jsonLength({ a: 1n })).toThrow(TypeError);
    expect(() => jsonLength([Object(1n)])).toThrow(TypeError);
  });

  it('measures a stored-object-like value (a Pod)', () => {
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web-7d4b9c-x2k8p', namespace: 'default', labels: { app: 'web', 'pod-template-hash': '7d4b9c' }, uid: 'a1b2', creationTimestamp: '2026-12-03T09:00:00Z', resourceVersion: undefined },
      spec: { containers: [{ name: 'web', image: 'nginx:1.27', resources: { requests: { cpu: '100m' } }, ports: [{ containerPort: 80, protocol: 'TCP' }] }], restartPolicy: 'Always', terminationGracePeriodSeconds: 30 },
      status: { phase: 'Pending', qosClass: 'Burstable' },
    };
    expect(jsonLength(pod)).toBe(JSON.stringify(pod).length);
  });
});
