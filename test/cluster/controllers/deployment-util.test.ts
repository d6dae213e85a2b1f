import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { equalIgnoreHash } from '../../../src/cluster/controllers/deployment-util.js';
import { canonicalJson } from '../../../src/cluster/controllers/hash.js';

type Obj = Record<string, any>;

/** EqualIgnoreHash by its definition: deep copies with the pod-template-hash label dropped, compared whole. */
function reference(a: Obj | undefined, b: Obj | undefined): boolean {
  const strip = (t: Obj | undefined): Obj => {
    const c = structuredClone(t ?? {});
    c.metadata ??= {};
    if (c.metadata.labels) {
      delete c.metadata.labels['pod-template-hash'];
      if (Object.keys(c.metadata.labels).length === 0) delete c.metadata.labels;
    }
    return c;
  };
  return canonicalJson(strip(a)) === canonicalJson(strip(b));
}

describe('equalIgnoreHash', () => {
  const labels = fc.dictionary(fc.constantFrom('app', 'tier', 'pod-template-hash'), fc.constantFrom('web', 'x', '5d8f'));
  const template = fc.option(
    fc.record({ metadata: fc.option(fc.record({ labels: fc.option(labels, { nil: undefined }), annotations: fc.option(labels, { nil: undefined }) }, { requiredKeys: [] }), { nil: undefined }), spec: fc.constantFrom({ containers: [{ name: 'a', image: 'nginx' }] }, { containers: [{ name: 'a', image: 'redis' }] }) }, { requiredKeys: [] }),
    { nil: undefined },
  );

  it('agrees with comparing deep copies without the hash label, and leaves its inputs alone', () => {
    fc.assert(
      fc.property(template, template, (a, b) => {
        const before = [structuredClone(a), structuredClone(b)];
        expect(equalIgnoreHash(a, b)).toBe(reference(a, b));
        expect([a, b]).toEqual(before);
      }),
    );
  });

  it('ignores only the pod-template-hash label', () => {
    const t = (l: Obj) => ({ metadata: { labels: l }, spec: { containers: [{ name: 'a', image: 'nginx' }] } });
    expect(equalIgnoreHash(t({ app: 'web', 'pod-template-hash': '1' }), t({ app: 'web' }))).toBe(true);
    expect(equalIgnoreHash(t({ 'pod-template-hash': '1' }), { spec: { containers: [{ name: 'a', image: 'nginx' }] } })).toBe(true);
    expect(equalIgnoreHash(t({ app: 'web' }), t({ app: 'api' }))).toBe(false);
  });
});
