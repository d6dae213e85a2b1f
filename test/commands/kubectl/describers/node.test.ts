import { describe, it, expect } from 'vitest';
import type { Node, NodeCondition, Pod } from 'kubernetes-types/core/v1.js';
import type { Lease } from 'kubernetes-types/coordination/v1.js';
import { describeNode } from '../../../../src/commands/kubectl/describers/node.js';
import { SAMPLES } from './reference-samples.js';

const NOW = Date.UTC(2026, 10, 30, 4, 23, 54);
const ago = (ms: number): string => new Date(NOW - ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

const conds = (hb: string, tr: string, readyTr: string, ready: Partial<NodeCondition>, pressure?: Partial<NodeCondition>): NodeCondition[] => [
  { type: 'MemoryPressure', status: 'False', lastHeartbeatTime: hb, lastTransitionTime: tr, reason: 'KubeletHasSufficientMemory', message: 'kubelet has sufficient memory available', ...pressure },
  { type: 'DiskPressure', status: 'False', lastHeartbeatTime: hb, lastTransitionTime: tr, reason: 'KubeletHasNoDiskPressure', message: 'kubelet has no disk pressure', ...pressure },
  { type: 'PIDPressure', status: 'False', lastHeartbeatTime: hb, lastTransitionTime: tr, reason: 'KubeletHasSufficientPID', message: 'kubelet has sufficient PID available', ...pressure },
  { type: 'Ready', status: 'True', lastHeartbeatTime: hb, lastTransitionTime: readyTr, reason: 'KubeletReady', message: 'kubelet is posting ready status', ...ready },
];

const node = (name: string, ip: string, cidr: string, created: string, conditions: NodeCondition[], spec: Node['spec'] = {}): Node => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: {
    name,
    creationTimestamp: created,
    labels: { 'beta.kubernetes.io/arch': 'amd64', 'beta.kubernetes.io/os': 'linux', 'kubernetes.io/arch': 'amd64', 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux' },
    annotations: {
      'kubeadm.alpha.kubernetes.io/cri-socket': 'unix:///var/run/containerd/containerd.sock',
      'node.alpha.kubernetes.io/ttl': '0',
      'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
    },
  },
  spec: { podCIDR: cidr, podCIDRs: [cidr], ...spec },
  status: {
    conditions,
    addresses: [{ type: 'InternalIP', address: ip }, { type: 'Hostname', address: name }],
    capacity: { cpu: '4', 'ephemeral-storage': '101430960Ki', 'hugepages-1Gi': '0', 'hugepages-2Mi': '0', memory: '16369604Ki', pods: '110' },
    allocatable: { cpu: '4', 'ephemeral-storage': '93478772582', 'hugepages-1Gi': '0', 'hugepages-2Mi': '0', memory: '16267204Ki', pods: '110' },
    nodeInfo: {
      machineID: '8b1f0c2d9e3a4b5c6d7e8f9012345678', systemUUID: 'ec2a1b3c-4d5e-6f70-8192-a3b4c5d6e7f8', bootID: '3f6e2a1b-9c8d-4e7f-a6b5-c4d3e2f1a0b9',
      kernelVersion: '5.15.0-126-generic', osImage: 'Ubuntu 22.04.5 LTS', operatingSystem: 'linux', architecture: 'amd64',
      containerRuntimeVersion: 'containerd://1.7.24', kubeletVersion: 'v1.32.4', kubeProxyVersion: 'v1.32.4',
    },
  },
});

const pod = (ns: string, name: string, age: number, req?: Record<string, string>, lim?: Record<string, string>, phase = 'Running'): Pod => ({
  metadata: { namespace: ns, name, creationTimestamp: ago(age) },
  spec: { containers: [{ name: 'c', resources: { ...(req ? { requests: req } : {}), ...(lim ? { limits: lim } : {}) } }] },
  status: { phase },
});
const web = { cpu: '100m', memory: '128Mi' };
const webLim = { cpu: '500m', memory: '256Mi' };
const api = { cpu: '250m', memory: '256Mi' };
const node1Pods = [
  pod('default', 'web-7d4b9c8f6-abcde', 2 * d + 3 * h, web, webLim),
  pod('default', 'web-7d4b9c8f6-fghij', 25 * m, web, webLim),
  pod('default', 'api-5f6d8b7c9-xk2lp', 4 * m + 18 * s, api),
  pod('default', 'api-5f6d8b7c9-q9wzt', 26 * s, api),
  pod('default', 'backup-28930140-7xk9d', 3 * h, web, webLim, 'Succeeded'),
  pod('default', 'init-demo', 36 * s),
  pod('default', 'old-web-6c9f7d5b4-zz9pq', 9 * d),
  pod('default', 'cache-6b8d9f7c5-mn4rs', 18 * s),
  pod('default', 'batch-oom', 90 * m, { cpu: '100m', memory: '64Mi' }, { memory: '64Mi' }),
  pod('kube-system', 'kube-proxy-7vx2k', 45 * d),
];
const lease = (holder: string, renew: string): Lease => ({ metadata: { name: holder, namespace: 'kube-node-lease' }, spec: { holderIdentity: holder, renewTime: renew.replace('Z', '.000000Z') } });

describe('describe node (reference §2.2)', () => {
  it('healthy node with pods, allocated resources and lease', () => {
    const n = node('node-1', '10.0.0.11', '10.244.1.0/24', '2026-10-16T04:23:42Z', conds('2026-11-30T04:23:12Z', '2026-10-16T04:24:42Z', '2026-10-16T04:25:42Z', {}));
    expect(describeNode(n, node1Pods, [], NOW, lease('node-1', '2026-11-30T04:23:35Z'))).toBe(SAMPLES['kubectl describe node node-1']);
  });

  it('unreachable, cordoned node with Unknown conditions and taints', () => {
    const unknown = { status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastHeartbeatTime: '2026-11-30T04:13:22Z', lastTransitionTime: '2026-11-30T04:14:22Z' };
    const n = node('node-2', '10.0.0.12', '10.244.2.0/24', '2026-10-16T04:23:42Z', conds('', '', '', unknown, unknown), {
      unschedulable: true,
      taints: [
        { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule', timeAdded: '2026-11-30T04:00:00Z' },
        { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule', timeAdded: '2026-11-30T04:14:22Z' },
        { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: '2026-11-30T04:14:27Z' },
      ],
    });
    const ev = { metadata: { name: 'node-2.1' }, involvedObject: { kind: 'Node', name: 'node-2' }, reason: 'NodeNotReady', type: 'Normal', message: 'Node node-2 status is now: NodeNotReady', source: { component: 'node-controller' }, firstTimestamp: ago(9 * m + 26 * s), lastTimestamp: ago(9 * m + 26 * s), count: 1 };
    expect(describeNode(n, [], [ev], NOW, lease('node-2', '2026-11-30T04:13:22Z'))).toBe(SAMPLES['kubectl describe node node-2']);
  });

  it('NotReady node without a lease', () => {
    const notReady = { status: 'False', reason: 'KubeletNotReady', message: 'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized' };
    const n = node('node-3', '10.0.0.13', '10.244.3.0/24', '2026-11-30T03:21:42Z', conds('2026-11-30T04:23:22Z', '2026-11-30T03:23:42Z', '2026-11-30T03:23:42Z', notReady), {
      taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }],
    });
    const ev = { metadata: { name: 'node-3.1' }, involvedObject: { kind: 'Node', name: 'node-3' }, reason: 'NodeNotReady', type: 'Normal', message: 'Node node-3 status is now: NodeNotReady', source: { component: 'kubelet', host: 'node-3' }, firstTimestamp: ago(60 * m), lastTimestamp: ago(60 * m), count: 1 };
    expect(describeNode(n, [], [ev], NOW)).toBe(SAMPLES['kubectl describe node node-3']);
  });
});
