/** Pods and events implied by the reference catalog's describe samples (§2.1). */
import type { Container, Event, Pod } from 'kubernetes-types/core/v1.js';
import type { Event as EventsV1Event } from 'kubernetes-types/events/v1.js';

/** The describe samples' clock: Mon, 30 Nov 2026 04:23:49 +0000. */
export const NOW = Date.UTC(2026, 10, 30, 4, 23, 49);
/** ms before NOW as RFC 3339. */
export const ago = (ms: number): string => new Date(NOW - ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
/** Duration units in ms. */
export const s = 1000;
/** A minute. */
export const m = 60 * s;

const apiAccessVolume = {
  name: 'kube-api-access-x7k2p',
  projected: {
    defaultMode: 420,
    sources: [
      { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
      { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
      { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
    ],
  },
};
const defaultTolerations = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
];
const mount = [{ name: 'kube-api-access-x7k2p', mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', readOnly: true }];

const container = (name: string, image: string, over: Partial<Container> = {}): Container => ({
  name,
  image,
  env: [{ name: 'LOG_LEVEL', value: 'info' }],
  volumeMounts: mount,
  ...over,
});

const readyConds = (ready: boolean) =>
  ['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled'].map((type) => ({
    type,
    status: (type === 'Ready' || type === 'ContainersReady') && !ready ? 'False' : 'True',
  }));

/** Builds a pod in the sample cluster's defaults. */
export function samplePod(name: string, labels: Record<string, string>, over: { spec?: Partial<Pod['spec']>; status?: Pod['status']; meta?: Pod['metadata'] }): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', labels, ...over.meta },
    spec: {
      containers: [],
      priority: 0,
      serviceAccountName: 'default',
      tolerations: defaultTolerations,
      volumes: [apiAccessVolume],
      ...over.spec,
    },
    status: { qosClass: 'Burstable', ...over.status },
  };
}

const rsOwner = (name: string) => [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name, uid: 'u', controller: true }];

/** web-7d4b9c8f6-fghij: CrashLoopBackOff with liveness failures. */
export const crashPod = samplePod('web-7d4b9c8f6-fghij', { app: 'web', 'pod-template-hash': '7d4b9c8f6' }, {
  meta: { ownerReferences: rsOwner('web-7d4b9c8f6') },
  spec: {
    nodeName: 'node-1',
    containers: [
      container('nginx', 'nginx:1.27', {
        command: ['nginx', '-g', 'daemon off;'],
        ports: [{ containerPort: 80, protocol: 'TCP' }],
        resources: { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '100m', memory: '128Mi' } },
        livenessProbe: { httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP' }, initialDelaySeconds: 10, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 },
        readinessProbe: { tcpSocket: { port: 8080 }, timeoutSeconds: 1, periodSeconds: 5, successThreshold: 1, failureThreshold: 3 },
      }),
    ],
  },
  status: {
    phase: 'Running',
    hostIP: '10.0.0.11',
    podIP: '10.244.1.16',
    podIPs: [{ ip: '10.244.1.16' }],
    startTime: '2026-11-30T03:58:43Z',
    conditions: readyConds(false),
    containerStatuses: [
      {
        name: 'nginx',
        containerID: 'containerd://4b2a5c1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b',
        image: 'docker.io/library/nginx:1.27',
        imageID: 'docker.io/library/nginx@sha256:124b44bfc9ccd1f3cedf4b592d4d1e8bddb78b51ec2ed5056c52d3692baebc19',
        ready: false,
        restartCount: 5,
        state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 2m40s' } },
        lastState: { terminated: { exitCode: 1, reason: 'Error', startedAt: '2026-11-30T04:22:55Z', finishedAt: '2026-11-30T04:22:57Z' } },
      },
    ],
  },
});

const kubeletEvent = (reason: string, type: string, first: number, last: number, count: number, message: string): Event => ({
  metadata: { name: `e-${reason}` },
  involvedObject: { kind: 'Pod', name: 'web-7d4b9c8f6-fghij' },
  reason,
  type,
  message,
  source: { component: 'kubelet', host: 'node-1' },
  firstTimestamp: ago(first),
  lastTimestamp: ago(last),
  count,
});

/** The crash pod's events, deliberately out of order. */
export const crashEvents: (Event | EventsV1Event)[] = [
  kubeletEvent('BackOff', 'Warning', 20 * m, 15 * s, 52, 'Back-off restarting failed container nginx in pod web-7d4b9c8f6-fghij_default(uid-web-7d4b9c8f6-fghij)'),
  kubeletEvent('Pulled', 'Normal', 25 * m, 65 * s, 6, 'Container image "nginx:1.27" already present on machine'),
  kubeletEvent('Created', 'Normal', 25 * m, 65 * s, 6, 'Created container: nginx'),
  kubeletEvent('Started', 'Normal', 25 * m, 64 * s, 6, 'Started container nginx'),
  kubeletEvent('Unhealthy', 'Warning', 24 * m, 55 * s, 15, 'Liveness probe failed: Get "http://10.244.1.16:8080/healthz": dial tcp 10.244.1.16:8080: connect: connection refused'),
  kubeletEvent('Killing', 'Normal', 24 * m, 55 * s, 5, 'Container nginx failed liveness probe, will be restarted'),
  {
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: { name: 'sched' },
    regarding: { kind: 'Pod', name: 'web-7d4b9c8f6-fghij' },
    reason: 'Scheduled',
    type: 'Normal',
    note: 'Successfully assigned default/web-7d4b9c8f6-fghij to node-1',
    eventTime: ago(25 * m).replace('Z', '.000000Z'),
    reportingController: 'default-scheduler',
    reportingInstance: 'default-scheduler-cp-1',
    action: 'Binding',
  },
];

/** db-0: Pending, unschedulable. */
export const pendingPod = samplePod('db-0', { app: 'db' }, {
  spec: { containers: [container('postgres', 'postgres:16', { resources: { requests: { cpu: '2', memory: '8Gi' } } })] },
  status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable' }] },
});

/** The scheduler's FailedScheduling event with a series. */
export const failedSchedulingMessage =
  '0/4 nodes are available: 1 Insufficient memory, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) had untolerated taint {node.kubernetes.io/not-ready: }, 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }. preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling.';
/** db-0's event. */
export const pendingEvents: EventsV1Event[] = [
  {
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: { name: 'db-0.1' },
    regarding: { kind: 'Pod', name: 'db-0' },
    reason: 'FailedScheduling',
    type: 'Warning',
    note: failedSchedulingMessage,
    eventTime: ago(7 * m + 4 * s).replace('Z', '.000000Z'),
    series: { count: 3, lastObservedTime: ago(2 * m + 4 * s).replace('Z', '.000000Z') },
    reportingController: 'default-scheduler',
    reportingInstance: 'default-scheduler-cp-1',
    action: 'Scheduling',
  },
];

/** init-demo: init container running. */
export const initPod = samplePod('init-demo', { app: 'init-demo' }, {
  spec: { nodeName: 'node-1', initContainers: [container('wait-for-db', 'busybox:1.36')], containers: [container('app', 'busybox:1.36')] },
  status: {
    phase: 'Pending',
    hostIP: '10.0.0.11',
    podIP: '10.244.1.19',
    podIPs: [{ ip: '10.244.1.19' }],
    startTime: '2026-11-30T04:23:13Z',
    conditions: [{ type: 'Initialized', status: 'False' }],
    initContainerStatuses: [{ name: 'wait-for-db', image: 'busybox:1.36', imageID: '', ready: false, restartCount: 0, state: { running: { startedAt: '2026-11-30T04:23:14Z' } } }],
    containerStatuses: [{ name: 'app', image: 'busybox:1.36', imageID: '', ready: false, restartCount: 0, state: { waiting: { reason: 'PodInitializing' } } }],
  },
});

/** old-web: terminating, deletionTimestamp in the future. */
export const terminatingPod = samplePod('old-web-6c9f7d5b4-zz9pq', { app: 'old-web' }, {
  meta: { deletionTimestamp: ago(-25 * s), deletionGracePeriodSeconds: 30 },
  spec: { nodeName: 'node-1', containers: [container('nginx', 'nginx:1.27')] },
  status: {
    phase: 'Running',
    hostIP: '10.0.0.11',
    podIP: '10.244.1.21',
    podIPs: [{ ip: '10.244.1.21' }],
    startTime: '2026-11-21T04:23:43Z',
    conditions: readyConds(true),
    containerStatuses: [{ name: 'nginx', image: 'nginx:1.27', imageID: '', ready: true, restartCount: 0, state: { running: { startedAt: '2026-11-21T04:23:47Z' } } }],
  },
});
