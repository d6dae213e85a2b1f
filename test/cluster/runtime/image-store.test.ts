import { describe, it, expect } from 'vitest';
import { ImageStore } from '../../../src/cluster/runtime/image-store.js';
import type { RuntimeImage } from '../../../src/cluster/runtime/runtime.js';

const image = (id: string, sizeBytes: number): RuntimeImage => ({ id, tags: [`docker.io/library/${id}:1`], sizeBytes, behaviour: {} });

describe('ImageStore', () => {
  it('counts adds, replacements and removals, and nothing else', () => {
    const store = new ImageStore();
    expect(store.version).toBe(0);
    store.set('a', image('a', 10));
    store.set('b', image('b', 20));
    expect(store.version).toBe(2);
    store.set('a', image('a', 15));
    expect(store.version).toBe(3);
    expect(store.delete('missing')).toBe(false);
    store.get('a');
    [...store.values()];
    expect(store.version).toBe(3);
    expect(store.delete('b')).toBe(true);
    expect(store.version).toBe(4);
    store.clear();
    store.clear();
    expect(store.version).toBe(5);
  });

  it('adds up the images\' sizes after every change', () => {
    const store = new ImageStore();
    expect(store.totalBytes()).toBe(0);
    store.set('a', image('a', 10));
    store.set('b', image('b', 20));
    expect(store.totalBytes()).toBe(30);
    store.set('a', image('a', 15));
    expect(store.totalBytes()).toBe(35);
    store.delete('b');
    expect(store.totalBytes()).toBe(15);
  });
});
