import { describe, expect, it } from 'vitest';
import { describeGeneric, smartLabelFor } from '../../../../src/commands/kubectl/describers/generic.js';

describe('smartLabelFor (describe.go, with fatih/camelcase)', () => {
  it('splits camel case into titled words, with the common acronyms in capitals', () => {
    expect(smartLabelFor('holderIdentity')).toBe('Holder Identity');
    expect(smartLabelFor('leaseDurationSeconds')).toBe('Lease Duration Seconds');
    expect(smartLabelFor('apiVersion')).toBe('API Version');
    expect(smartLabelFor('uid')).toBe('UID');
    expect(smartLabelFor('podCIDR')).toBe('Pod CIDR');
    expect(smartLabelFor('PDFLoader')).toBe('PDF Loader');
    expect(smartLabelFor('resourceURL')).toBe('Resource URL');
  });

  it('leaves names with characters other than letters and "-" alone, and spaces around a "-"', () => {
    expect(smartLabelFor('ca.crt')).toBe('ca.crt');
    expect(smartLabelFor('kubernetes.io/description')).toBe('kubernetes.io/description');
    expect(smartLabelFor('ipv6')).toBe('ipv6');
    expect(smartLabelFor('foo-bar')).toBe('Foo - Bar');
  });
});

describe('the generic describer', () => {
  it('prints a Lease as kubectl 1.32 does: identity, then the sorted tree, then its events, one tabwriter for all', () => {
    const lease = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: {
        name: 'node-1',
        namespace: 'kube-node-lease',
        uid: 'f74475c0-cb87-4886-b1b6-fd6dbd5ab034',
        resourceVersion: '7494',
        creationTimestamp: '2026-10-16T09:01:00Z',
        ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: 'node-1', uid: 'a9b50633-16d3-40da-8678-4ac799ac0bdf' }],
        managedFields: [{ manager: 'kubelet' }],
      },
      spec: { holderIdentity: 'node-1', leaseDurationSeconds: 40, renewTime: '2026-11-30T09:00:00.123456Z' },
    };
    expect(describeGeneric(lease, [], 0)).toBe(
      [
        'Name:         node-1',
        'Namespace:    kube-node-lease',
        'Labels:       <none>',
        'Annotations:  <none>',
        'API Version:  coordination.k8s.io/v1',
        'Kind:         Lease',
        'Metadata:',
        '  Creation Timestamp:  2026-10-16T09:01:00Z',
        '  Owner References:',
        '    API Version:     v1',
        '    Kind:            Node',
        '    Name:            node-1',
        '    UID:             a9b50633-16d3-40da-8678-4ac799ac0bdf',
        '  Resource Version:  7494',
        '  UID:               f74475c0-cb87-4886-b1b6-fd6dbd5ab034',
        'Spec:',
        '  Holder Identity:         node-1',
        '  Lease Duration Seconds:  40',
        '  Renew Time:              2026-11-30T09:00:00.123456Z',
        'Events:                    <none>',
        '',
      ].join('\n'),
    );
  });

  it('prints a cluster-scoped object with an empty Namespace, lists of scalars one per line, null as <nil>, floats as %v', () => {
    const out = describeGeneric({ apiVersion: 'v1', kind: 'Thing', metadata: { name: 'x' }, spec: { items: ['a', 'b'], none: null, ratio: 0.5, on: true } }, undefined, 0);
    expect(out).toBe(
      [
        'Name:         x',
        'Namespace:    ',
        'Labels:       <none>',
        'Annotations:  <none>',
        'API Version:  v1',
        'Kind:         Thing',
        'Metadata:',
        'Spec:',
        '  Items:',
        '    a',
        '    b',
        '  None:   <nil>',
        '  On:     true',
        '  Ratio:  0.5',
        '',
      ].join('\n'),
    );
  });
});
