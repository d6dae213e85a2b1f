import { describe, it, expect } from 'vitest';
import { LastKey, namespacedKey } from '../../src/cluster/object-key.js';

describe('object keys', () => {
  it('namespacedKey is namespace/name, or the name alone without a namespace', () => {
    expect(namespacedKey('default', 'web')).toBe('default/web');
    expect(namespacedKey(undefined, 'node-1')).toBe('node-1');
    expect(namespacedKey('', 'node-1')).toBe('node-1');
  });

  it('LastKey answers every call as namespacedKey does, whatever came between', () => {
    const keys = new LastKey();
    const calls: [string | undefined, string][] = [
      ['default', 'web'],
      [undefined, 'default'],
      ['default', 'web'],
      ['', 'web'],
      ['default', 'web'],
      ['kube-system', 'web'],
      ['default', 'web'],
      ['default', 'api'],
      [undefined, 'web'],
      ['default', 'api'],
      ['default/x', 'y'],
      ['default', 'x/y'],
    ];
    for (const [ns, name] of calls) expect(keys.of(ns, name)).toBe(namespacedKey(ns, name));
  });
});
