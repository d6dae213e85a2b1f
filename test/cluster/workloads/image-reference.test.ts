import { describe, it, expect } from 'vitest';
import { canonicalImage, normalizeImage, sameImage } from '../../../src/cluster/workloads/image-reference.js';
import { fullImageName, parseImageRef } from '../../../src/cluster/workloads/catalog.js';

// Cases from github.com/distribution/reference normalize_test.go (TestParseNormalizedNamed,
// TestNormalizedSplitHostname) and containerd's reference/docker ParseDockerRef.
describe('normalizeImage', () => {
  it('fills in docker.io, library/ and latest as the runtime does', () => {
    expect(canonicalImage('nginx')).toBe('docker.io/library/nginx:latest');
    expect(canonicalImage('nginx:1.27')).toBe('docker.io/library/nginx:1.27');
    expect(canonicalImage('docker.io/nginx')).toBe('docker.io/library/nginx:latest');
    expect(canonicalImage('index.docker.io/library/nginx:1.27')).toBe('docker.io/library/nginx:1.27');
    expect(canonicalImage('shop/billing:2.1.0')).toBe('docker.io/shop/billing:2.1.0');
    expect(canonicalImage('docker.io/shop/billing:2.1.0')).toBe('docker.io/shop/billing:2.1.0');
  });

  it('keeps a registry host (a dot, a port, localhost or upper case in the first component)', () => {
    expect(canonicalImage('registry.k8s.io/pause:3.10')).toBe('registry.k8s.io/pause:3.10');
    expect(canonicalImage('localhost:5000/app')).toBe('localhost:5000/app:latest');
    expect(canonicalImage('localhost/app:1')).toBe('localhost/app:1');
    expect(canonicalImage('Foo/app:1')).toBe('Foo/app:1');
    expect(canonicalImage('quay.io/nginx')).toBe('quay.io/nginx:latest');
  });

  it('a digest wins over a tag (ParseDockerRef keeps only the digest)', () => {
    const digest = `sha256:${'ab'.repeat(32)}`;
    expect(normalizeImage(`nginx:1.27@${digest}`)).toEqual({ repository: 'docker.io/library/nginx', digest });
    expect(canonicalImage(`shop/billing@${digest}`)).toBe(`docker.io/shop/billing@${digest}`);
  });
});

describe('sameImage', () => {
  const digest = `sha256:${'0f'.repeat(32)}`;
  it('compares normalized references', () => {
    expect(sameImage('shop/billing:2.1.0', 'docker.io/shop/billing:2.1.0')).toBe(true);
    expect(sameImage('nginx', 'docker.io/library/nginx:latest')).toBe(true);
    expect(sameImage('shop/billing:2.1.0', 'shop/billing:2.1')).toBe(false);
    expect(sameImage('shop/billing:2.1.0', 'other/billing:2.1.0')).toBe(false);
  });

  it('matches a digest against the image ID the runtime resolved', () => {
    expect(sameImage(`shop/billing@${digest}`, 'docker.io/shop/billing:2.1.0', `docker.io/shop/billing@${digest}`)).toBe(true);
    expect(sameImage(`shop/billing@${digest}`, 'docker.io/shop/billing:2.1.0', `docker.io/shop/billing@sha256:${'11'.repeat(32)}`)).toBe(false);
    expect(sameImage(`shop/billing@${digest}`, `docker.io/shop/billing@${digest}`)).toBe(true);
    expect(sameImage(`shop/billing@${digest}`, 'docker.io/shop/billing:2.1.0')).toBe(false);
  });
});

describe('one parser for the runtime and the goals', () => {
  it('the image a container reports for a digest reference is the one a digest goal expects', () => {
    const digest = `sha256:${'a'.repeat(64)}`;
    const reported = fullImageName(parseImageRef(`shop/billing@${digest}`));
    expect(reported).toBe(`docker.io/shop/billing@${digest}`);
    expect(sameImage(`docker.io/shop/billing@${digest}`, reported)).toBe(true);
    expect(fullImageName(parseImageRef('Registry.Example.com/app'))).toBe('Registry.Example.com/app:latest');
  });
});
