import { describe, it, expect } from 'vitest';
import type { Event as CoreEvent } from 'kubernetes-types/core/v1.js';
import type { Event as EventsV1Event } from 'kubernetes-types/events/v1.js';
import { printTable } from '../../../../src/commands/kubectl/output/table.js';
import { eventPrinter } from '../../../../src/commands/kubectl/printers/event.js';
import { NOW, ago, dur } from './fixtures.js';

const { s, m, d, h } = dur;
const pod = 'web-7d4b9c8f6-fghij';
const kubelet = (name: string, reason: string, type: string, first: number, last: number, count: number, message: string, podName = pod, container = 'nginx'): CoreEvent => ({
  apiVersion: 'v1',
  kind: 'Event',
  metadata: { name, namespace: 'default' },
  involvedObject: { kind: 'Pod', name: podName, namespace: 'default', fieldPath: `spec.containers{${container}}` },
  reason,
  type,
  message,
  source: { component: 'kubelet', host: 'node-1' },
  firstTimestamp: ago(first),
  lastTimestamp: ago(last),
  count,
});
const api = 'api-5f6d8b7c9-xk2lp';
const image = 'registry.example.com/api:v2.1.0';
const sched = 'Successfully assigned default/web-7d4b9c8f6-fghij to node-1';
const failedScheduling =
  '0/4 nodes are available: 1 Insufficient memory, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) had untolerated taint {node.kubernetes.io/not-ready: }, 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }. preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling.';

const v1 = (name: string, regarding: EventsV1Event['regarding'], reason: string, note: string, controller: string, instance: string, eventTime: string, series?: EventsV1Event['series']): EventsV1Event => ({
  apiVersion: 'events.k8s.io/v1',
  kind: 'Event',
  metadata: { name, namespace: 'default' },
  regarding,
  reason,
  note,
  type: reason === 'FailedScheduling' ? 'Warning' : 'Normal',
  eventTime,
  reportingController: controller,
  reportingInstance: instance,
  action: 'Scheduling',
  ...(series ? { series } : {}),
});

const micro = (ms: number): string => ago(ms).replace('Z', '.000000Z');

const events: (CoreEvent | EventsV1Event)[] = [
  v1(`${pod}.1`, { kind: 'Pod', name: pod, namespace: 'default' }, 'Scheduled', sched, 'default-scheduler', 'default-scheduler-cp-1', micro(25 * m)),
  kubelet(`${pod}.2`, 'Pulled', 'Normal', 25 * m, 63 * s, 6, 'Container image "nginx:1.27" already present on machine'),
  kubelet(`${pod}.3`, 'Created', 'Normal', 25 * m, 63 * s, 6, 'Created container: nginx'),
  kubelet(`${pod}.4`, 'Started', 'Normal', 25 * m, 62 * s, 6, 'Started container nginx'),
  kubelet(`${pod}.5`, 'Unhealthy', 'Warning', 24 * m, 53 * s, 15, 'Liveness probe failed: Get "http://10.244.1.16:8080/healthz": dial tcp 10.244.1.16:8080: connect: connection refused'),
  kubelet(`${pod}.6`, 'Killing', 'Normal', 24 * m, 53 * s, 5, 'Container nginx failed liveness probe, will be restarted'),
  kubelet(`${pod}.7`, 'BackOff', 'Warning', 20 * m, 13 * s, 52, `Back-off restarting failed container nginx in pod ${pod}_default(uid-${pod})`),
  v1('db-0.1', { kind: 'Pod', name: 'db-0', namespace: 'default' }, 'FailedScheduling', failedScheduling, 'default-scheduler', 'default-scheduler-cp-1', micro(7 * m + 3 * s), { count: 3, lastObservedTime: micro(2 * m + 3 * s) }),
  kubelet(`${api}.1`, 'Pulling', 'Normal', 4 * m + 3 * s, 73 * s, 5, `Pulling image "${image}"`, api, 'api'),
  kubelet(`${api}.2`, 'Failed', 'Warning', 4 * m + 3 * s, 73 * s, 5, `Failed to pull image "${image}": rpc error: code = NotFound desc = failed to pull and unpack image "${image}": failed to resolve reference "${image}": ${image}: not found`, api, 'api'),
  kubelet(`${api}.3`, 'Failed', 'Warning', 4 * m + 3 * s, 73 * s, 5, 'Error: ErrImagePull', api, 'api'),
  kubelet(`${api}.4`, 'BackOff', 'Normal', 3 * m + 58 * s, 11 * s, 14, `Back-off pulling image "${image}"`, api, 'api'),
  kubelet(`${api}.5`, 'Failed', 'Warning', 3 * m + 58 * s, 11 * s, 14, 'Error: ImagePullBackOff', api, 'api'),
  { metadata: { name: 'web.1' }, involvedObject: { kind: 'Deployment', name: 'web' }, reason: 'ScalingReplicaSet', type: 'Normal', message: 'Scaled up replica set web-7d4b9c8f6 from 0 to 2', source: { component: 'deployment-controller' }, firstTimestamp: ago(2 * d + 3 * h), lastTimestamp: ago(2 * d + 3 * h), count: 1 },
  { metadata: { name: 'node-2.1' }, involvedObject: { kind: 'Node', name: 'node-2' }, reason: 'NodeNotReady', type: 'Normal', message: 'Node node-2 status is now: NodeNotReady', source: { component: 'node-controller' }, firstTimestamp: ago(9 * m + 23 * s), lastTimestamp: ago(9 * m + 23 * s), count: 1 },
  { metadata: { name: 'node-3.1' }, involvedObject: { kind: 'Node', name: 'node-3' }, reason: 'NodeNotReady', type: 'Normal', message: 'Node node-3 status is now: NodeNotReady', source: { component: 'kubelet', host: 'node-3' }, firstTimestamp: ago(60 * m), lastTimestamp: ago(60 * m), count: 1 },
];

describe('get events (reference §1.7)', () => {
  it('prints the default table', () => {
    expect(printTable(eventPrinter, events, { now: NOW })).toBe(
      `LAST SEEN   TYPE      REASON              OBJECT                    MESSAGE
25m         Normal    Scheduled           pod/web-7d4b9c8f6-fghij   Successfully assigned default/web-7d4b9c8f6-fghij to node-1
63s         Normal    Pulled              pod/web-7d4b9c8f6-fghij   Container image "nginx:1.27" already present on machine
63s         Normal    Created             pod/web-7d4b9c8f6-fghij   Created container: nginx
62s         Normal    Started             pod/web-7d4b9c8f6-fghij   Started container nginx
53s         Warning   Unhealthy           pod/web-7d4b9c8f6-fghij   Liveness probe failed: Get "http://10.244.1.16:8080/healthz": dial tcp 10.244.1.16:8080: connect: connection refused
53s         Normal    Killing             pod/web-7d4b9c8f6-fghij   Container nginx failed liveness probe, will be restarted
13s         Warning   BackOff             pod/web-7d4b9c8f6-fghij   Back-off restarting failed container nginx in pod web-7d4b9c8f6-fghij_default(uid-web-7d4b9c8f6-fghij)
2m3s        Warning   FailedScheduling    pod/db-0                  ${failedScheduling}
73s         Normal    Pulling             pod/api-5f6d8b7c9-xk2lp   Pulling image "registry.example.com/api:v2.1.0"
73s         Warning   Failed              pod/api-5f6d8b7c9-xk2lp   Failed to pull image "registry.example.com/api:v2.1.0": rpc error: code = NotFound desc = failed to pull and unpack image "registry.example.com/api:v2.1.0": failed to resolve reference "registry.example.com/api:v2.1.0": registry.example.com/api:v2.1.0: not found
73s         Warning   Failed              pod/api-5f6d8b7c9-xk2lp   Error: ErrImagePull
11s         Normal    BackOff             pod/api-5f6d8b7c9-xk2lp   Back-off pulling image "registry.example.com/api:v2.1.0"
11s         Warning   Failed              pod/api-5f6d8b7c9-xk2lp   Error: ImagePullBackOff
2d3h        Normal    ScalingReplicaSet   deployment/web            Scaled up replica set web-7d4b9c8f6 from 0 to 2
9m23s       Normal    NodeNotReady        node/node-2               Node node-2 status is now: NodeNotReady
60m         Normal    NodeNotReady        node/node-3               Node node-3 status is now: NodeNotReady
`,
    );
  });

  it('prints -o wide with SUBOBJECT and SOURCE before MESSAGE', () => {
    const out = printTable(eventPrinter, events, { now: NOW, wide: true }).split('\n');
    const pad = (cell: string, width: number) => cell.padEnd(width);
    const msgWidth = failedScheduling.length + 3;
    expect(out[0]).toBe(
      'LAST SEEN   TYPE      REASON              OBJECT                    SUBOBJECT                SOURCE                                      ' + pad('MESSAGE', msgWidth) + 'FIRST SEEN   COUNT   NAME',
    );
    expect(out[1]).toBe(
      '25m         Normal    Scheduled           pod/web-7d4b9c8f6-fghij                            default-scheduler, default-scheduler-cp-1   ' + pad(sched, msgWidth) + '25m          1       web-7d4b9c8f6-fghij.1',
    );
    expect(out[8]).toBe(
      '2m3s        Warning   FailedScheduling    pod/db-0                                           default-scheduler, default-scheduler-cp-1   ' + pad(failedScheduling, msgWidth) + '7m3s         3       db-0.1',
    );
    expect(out[12]).toBe(
      '11s         Normal    BackOff             pod/api-5f6d8b7c9-xk2lp   spec.containers{api}     kubelet, node-1                             ' + pad('Back-off pulling image "registry.example.com/api:v2.1.0"', msgWidth) + '3m58s        14      api-5f6d8b7c9-xk2lp.4',
    );
    expect(out[15]).toBe(
      '9m23s       Normal    NodeNotReady        node/node-2                                        node-controller                             ' + pad('Node node-2 status is now: NodeNotReady', msgWidth) + '9m23s        1       node-2.1',
    );
  });
});
