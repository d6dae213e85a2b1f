import { describe, expect, it } from 'vitest';
import { compileWildcard } from '../../../../src/commands/text/lib/fnmatch.js';

describe('compileWildcard', () => {
  it('knows the POSIX classes and bash\'s [[:word:]]', () => {
    expect(compileWildcard('[[:digit:]]*').test('7up')).toBe(true);
    expect(compileWildcard('[[:digit:]]*').test('up7')).toBe(false);
    expect(compileWildcard('[[:word:]]').test('_')).toBe(true);
    expect(compileWildcard('[[:space:]]').test('\t')).toBe(true);
  });

  it('takes an object-prototype name as no class (matches nothing), not as inherited text', () => {
    expect(compileWildcard('[[:constructor:]]').test('c')).toBe(false);
    expect(compileWildcard('[[:toString:]]').test('t')).toBe(false);
  });
});
