import { describe, it, expect } from 'vitest';
import { harness, pod, ok, err } from './harness.js';

type Obj = Record<string, any>;

describe('admission chain on pod create', () => {
  it('NamespaceLifecycle: creating in a missing namespace is 404 namespaces "x" not found, before validation', () => {
    const h = harness();
    const s = err(h.sys.create('pods', 'nope', pod('web')));
    expect(s.code).toBe(404);
    expect(s.reason).toBe('NotFound');
    expect(s.message).toBe('namespaces "nope" not found');
    // Even an invalid pod: the mutating NamespaceLifecycle plugin runs first.
    expect(err(h.sys.create('pods', 'nope', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x' }, spec: {} })).message).toBe('namespaces "nope" not found');
  });

  it('NamespaceLifecycle: a terminating namespace takes no new content (events excepted)', () => {
    const h = harness();
    ok(h.sys.create('namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'doomed', finalizers: ['kubernetes'] } }));
    ok(h.sys.delete('namespaces', undefined, 'doomed'));
    expect(ok(h.sys.get('namespaces', undefined, 'doomed')).status).toEqual({ phase: 'Terminating' });
    const s = err(h.sys.create('pods', 'doomed', pod('web')));
    expect(s.code).toBe(403);
    expect(s.message).toBe('pods "web" is forbidden: unable to create new content in namespace doomed because it is being terminated');
    expect(h.sys.create('events', 'doomed', { apiVersion: 'v1', kind: 'Event', metadata: { name: 'e1' }, involvedObject: {}, reason: 'X', message: 'y' }).ok).toBe(true);
  });

  it('ServiceAccount: default account and a projected kube-api-access-xxxxx volume mounted read-only in every container', () => {
    const h = harness();
    const created = ok(h.sys.create('pods', 'default', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'two' }, spec: { initContainers: [{ name: 'init', image: 'busybox:1.36' }], containers: [{ name: 'a', image: 'nginx:1.27' }, { name: 'b', image: 'redis:7.4' }] } }));
    const spec = created.spec as Obj;
    expect(spec.serviceAccountName).toBe('default');
    expect(spec.serviceAccount).toBe('default');
    expect(spec.volumes).toHaveLength(1);
    const volume = spec.volumes[0];
    expect(volume.name).toMatch(/^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(volume.projected).toEqual({
      defaultMode: 420,
      sources: [
        { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
        { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
        { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
      ],
    });
    for (const c of [...spec.initContainers, ...spec.containers]) {
      expect(c.volumeMounts).toEqual([{ name: volume.name, readOnly: true, mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' }]);
    }
  });

  it('ServiceAccount: no token volume with automountServiceAccountToken: false, none for mirror pods', () => {
    const h = harness();
    const off = ok(h.sys.create('pods', 'default', pod('off', { spec: { automountServiceAccountToken: false, containers: [{ name: 'a', image: 'nginx:1.27' }] } }))).spec as Obj;
    expect(off.volumes).toBeUndefined();
    expect(off.serviceAccountName).toBe('default');
    const mirror = ok(h.sys.create('pods', 'kube-system', pod('etcd-cp-1', { metadata: { name: 'etcd-cp-1', annotations: { 'kubernetes.io/config.mirror': 'abc' } } }))).spec as Obj;
    expect(mirror.volumes).toBeUndefined();
    expect(mirror.serviceAccountName).toBeUndefined();
  });

  it('DefaultTolerationSeconds: the two 300s NoExecute tolerations, unless the pod already tolerates', () => {
    const h = harness();
    const spec = ok(h.sys.create('pods', 'default', pod('web'))).spec as Obj;
    expect(spec.tolerations).toEqual([
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    ]);
    const own = { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 6000 };
    const spec2 = ok(h.sys.create('pods', 'default', pod('own', { spec: { containers: [{ name: 'a', image: 'nginx:1.27' }], tolerations: [own] } }))).spec as Obj;
    expect(spec2.tolerations).toEqual([own, { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }]);
    const all = ok(h.sys.create('pods', 'default', pod('all', { spec: { containers: [{ name: 'a', image: 'nginx:1.27' }], tolerations: [{ operator: 'Exists' }] } }))).spec as Obj;
    expect(all.tolerations).toEqual([{ operator: 'Exists' }]);
  });

  it('Priority: 0 and PreemptLowerPriority by default, system classes resolve, unknown classes are forbidden', () => {
    const h = harness();
    const plain = ok(h.sys.create('pods', 'default', pod('web'))).spec as Obj;
    expect([plain.priority, plain.preemptionPolicy]).toEqual([0, 'PreemptLowerPriority']);
    const crit = ok(h.sys.create('pods', 'kube-system', pod('dns', { spec: { containers: [{ name: 'a', image: 'nginx:1.27' }], priorityClassName: 'system-cluster-critical' } }))).spec as Obj;
    expect(crit.priority).toBe(2000000000);
    ok(h.sys.create('priorityclasses', undefined, { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000 }));
    const high = ok(h.sys.create('pods', 'default', pod('hi', { spec: { containers: [{ name: 'a', image: 'nginx:1.27' }], priorityClassName: 'high' } }))).spec as Obj;
    expect(high.priority).toBe(1000);
    const s = err(h.sys.create('pods', 'default', pod('lo', { spec: { containers: [{ name: 'a', image: 'nginx:1.27' }], priorityClassName: 'low' } })));
    expect([s.code, s.message]).toEqual([403, 'pods "lo" is forbidden: no PriorityClass with name low was found']);
  });

  it('admission runs on create only: an update keeps the spec it was given', () => {
    const h = harness();
    const created = ok(h.sys.create('pods', 'default', pod('web')));
    const updated = ok(h.sys.update('pods', 'default', { ...created, metadata: { ...created.metadata, labels: { a: 'b' } } }));
    expect((updated.spec as Obj).tolerations).toHaveLength(2);
    expect((updated.spec as Obj).volumes).toHaveLength(1);
  });
});

describe('admission: what every pod gets is one shared, immutable value', () => {
  it('the token volume\'s projected sources and the default tolerations are the same objects in every pod, frozen', () => {
    const h = harness();
    const a = ok(h.sys.create('pods', 'default', pod('a'))).spec as Obj;
    const b = ok(h.sys.create('pods', 'default', { ...pod('b'), spec: { containers: [{ name: 'app', image: 'nginx:1.27' }], tolerations: [{ key: 'gpu', operator: 'Exists' }] } })).spec as Obj;
    expect(a.volumes[0].name).not.toBe(b.volumes[0].name);
    expect(a.volumes[0].projected).toBe(b.volumes[0].projected);
    expect(Object.isFrozen(a.volumes[0].projected.sources[1].configMap.items[0])).toBe(true);
    expect(b.tolerations.map((t: Obj) => t.key)).toEqual(['gpu', 'node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable']);
    expect(a.tolerations[0]).toBe(b.tolerations[1]);
    expect(a.tolerations[1]).toBe(b.tolerations[2]);
    expect(a.tolerations[1]).toEqual({ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 });
    expect(Object.isFrozen(a.tolerations[0])).toBe(true);
  });
});
