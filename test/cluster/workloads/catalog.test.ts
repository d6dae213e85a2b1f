import { describe, it, expect } from 'vitest';
import { ImageCatalog, fullImageName, parseImageRef } from '../../../src/cluster/workloads/catalog.js';

describe('parseImageRef', () => {
  it('normalizes references as containerd\'s docker normalization does', () => {
    const cases: [string, string][] = [
      ['nginx', 'docker.io/library/nginx:latest'],
      ['nginx:1.27', 'docker.io/library/nginx:1.27'],
      ['library/nginx:1.27', 'docker.io/library/nginx:1.27'],
      ['docker.io/nginx:1.27', 'docker.io/library/nginx:1.27'],
      ['index.docker.io/library/nginx', 'docker.io/library/nginx:latest'],
      ['bitnami/redis:7.2', 'docker.io/bitnami/redis:7.2'],
      ['shop/checkout:1.4', 'docker.io/shop/checkout:1.4'],
      ['registry.k8s.io/pause:3.10', 'registry.k8s.io/pause:3.10'],
      ['registry.k8s.io/coredns/coredns:v1.11.3', 'registry.k8s.io/coredns/coredns:v1.11.3'],
      ['localhost:5000/app', 'localhost:5000/app:latest'],
      ['registry.example.com:5000/team/api:v2.1.0', 'registry.example.com:5000/team/api:v2.1.0'],
    ];
    for (const [input, expected] of cases) expect(fullImageName(parseImageRef(input)), input).toBe(expected);
    expect(parseImageRef('nginx:1.27')).toEqual({ repository: 'docker.io/library/nginx', tag: '1.27', original: 'nginx:1.27' });
  });

  it('answers each text with its own parse, shared and frozen, also past the bound of texts it remembers', () => {
    const first = parseImageRef('nginx:1.27');
    expect(parseImageRef('nginx:1.27')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(parseImageRef('nginx')).toEqual({ repository: 'docker.io/library/nginx', tag: 'latest', original: 'nginx' });
    expect(parseImageRef(' nginx:1.27')).toEqual({ repository: 'docker.io/library/nginx', tag: '1.27', original: ' nginx:1.27' });
    for (let i = 0; i < 600; i++) expect(parseImageRef(`shop/app-${i}:${i}`)).toEqual({ repository: `docker.io/shop/app-${i}`, tag: String(i), original: `shop/app-${i}:${i}` });
    expect(parseImageRef('nginx:1.27')).toEqual(first);
    expect(parseImageRef('shop/app-3:3').tag).toBe('3');
  });
});

describe('ImageCatalog', () => {
  it('knows the default images by any spelling of their reference', () => {
    const catalog = new ImageCatalog();
    for (const ref of ['nginx:1.27', 'docker.io/library/nginx:1.27', 'docker.io/nginx:1.27']) {
      expect(catalog.lookup(ref), ref).toMatchObject({ listens: [80], sizeBytes: 72099410 });
    }
    expect(catalog.lookup('nginx')).toMatchObject({ sizeBytes: 72099410 });
    expect(catalog.lookup('registry.k8s.io/pause:3.10')).toMatchObject({ binaries: ['/pause'] });
  });

  it('has no behaviour for a tag or repository the registry lacks', () => {
    const catalog = new ImageCatalog();
    expect(catalog.lookup('nginx:1.27.99')).toBeUndefined();
    expect(catalog.knowsRepository('nginx:1.27.99')).toBe(true);
    expect(catalog.lookup('nosuch/thing:1')).toBeUndefined();
    expect(catalog.knowsRepository('nosuch/thing:1')).toBe(false);
  });

  it('takes scenario additions, with a default size, and can mark an image missing', () => {
    const catalog = new ImageCatalog();
    catalog.add('shop/checkout:1.4', { listens: [8080], readyAfterMs: 5000 });
    catalog.add('nginx:1.27', { missing: true });
    expect(catalog.lookup('docker.io/shop/checkout:1.4')).toEqual({ sizeBytes: 10_000_000, listens: [8080], readyAfterMs: 5000 });
    expect(catalog.knowsRepository('shop/checkout:9')).toBe(true);
    expect(catalog.lookup('shop/checkout:1.5')).toBeUndefined();
    expect(catalog.lookup('nginx:1.27')).toBeUndefined();
  });
});
