import { describe, expect, it } from 'vitest';
import { testCluster } from './harness.js';

type Obj = Record<string, any>;

const pod = (name: string, cpu: string, memory: string) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default' },
  spec: { containers: [{ name: 'app', image: 'nginx', resources: { requests: { cpu, memory }, limits: { cpu, memory } } }] },
});

describe('resource quota controller (pkg/controller/resourcequota)', () => {
  it("records hard and used: pods' requests and limits summed in their units, object counts", () => {
    const c = testCluster();
    c.create('resourcequotas', { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'compute', namespace: 'default' }, spec: { hard: { pods: '10', 'requests.cpu': '2', 'requests.memory': '2Gi', 'limits.memory': '4Gi', configmaps: '5', 'count/deployments.apps': '3' } } }, 'default');
    c.advance(20_000);
    expect((c.get('resourcequotas', 'default', 'compute') as Obj).status).toEqual({
      hard: { pods: '10', 'requests.cpu': '2', 'requests.memory': '2Gi', 'limits.memory': '4Gi', configmaps: '5', 'count/deployments.apps': '3' },
      used: { pods: '0', 'requests.cpu': '0', 'requests.memory': '0', 'limits.memory': '0', configmaps: '0', 'count/deployments.apps': '0' },
    });
    c.create('pods', pod('a', '500m', '512Mi'), 'default');
    c.create('pods', pod('b', '250m', '512Mi'), 'default');
    c.create('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg', namespace: 'default' } }, 'default');
    c.advance(1_000);
    expect((c.get('resourcequotas', 'default', 'compute') as Obj).status.used).toEqual({ pods: '2', 'requests.cpu': '750m', 'requests.memory': '1Gi', 'limits.memory': '1Gi', configmaps: '1', 'count/deployments.apps': '0' });
  });

  it('gives usage back when a pod goes away', () => {
    const c = testCluster();
    c.create('resourcequotas', { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'q', namespace: 'default' }, spec: { hard: { pods: '2', 'requests.cpu': '1' } } }, 'default');
    c.create('pods', pod('a', '600m', '64Mi'), 'default');
    c.advance(5_000);
    expect((c.get('resourcequotas', 'default', 'q') as Obj).status.used).toEqual({ pods: '1', 'requests.cpu': '600m' });
    c.admin.delete('pods', 'default', 'a', { gracePeriodSeconds: 0 });
    c.advance(5_000);
    expect((c.get('resourcequotas', 'default', 'q') as Obj).status.used).toEqual({ pods: '0', 'requests.cpu': '0' });
  });
});

describe('describe quota and limits (describe.go describeQuota, describeLimitRange)', async () => {
  const { describeQuota, describeLimitRange } = await import('../../../src/commands/kubectl/describers/namespace.js');
  it('prints the status as Resource/Used/Hard, and a LimitRange as its table', () => {
    expect(describeQuota({ metadata: { name: 'q', namespace: 'default' }, spec: { scopes: ['NotBestEffort'] }, status: { hard: { pods: '10', 'requests.cpu': '2' }, used: { pods: '3', 'requests.cpu': '750m' } } })).toBe(
      ['Name:       q', 'Namespace:  default', 'Scopes:     NotBestEffort', ' * Matches all pods that have at least one resource requirement set. These pods have a burstable or guaranteed quality of service.', 'Resource      Used  Hard', '--------      ----  ----', 'pods          3     10', 'requests.cpu  750m  2', ''].join('\n'),
    );
    expect(describeLimitRange({ metadata: { name: 'lr', namespace: 'default' }, spec: { limits: [{ type: 'Container', default: { cpu: '500m' }, defaultRequest: { cpu: '100m' } }] } })).toBe(
      ['Name:       lr', 'Namespace:  default', 'Type        Resource  Min  Max  Default Request  Default Limit  Max Limit/Request Ratio', '----        --------  ---  ---  ---------------  -------------  -----------------------', 'Container   cpu       -    -    100m             500m           -', ''].join('\n'),
    );
  });
});
