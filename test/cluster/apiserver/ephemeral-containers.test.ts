/**
 * The pods/ephemeralcontainers subresource (src/cluster/apiserver/ephemeral-containers.ts):
 * pkg/registry/core/pod/strategy.go dropNonEphemeralContainerUpdates (only
 * spec.ephemeralContainers changes) and pkg/apis/core/validation/validation.go
 * ValidatePodEphemeralContainersUpdate / validateEphemeralContainers (messages
 * as field.Error prints them: `field: Forbidden: …`, `Not found: "x"`), and
 * RBAC on `pods/ephemeralcontainers`.
 */
import { describe, expect, it } from 'vitest';
import { err, harness, ok, pod } from './harness.js';

type Obj = Record<string, any>;

const debuggerContainer = (name = 'debugger-abcde', extra: Obj = {}): Obj => ({ name, image: 'busybox', stdin: true, tty: true, ...extra });

describe('PATCH and PUT pods/ephemeralcontainers', () => {
  it('adds an ephemeral container, defaulted, and changes nothing else the patch carries', () => {
    const h = harness();
    ok(h.sys.create('pods', 'default', pod('web')));
    const patched = ok(h.sys.patch('pods', 'default', 'web', 'strategic', { metadata: { labels: { x: 'y' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.28' }], ephemeralContainers: [debuggerContainer()] } }, 'ephemeralcontainers'));
    const spec = patched.spec as Obj;
    expect(spec.ephemeralContainers).toEqual([{ ...debuggerContainer(), imagePullPolicy: 'Always', resources: {}, terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File' }]);
    expect(spec.containers[0].image).toBe('nginx:1.27');
    expect(patched.metadata.labels).toBeUndefined();
  });

  it('refuses what validateEphemeralContainers refuses', () => {
    const h = harness();
    ok(h.sys.create('pods', 'default', pod('web')));
    const bad = { spec: { ephemeralContainers: [debuggerContainer('app', { targetContainerName: 'nope', ports: [{ containerPort: 80 }], image: '' })] } };
    const s = err(h.sys.patch('pods', 'default', 'web', 'strategic', bad, 'ephemeralcontainers'));
    expect(s.code).toBe(422);
    expect(s.message).toBe(
      'Pod "web" is invalid: [spec.ephemeralContainers[0].image: Required value, spec.ephemeralContainers[0].name: Duplicate value: "app", spec.ephemeralContainers[0].targetContainerName: Not found: "nope", spec.ephemeralContainers[0].ports: Forbidden: cannot be set for an Ephemeral Container]',
    );
  });

  it('keeps existing ephemeral containers: neither removed nor changed', () => {
    const h = harness();
    ok(h.sys.create('pods', 'default', pod('web')));
    ok(h.sys.patch('pods', 'default', 'web', 'strategic', { spec: { ephemeralContainers: [debuggerContainer()] } }, 'ephemeralcontainers'));
    const removed = err(h.sys.patch('pods', 'default', 'web', 'merge', { spec: { ephemeralContainers: [] } }, 'ephemeralcontainers'));
    expect(removed.message).toBe('Pod "web" is invalid: spec.ephemeralContainers: Forbidden: existing ephemeral containers "debugger-abcde" may not be removed\n');
    const changed = err(h.sys.patch('pods', 'default', 'web', 'strategic', { spec: { ephemeralContainers: [debuggerContainer('debugger-abcde', { image: 'alpine' })] } }, 'ephemeralcontainers'));
    expect(changed.message).toMatch(/^Pod "web" is invalid: spec.ephemeralContainers: Forbidden: existing ephemeral containers "debugger-abcde" may not be changed\n/);
    // The same container again is no change at all.
    const before = ok(h.sys.get('pods', 'default', 'web'));
    const again = ok(h.sys.patch('pods', 'default', 'web', 'strategic', { spec: { ephemeralContainers: [debuggerContainer()] } }, 'ephemeralcontainers'));
    expect(again.metadata.resourceVersion).toBe(before.metadata.resourceVersion);
  });

  it('takes an UPDATE (PUT) of the subresource the same way, resourceVersion checked', () => {
    const h = harness();
    const created = ok(h.sys.create('pods', 'default', pod('web')));
    const body = { ...created, metadata: { ...created.metadata, labels: { x: 'y' } }, spec: { ...(created.spec as Obj), ephemeralContainers: [debuggerContainer()] } };
    const updated = ok(h.sys.update('pods', 'default', body, 'ephemeralcontainers'));
    expect((updated.spec as Obj).ephemeralContainers.map((c: Obj) => c.name)).toEqual(['debugger-abcde']);
    expect(updated.metadata.labels).toBeUndefined();
    expect(err(h.sys.update('pods', 'default', body, 'ephemeralcontainers')).reason).toBe('Conflict');
  });

  it("refuses a static pod's mirror pod", () => {
    const h = harness();
    ok(h.sys.create('pods', 'kube-system', pod('etcd-cp-1', { metadata: { name: 'etcd-cp-1', annotations: { 'kubernetes.io/config.mirror': 'abc' } } })));
    const s = err(h.sys.patch('pods', 'kube-system', 'etcd-cp-1', 'strategic', { spec: { ephemeralContainers: [debuggerContainer()] } }, 'ephemeralcontainers'));
    expect(s.message).toBe('Pod "etcd-cp-1" is invalid: : Forbidden: static pods do not support ephemeral containers');
  });

  it('is authorized as its own subresource, and served only for pods', () => {
    const h = harness();
    ok(h.sys.create('pods', 'default', pod('web')));
    ok(h.sys.create('roles', 'default', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'pod-editor' }, rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'patch'] }] }));
    ok(h.sys.create('rolebindings', 'default', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'jane' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'pod-editor' }, subjects: [{ kind: 'User', name: 'jane' }] }));
    const s = err(h.user('jane').patch('pods', 'default', 'web', 'strategic', { spec: { ephemeralContainers: [debuggerContainer()] } }, 'ephemeralcontainers'));
    expect(s.message).toBe('pods "web" is forbidden: User "jane" cannot patch resource "pods/ephemeralcontainers" in API group "" in the namespace "default"');
    ok(h.sys.create('services', 'default', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { ports: [{ port: 80 }] } }));
    expect(err(h.sys.patch('services', 'default', 'web', 'strategic', {}, 'ephemeralcontainers')).code).toBe(404);
  });
});
