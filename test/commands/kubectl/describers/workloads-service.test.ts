import { describe, it, expect } from 'vitest';
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1.js';
import type { Service } from 'kubernetes-types/core/v1.js';
import type { EndpointSlice } from 'kubernetes-types/discovery/v1.js';
import { describeDeployment, describeReplicaSet } from '../../../../src/commands/kubectl/describers/workloads.js';
import { describeService } from '../../../../src/commands/kubectl/describers/service.js';
import { SAMPLES } from './reference-samples.js';

const NOW = Date.UTC(2026, 10, 30, 4, 23, 50);
const ago = (ms: number): string => new Date(NOW - ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const h = 3600_000;

const template = {
  metadata: { labels: { app: 'web' } },
  spec: {
    containers: [
      {
        name: 'nginx',
        image: 'nginx:1.27',
        ports: [{ containerPort: 80, protocol: 'TCP' }],
        env: [{ name: 'LOG_LEVEL', value: 'info' }],
        resources: { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '100m', memory: '128Mi' } },
        livenessProbe: { httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP' }, initialDelaySeconds: 10, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 },
        readinessProbe: { tcpSocket: { port: 8080 }, timeoutSeconds: 1, periodSeconds: 5, successThreshold: 1, failureThreshold: 3 },
      },
    ],
  },
};

const deploy: Deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default', uid: 'd-uid', creationTimestamp: '2026-11-28T01:23:42Z', labels: { app: 'web' }, annotations: { 'deployment.kubernetes.io/revision': '1' } },
  spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template, strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } } },
  status: {
    replicas: 2, updatedReplicas: 2, readyReplicas: 1, availableReplicas: 1, unavailableReplicas: 1,
    conditions: [
      { type: 'Progressing', status: 'True', reason: 'NewReplicaSetAvailable' },
      { type: 'Available', status: 'False', reason: 'MinimumReplicasUnavailable' },
    ],
  },
};

const rs: ReplicaSet = {
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: {
    name: 'web-7d4b9c8f6', namespace: 'default', creationTimestamp: '2026-11-28T01:23:42Z', labels: { app: 'web', 'pod-template-hash': '7d4b9c8f6' },
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'd-uid', controller: true }],
  },
  spec: { replicas: 2, selector: { matchLabels: { app: 'web', 'pod-template-hash': '7d4b9c8f6' } }, template: { ...template, metadata: { labels: { app: 'web', 'pod-template-hash': '7d4b9c8f6' } } } },
  status: { replicas: 2, readyReplicas: 1 },
};
const oldRs: ReplicaSet = { ...rs, metadata: { ...rs.metadata, name: 'web-old' }, spec: { ...rs.spec!, replicas: 0, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] } } } };

describe('describe deployment (reference §2.4)', () => {
  it('matches the sample', () => {
    const ev = { metadata: { name: 'web.1' }, involvedObject: { kind: 'Deployment', name: 'web' }, reason: 'ScalingReplicaSet', type: 'Normal', message: 'Scaled up replica set web-7d4b9c8f6 from 0 to 2', source: { component: 'deployment-controller' }, firstTimestamp: ago(51 * h), lastTimestamp: ago(51 * h), count: 1 };
    // Revision 1: the sample's deployment has only its new ReplicaSet (an old one at 0 replicas
    // would be listed under OldReplicaSets since kubectl 1.27, see below).
    expect(describeDeployment(deploy, [rs], [ev], NOW)).toBe(SAMPLES['kubectl describe deploy web']);
  });
});

describe('describe deployment: OldReplicaSets', () => {
  // kubectl v0.32.0 pkg/describe/describe.go DeploymentDescriber.Describe takes the *second* result of
  // deploymentutil.GetAllReplicaSetsInChunks (findOldReplicaSets' allRSs: every controlled RS but the
  // new one, scaled down or not; kubectl commit d592485b4 "fix OldReplicaSets", 1.27), sorted by
  // replicaSetsByCreationTimestamp; printReplicaSetsByLabels: "%s (%d/%d replicas created)" joined
  // with ", ". Upstream describe_test.go expects "OldReplicaSets:    bar-001 (0/0 replicas created)".
  const rsLines = (rss: ReplicaSet[]): string[] =>
    describeDeployment(deploy, rss, undefined, NOW)
      .split('\n')
      .filter((l) => /^(Old|New)ReplicaSets?:/.test(l));
  const scaledDown = (name: string, created: string): ReplicaSet => ({
    ...oldRs,
    metadata: { ...oldRs.metadata, name, creationTimestamp: created },
    status: { replicas: 0 },
  });
  it('lists old ReplicaSets scaled to 0, oldest first', () => {
    const older = scaledDown('web-5c6d7e8f9', '2026-11-20T00:00:00Z');
    const old = scaledDown('web-6b7c8d9e0', '2026-11-25T00:00:00Z');
    expect(rsLines([rs, old, older])).toEqual([
      'OldReplicaSets:  web-5c6d7e8f9 (0/0 replicas created), web-6b7c8d9e0 (0/0 replicas created)',
      'NewReplicaSet:   web-7d4b9c8f6 (2/2 replicas created)',
    ]);
  });
  it('shows an old ReplicaSet still scaling down with its counts', () => {
    const draining: ReplicaSet = { ...oldRs, metadata: { ...oldRs.metadata, name: 'web-6b7c8d9e0' }, spec: { ...oldRs.spec!, replicas: 1 }, status: { replicas: 2 } };
    expect(rsLines([rs, draining])[0]).toBe('OldReplicaSets:  web-6b7c8d9e0 (2/1 replicas created)');
  });
  it('prints <none> for a missing side and leaves both lines out without ReplicaSets', () => {
    expect(rsLines([scaledDown('web-old', '2026-11-20T00:00:00Z')])).toEqual(['OldReplicaSets:  web-old (0/0 replicas created)', 'NewReplicaSet:   <none>']);
    expect(rsLines([])).toEqual([]);
  });
});

describe('describe replicaset', () => {
  it('prints replicas, pod status counts and the template', () => {
    const pods = [{ status: { phase: 'Running' } }, { status: { phase: 'Pending' } }];
    const out = describeReplicaSet(rs, pods, [], NOW).split('\n');
    expect(out.slice(0, 10)).toEqual([
      'Name:           web-7d4b9c8f6',
      'Namespace:      default',
      'Selector:       app=web,pod-template-hash=7d4b9c8f6',
      'Labels:         app=web',
      '                pod-template-hash=7d4b9c8f6',
      'Annotations:    <none>',
      'Controlled By:  Deployment/web',
      'Replicas:       2 current / 2 desired',
      'Pods Status:    1 Running / 1 Waiting / 0 Succeeded / 0 Failed',
      'Pod Template:',
    ]);
    expect(out.at(-2)).toBe('Events:            <none>');
  });
});

const svc = (name: string, type: string, ip: string, ports: NonNullable<Service['spec']>['ports']): Service => ({
  metadata: { name, namespace: 'default', labels: { app: name } },
  spec: { type, clusterIP: ip, clusterIPs: [ip], ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack', ports, selector: { app: name }, sessionAffinity: 'None', internalTrafficPolicy: 'Cluster', ...(type === 'NodePort' ? { externalTrafficPolicy: 'Cluster' } : {}) },
});

describe('describe service (reference §2.3, kubectl 1.32 EndpointSlices)', () => {
  it('NodePort service with more than 3 ready endpoints', () => {
    const ips = ['10.244.1.15', '10.244.1.30', '10.244.2.7', '10.244.2.8', '10.244.2.9'];
    const slice: EndpointSlice = {
      addressType: 'IPv4',
      metadata: { name: 'web-8xk2p', labels: { 'kubernetes.io/service-name': 'web' } },
      ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
      endpoints: [...ips.map((ip) => ({ addresses: [ip], conditions: { ready: true } })), { addresses: ['10.244.3.1'], conditions: { ready: false } }],
    };
    const s = svc('web', 'NodePort', '10.96.142.17', [{ name: 'http', port: 80, targetPort: 8080, nodePort: 30080, protocol: 'TCP' }]);
    expect(describeService(s, [slice], [], NOW)).toBe(SAMPLES['kubectl describe svc web']);
  });

  it('ClusterIP service with an empty slice', () => {
    const slice: EndpointSlice = { addressType: 'IPv4', metadata: { name: 'api-q7r4m' }, ports: [], endpoints: [] };
    const s = svc('api', 'ClusterIP', '10.96.33.201', [{ port: 8080, targetPort: 'http', protocol: 'TCP' }]);
    expect(describeService(s, [slice], [], NOW)).toBe(SAMPLES['kubectl describe svc api']);
  });
});
