/**
 * `kubectl describe namespace`, pinned to kubectl v0.32.0 pkg/describe/describe.go: describeNamespace
 * (Name, Labels, Annotations, Status, Conditions; then "\n" + DescribeResourceQuotas and "\n" +
 * DescribeLimitRanges; no events), DescribeResourceQuotas ("No resource quota." or "Resource Quotas",
 * quotas by name, LEVEL_1 Name/Scopes/help text, Resource/Used/Hard rows from status.hard by name),
 * DescribeLimitRanges ("No LimitRange resource." or "Resource Limits" and the " Type\tResource\tMin\tMax
 * \tDefault Request\tDefault Limit\tMax Limit/Request Ratio" table, "-" for an unset bound). Alignment is
 * tabbedString's tabwriter Init(buf, 0, 8, 2, ' ', 0). Upstream describe_test.go TestDescribeNamespace
 * expects "No resource quota" and "No LimitRange resource." for a bare namespace.
 */
import { describe, it, expect } from 'vitest';
import type { LimitRange, Namespace, ResourceQuota } from 'kubernetes-types/core/v1.js';
import { describeNamespace } from '../../../../src/commands/kubectl/describers/namespace.js';
import { TestCluster } from '../harness.js';

const ns: Namespace = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'dev', labels: { 'kubernetes.io/metadata.name': 'dev' } }, status: { phase: 'Active' } };

const quota: ResourceQuota = {
  apiVersion: 'v1',
  kind: 'ResourceQuota',
  metadata: { name: 'compute', namespace: 'dev' },
  spec: { hard: { pods: '10', cpu: '2', memory: '4Gi' } },
  status: { hard: { pods: '10', cpu: '2', memory: '4Gi' }, used: { pods: '3', cpu: '500m', memory: '1Gi' } },
};

const limits: LimitRange = {
  apiVersion: 'v1',
  kind: 'LimitRange',
  metadata: { name: 'defaults', namespace: 'dev' },
  spec: { limits: [{ type: 'Container', default: { memory: '512Mi', cpu: '500m' }, defaultRequest: { cpu: '100m', memory: '256Mi' }, max: { cpu: '1' } }] },
};

describe('describe namespace', () => {
  it('a namespace without quotas or limit ranges', () => {
    expect(describeNamespace(ns, [], [])).toBe(
      ['Name:         dev', 'Labels:       kubernetes.io/metadata.name=dev', 'Annotations:  <none>', 'Status:       Active', '', 'No resource quota.', '', 'No LimitRange resource.', ''].join('\n'),
    );
  });

  it('quota rows sorted by resource from status, limit rows with "-" for unset bounds', () => {
    expect(describeNamespace(ns, [quota], [limits])).toBe(
      [
        'Name:         dev',
        'Labels:       kubernetes.io/metadata.name=dev',
        'Annotations:  <none>',
        'Status:       Active',
        '',
        'Resource Quotas',
        '  Name:     compute',
        '  Resource  Used  Hard',
        '  --------  ---   ---',
        '  cpu       500m  2',
        '  memory    1Gi   4Gi',
        '  pods      3     10',
        '',
        'Resource Limits',
        ' Type       Resource  Min  Max  Default Request  Default Limit  Max Limit/Request Ratio',
        ' ----       --------  ---  ---  ---------------  -------------  -----------------------',
        ' Container  cpu       -    1    100m             500m           -',
        ' Container  memory    -    -    256Mi            512Mi          -',
        '',
      ].join('\n'),
    );
  });

  it('quotas by name, scopes sorted with their help text, Used 0 when not recorded', () => {
    const scoped: ResourceQuota = { metadata: { name: 'a-besteffort' }, spec: { scopes: ['NotTerminating', 'BestEffort'] }, status: { hard: { pods: '5' } } };
    const lines = describeNamespace(ns, [quota, scoped], undefined).split('\n');
    expect(lines.slice(5, 12)).toEqual([
      'Resource Quotas',
      '  Name:    a-besteffort',
      '  Scopes:  BestEffort, NotTerminating',
      '  * Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.',
      '  * Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.',
      '  Resource  Used  Hard',
      '  --------  ---   ---',
    ]);
    expect(lines[12]).toBe('  pods      0     5');
    expect(lines[13]).toBe('  Name:     compute');
    // undefined limit ranges (resource not served): the section and its blank line are left out.
    expect(lines.at(-2)).toBe('  pods      3     10');
  });

  it('prints conditions with RFC1123Z times', () => {
    const terminating: Namespace = {
      ...ns,
      status: { phase: 'Terminating', conditions: [{ type: 'NamespaceDeletionContentFailure', status: 'True', lastTransitionTime: '2014-01-15T00:00:00Z', reason: 'example reason', message: 'example message' }] },
    };
    expect(describeNamespace(terminating, undefined, undefined).split('\n').slice(3)).toEqual([
      'Status:       Terminating',
      'Conditions:',
      '  Type                             Status  LastTransitionTime               Reason          Message',
      '  ----                             ------  ------------------               ------          -------',
      '  NamespaceDeletionContentFailure  True    Wed, 15 Jan 2014 00:00:00 +0000  example reason  example message',
      '',
    ]);
  });

  it('kubectl describe namespace lists the quotas and limit ranges stored in it, without events', async () => {
    const c = new TestCluster();
    c.add({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'dev' }, spec: {}, status: { phase: 'Active' } });
    c.add(quota as never);
    c.add(limits as never);
    const out = (await c.run('describe ns dev')).stdout;
    expect(out).toContain('\nResource Quotas\n  Name:     compute\n');
    expect(out).toContain('\n Container  cpu       -    1    100m             500m           -\n');
    expect(out).not.toContain('Events:');
    expect((await c.run('describe namespace default')).stdout).toMatch(/\nNo resource quota\.\n\nNo LimitRange resource\.\n$/);
  });
});
