import { describe, it, expect } from 'vitest';
import { EventRecorder } from '../../../src/cluster/client/event-recorder.js';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';
import { harness, pod, ok, T0 } from '../apiserver/harness.js';

type Obj = Record<string, any>;

function setup(style: 'core' | 'events.k8s.io' = 'core') {
  const h = harness();
  let now = T0;
  const recorder = new EventRecorder(h.sys, { component: 'kubelet', host: 'node-1', instance: 'default-scheduler-cp-1' }, () => now, style);
  const events = () => (ok(h.sys.list('events', 'default')) as { items: Obj[] }).items;
  return { h, recorder, events, advance: (ms: number) => (now += ms), create: (name: string) => ok(h.sys.create('pods', 'default', pod(name))) as KubeObject };
}

describe('EventRecorder (client-go EventCorrelator aggregation)', () => {
  it('counts repeats of one event within ten minutes on one object; a different message, reason, field path or object is its own event', () => {
    const { recorder, events, advance, create } = setup();
    const web = create('web');
    const api = create('api');
    recorder.record(web, 'Normal', 'Pulled', 'Container image "nginx:1.27" already present on machine', 'spec.containers{web}');
    advance(60_000);
    recorder.record(web, 'Normal', 'Pulled', `Container image "nginx:1.27" already present on machine`, 'spec.containers{web}');
    recorder.record(web, 'Normal', 'Pulled', 'Container image "nginx:1.28" already present on machine', 'spec.containers{web}');
    recorder.record(web, 'Normal', 'Pulling', 'Container image "nginx:1.27" already present on machine', 'spec.containers{web}');
    recorder.record(web, 'Normal', 'Pulled', 'Container image "nginx:1.27" already present on machine', 'spec.containers{sidecar}');
    recorder.record(web, 'Normal', 'Pulled', 'Container image "nginx:1.27" already present on machine');
    recorder.record(api, 'Normal', 'Pulled', 'Container image "nginx:1.27" already present on machine', 'spec.containers{web}');
    const rows = events().map((e) => `${e.involvedObject.name} ${e.involvedObject.fieldPath ?? '-'} ${e.reason} ${e.message} x${e.count} ${e.firstTimestamp} ${e.lastTimestamp}`).sort();
    expect(rows).toEqual([
      'api spec.containers{web} Pulled Container image "nginx:1.27" already present on machine x1 2026-11-10T12:01:00Z 2026-11-10T12:01:00Z',
      'web - Pulled Container image "nginx:1.27" already present on machine x1 2026-11-10T12:01:00Z 2026-11-10T12:01:00Z',
      'web spec.containers{sidecar} Pulled Container image "nginx:1.27" already present on machine x1 2026-11-10T12:01:00Z 2026-11-10T12:01:00Z',
      'web spec.containers{web} Pulled Container image "nginx:1.27" already present on machine x2 2026-11-10T12:00:00Z 2026-11-10T12:01:00Z',
      'web spec.containers{web} Pulled Container image "nginx:1.28" already present on machine x1 2026-11-10T12:01:00Z 2026-11-10T12:01:00Z',
      'web spec.containers{web} Pulling Container image "nginx:1.27" already present on machine x1 2026-11-10T12:01:00Z 2026-11-10T12:01:00Z',
    ]);
  });

  it('a repeat counts on the first event however long ago it was (the logger has no window, only its LRU)', () => {
    const { recorder, events, advance, create } = setup();
    const web = create('web');
    recorder.record(web, 'Warning', 'BackOff', 'Back-off restarting failed container', 'spec.containers{web}');
    advance(10 * 60_000 + 1000);
    recorder.record(web, 'Warning', 'BackOff', 'Back-off restarting failed container', 'spec.containers{web}');
    advance(30_000);
    recorder.record(web, 'Warning', 'BackOff', 'Back-off restarting failed container', 'spec.containers{web}');
    expect(events().map((e) => `${e.count} ${e.firstTimestamp} ${e.lastTimestamp}`)).toEqual(['3 2026-11-10T12:00:00Z 2026-11-10T12:10:31Z']);
  });

  it('a repeat whose event is gone (expired, deleted) creates it again under its name, with its count and first timestamp (recordEvent: patch, then create on NotFound)', () => {
    const { h, recorder, events, advance, create } = setup();
    const web = create('web');
    recorder.record(web, 'Normal', 'Killing', 'Stopping container web', 'spec.containers{web}');
    const first = events()[0];
    ok(h.sys.delete('events', 'default', first.metadata.name));
    advance(1000);
    recorder.record(web, 'Normal', 'Killing', 'Stopping container web', 'spec.containers{web}');
    advance(1000);
    recorder.record(web, 'Normal', 'Killing', 'Stopping container web', 'spec.containers{web}');
    expect(events().map((e) => `${e.metadata.name === first.metadata.name} ${e.count} ${e.firstTimestamp} ${e.lastTimestamp}`)).toEqual(['true 3 2026-11-10T12:00:00Z 2026-11-10T12:00:02Z']);
  });

  it('events.k8s.io style grows a series within six minutes', () => {
    const { recorder, events, advance, create } = setup('events.k8s.io');
    const web = create('web');
    recorder.record(web, 'Warning', 'FailedScheduling', '0/3 nodes are available.', undefined, 'Scheduling');
    advance(2000);
    recorder.record(web, 'Warning', 'FailedScheduling', '0/3 nodes are available.', undefined, 'Scheduling');
    const [e] = events();
    expect(events()).toHaveLength(1);
    expect(e.series).toEqual({ count: 2, lastObservedTime: '2026-11-10T12:00:02.000000Z' });
    expect(e.eventTime).toBe('2026-11-10T12:00:00.000000Z');
    expect(e.reportingInstance).toBe('default-scheduler-cp-1');
  });
});

describe('EventRecorder bodies', () => {
  it('a core event carries its source and a field path only when it has one, in upstream key order', () => {
    const { recorder, events, create } = setup();
    const p = create('web');
    recorder.record(p, 'Normal', 'Pulled', 'Pulled image', 'spec.containers{web}');
    recorder.record(p, 'Normal', 'Scheduled', 'Scheduled');
    const [a, b] = events().sort((x, y) => x.reason.localeCompare(y.reason));
    expect(Object.keys(a.involvedObject)).toEqual(['apiVersion', 'kind', 'name', 'namespace', 'uid', 'resourceVersion', 'fieldPath']);
    expect(Object.keys(b.involvedObject)).not.toContain('fieldPath');
    expect([a.source, b.source]).toEqual([{ component: 'kubelet', host: 'node-1' }, { component: 'kubelet', host: 'node-1' }]);
  });

  it('a source whose host changes after the recorder was made is reported as it is now', () => {
    const h = harness();
    const source: { component: string; host?: string } = { component: 'kubelet' };
    const recorder = new EventRecorder(h.sys, source, () => T0);
    const p = ok(h.sys.create('pods', 'default', pod('web'))) as KubeObject;
    recorder.record(p, 'Normal', 'A', 'a');
    source.host = 'node-2';
    recorder.record(p, 'Normal', 'B', 'b');
    const items = (ok(h.sys.list('events', 'default')) as { items: Obj[] }).items.sort((x, y) => x.reason.localeCompare(y.reason));
    expect(items.map((e) => e.source)).toEqual([{ component: 'kubelet' }, { component: 'kubelet', host: 'node-2' }]);
  });
});

describe('EventRecorder sharing (stored events are immutable)', () => {
  it('events about one object version and field path share one stored involvedObject; another field path, version or object has its own', () => {
    const { h, recorder, events, create } = setup();
    const web = create('web');
    const api = create('api');
    recorder.record(web, 'Normal', 'Pulling', 'Pulling image "nginx:1.27"', 'spec.containers{web}');
    recorder.record(web, 'Normal', 'Pulled', 'Pulled image', 'spec.containers{web}');
    recorder.record(web, 'Normal', 'Created', 'Created container: web', 'spec.containers{web}');
    recorder.record(web, 'Normal', 'Created', 'Created container: side', 'spec.containers{side}');
    recorder.record(api, 'Normal', 'Created', 'Created container: web', 'spec.containers{web}');
    const web2 = ok(h.sys.update('pods', 'default', { ...web, metadata: { ...web.metadata, labels: { v: '2' } } })) as KubeObject;
    recorder.record(web2, 'Normal', 'Started', 'Started container web', 'spec.containers{web}');
    const by = (reason: string, fieldPath: string, name = 'web') => events().find((e) => e.reason === reason && e.involvedObject.fieldPath === fieldPath && e.involvedObject.name === name)!;
    const pulling = by('Pulling', 'spec.containers{web}');
    expect(by('Pulled', 'spec.containers{web}').involvedObject).toBe(pulling.involvedObject);
    expect(by('Created', 'spec.containers{web}').involvedObject).toBe(pulling.involvedObject);
    expect(by('Created', 'spec.containers{side}').involvedObject).not.toBe(pulling.involvedObject);
    expect(by('Created', 'spec.containers{web}', 'api').involvedObject).not.toBe(pulling.involvedObject);
    const started = by('Started', 'spec.containers{web}');
    expect(started.involvedObject).not.toBe(pulling.involvedObject);
    expect(started.involvedObject.resourceVersion).toBe(web2.metadata.resourceVersion);
    expect(pulling.involvedObject).toEqual({ apiVersion: 'v1', kind: 'Pod', name: 'web', namespace: 'default', uid: web.metadata.uid, resourceVersion: web.metadata.resourceVersion, fieldPath: 'spec.containers{web}' });
  });

  it('an object changed in place between two events (a caller’s own copy, not a stored object) is referred to as it is now', () => {
    const { recorder, events } = setup();
    const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1', uid: 'node-1', resourceVersion: '5' } } as KubeObject;
    recorder.record(node, 'Normal', 'NodeReady', 'Node node-1 status is now: NodeReady');
    recorder.record(node, 'Normal', 'Starting', 'Starting kubelet.');
    (node.metadata as Record<string, unknown>).resourceVersion = '6';
    recorder.record(node, 'Normal', 'NodeNotReady', 'Node node-1 status is now: NodeNotReady');
    recorder.record(node, 'Normal', 'NodeNotReady', 'Node node-1 status is now: NodeNotReady', 'spec');
    const [ready, starting, notReady, withPath] = events();
    expect(starting.involvedObject).toBe(ready.involvedObject);
    expect(ready.involvedObject.resourceVersion).toBe('5');
    expect(notReady.involvedObject.resourceVersion).toBe('6');
    expect(withPath.involvedObject).toEqual({ ...notReady.involvedObject, fieldPath: 'spec' });
  });

  it('names each event <object>.<hex of its time in nanoseconds plus the sequence>, at every millisecond (tools/record makeEvent)', () => {
    const { recorder, events, advance, create } = setup();
    const web = create('web');
    const nanos = (ms: number, seq: number) => (BigInt(ms) * 1_000_000n + BigInt(seq)).toString(16);
    recorder.record(web, 'Normal', 'Pulled', 'Pulled', 'spec.containers{web}');
    recorder.record(web, 'Normal', 'Created', 'Created container: web', 'spec.containers{web}');
    advance(1);
    recorder.record(web, 'Normal', 'Started', 'Started container web', 'spec.containers{web}');
    const names = events().map((e) => `${e.reason} ${e.metadata.name}`);
    expect(names.sort()).toEqual([`Created web.${nanos(T0, 1)}`, `Pulled web.${nanos(T0, 0)}`, `Started web.${nanos(T0 + 1, 2)}`]);
  });

  it('an object with no namespace or resourceVersion gives an involvedObject without those keys, as a decoded request would', () => {
    const { recorder, events } = setup();
    const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1', uid: 'node-1' } } as KubeObject;
    recorder.record(node, 'Normal', 'NodeReady', 'Node node-1 status is now: NodeReady');
    recorder.record(node, 'Normal', 'Starting', 'Starting kubelet.');
    const [a, b] = events();
    expect(Object.keys(a.involvedObject)).toEqual(['apiVersion', 'kind', 'name', 'uid']);
    expect(b.involvedObject).toBe(a.involvedObject);
  });

  it('an aggregated repeat keeps the involvedObject and source of the event it counts on', () => {
    const { recorder, events, advance, create } = setup();
    const web = create('web');
    recorder.record(web, 'Warning', 'BackOff', 'Back-off restarting failed container', 'spec.containers{web}');
    const [before] = events();
    advance(1000);
    recorder.record(web, 'Warning', 'BackOff', 'Back-off restarting failed container', 'spec.containers{web}');
    const [after] = events();
    expect(after.count).toBe(2);
    expect(after.involvedObject).toBe(before.involvedObject);
    expect(after.source).toBe(before.source);
  });
});
