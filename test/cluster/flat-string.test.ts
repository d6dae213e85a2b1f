import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { flatConcat, flatten, intern, StringInterner } from '../../src/cluster/flat-string.js';

describe('flat strings', () => {
  it('flatConcat and flatten keep the value', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 40 }), { maxLength: 12 }), (parts) => {
        expect(flatConcat(...parts)).toBe(parts.reduce((a, b) => a + b, ''));
        const rope = parts.reduce((a, b) => `${a}${b}`, '');
        expect(flatten(rope)).toBe(rope);
      }),
    );
  });

  it('the interner answers each value with an equal string, also after it starts over', () => {
    const interner = new StringInterner(8);
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 50 }), (values) => {
        for (const v of values) expect(interner.intern(`${v}-suffix-long-enough`)).toBe(`${v}-suffix-long-enough`);
      }),
    );
  });

  it('a value it knows comes back as the first copy (what saves the duplicates)', () => {
    const interner = new StringInterner();
    const first = interner.intern(['Started container ', 'web'].join(''));
    expect(interner.intern(`Started container ${'web'}`)).toBe(first);
  });
});

describe('intern', () => {
  it('returns the same value, sharing one copy per value', () => {
    const a = intern(['docker.io/library/', 'nginx:1.27'].join(''));
    expect(a).toBe('docker.io/library/nginx:1.27');
    expect(intern(`docker.io/library/${'nginx'}:1.27`)).toBe(a);
  });
});
