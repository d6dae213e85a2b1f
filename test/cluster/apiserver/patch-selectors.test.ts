import { describe, it, expect } from 'vitest';
import { jsonPatch, mergePatch } from '../../../src/cluster/apiserver/patch.js';
import { strategicMergePatch } from '../../../src/cluster/apiserver/strategic-patch.js';
import { matchesLabelSelector, matchesMapSelector, parseFieldSelector, parseLabelSelector } from '../../../src/cluster/apiserver/selectors.js';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';
import { harness, pod, ok, err } from './harness.js';

type Obj = Record<string, any>;

const podSpec = { containers: [{ name: 'a', image: 'nginx:1.25', ports: [{ containerPort: 80 }], args: ['x'] }, { name: 'b', image: 'redis:7.2', env: [{ name: 'K', value: '1' }] }] };

describe('patches', () => {
  it('merge patch (RFC 7386): nested objects merge, null deletes, lists replace', () => {
    const target = { metadata: { labels: { a: '1', b: '2' } }, spec: podSpec };
    const out = mergePatch(target, { metadata: { labels: { b: null, c: '3' } }, spec: { containers: [{ name: 'a', image: 'nginx:1.27' }] } }) as Obj;
    expect(out.metadata.labels).toEqual({ a: '1', c: '3' });
    expect(out.spec.containers).toEqual([{ name: 'a', image: 'nginx:1.27' }]);
    expect(target.metadata.labels).toEqual({ a: '1', b: '2' });
  });

  // Without $setElementOrder the patch's items come in the patch's order, before the items only the
  // live list has (normalizeElementOrder: an item the live order does not know sorts first), as the
  // Kubernetes docs' own example shows: a container added by `kubectl patch` is listed first.
  it('strategic merge: containers merge by name, env by name, unkeyed lists replace, $patch: delete removes', () => {
    const out = strategicMergePatch({ spec: podSpec }, { spec: { containers: [{ name: 'b', image: 'redis:7.4', env: [{ name: 'J', value: '2' }] }, { name: 'a', args: ['y'] }, { name: 'c', image: 'busybox' }] } }) as Obj;
    expect(out.spec.containers).toEqual([
      { name: 'b', image: 'redis:7.4', env: [{ name: 'J', value: '2' }, { name: 'K', value: '1' }] },
      { name: 'a', image: 'nginx:1.25', ports: [{ containerPort: 80 }], args: ['y'] },
      { name: 'c', image: 'busybox' },
    ]);
    const removed = strategicMergePatch({ spec: podSpec }, { spec: { containers: [{ name: 'a', $patch: 'delete' }] } }) as Obj;
    expect(removed.spec.containers.map((c: Obj) => c.name)).toEqual(['b']);
  });

  it('strategic merge: Service ports merge by port, container ports by containerPort', () => {
    const svc = { spec: { ports: [{ name: 'http', port: 80, targetPort: 8080 }, { name: 'm', port: 9090 }] } };
    const out = strategicMergePatch(svc, { spec: { ports: [{ port: 9090, targetPort: 9091 }, { name: 'https', port: 443 }] } }) as Obj;
    expect(out.spec.ports).toEqual([{ name: 'http', port: 80, targetPort: 8080 }, { name: 'm', port: 9090, targetPort: 9091 }, { name: 'https', port: 443 }]);
    const c = strategicMergePatch({ ports: [{ containerPort: 80 }] }, { ports: [{ containerPort: 8080, name: 'alt' }] }) as Obj;
    expect(c.ports).toEqual([{ containerPort: 8080, name: 'alt' }, { containerPort: 80 }]);
  });

  it('JSON patch (RFC 6902): add, replace, remove, test, and errors', () => {
    const r = jsonPatch({ spec: podSpec }, [
      { op: 'replace', path: '/spec/containers/0/image', value: 'nginx:1.27' },
      { op: 'add', path: '/spec/containers/1/env/-', value: { name: 'L', value: '3' } },
      { op: 'remove', path: '/spec/containers/0/args' },
      { op: 'add', path: '/metadata', value: { labels: { 'app.kubernetes.io~1x': 'y' } } },
      { op: 'test', path: '/spec/containers/1/name', value: 'b' },
    ]);
    expect(r.ok && (r.value as Obj).spec.containers[0]).toEqual({ name: 'a', image: 'nginx:1.27', ports: [{ containerPort: 80 }] });
    expect(r.ok && (r.value as Obj).spec.containers[1].env).toEqual([{ name: 'K', value: '1' }, { name: 'L', value: '3' }]);
    expect(jsonPatch({ a: 1 }, [{ op: 'replace', path: '/b', value: 2 }])).toEqual({ ok: false, error: 'replace operation does not apply: doc is missing key: /b: missing value' });
    expect(jsonPatch({ a: 1 }, [{ op: 'test', path: '/a', value: 2 }])).toEqual({ ok: false, error: 'testing value /a failed' });
    expect(jsonPatch({ a: 1 }, { op: 'add' }).ok).toBe(false);
  });

  it('through the API server: a patch writes a new resourceVersion; an empty patch keeps it', () => {
    const h = harness();
    const created = ok(h.sys.create('pods', 'default', pod('web')));
    const patched = ok(h.sys.patch('pods', 'default', 'web', 'strategic', { metadata: { labels: { tier: 'front' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.27.3' }] } }));
    expect(Number(patched.metadata.resourceVersion)).toBeGreaterThan(Number(created.metadata.resourceVersion));
    expect((patched.spec as Obj).containers[0].image).toBe('nginx:1.27.3');
    expect((patched.spec as Obj).containers[0].volumeMounts).toHaveLength(1);
    expect(ok(h.sys.patch('pods', 'default', 'web', 'merge', {})).metadata.resourceVersion).toBe(patched.metadata.resourceVersion);
    // apiserver handlers/patch.go applyJSPatch: a JSON patch that does not apply is NewGenericServerResponse(422).
    expect(err(h.sys.patch('pods', 'default', 'web', 'json', [{ op: 'replace', path: '/nope/x', value: 1 }])).code).toBe(422);
  });
});

describe('selectors', () => {
  const obj = (labels: Record<string, string>): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', labels } });
  const matches = (sel: string, labels: Record<string, string>) => {
    const p = parseLabelSelector(sel);
    if (!p.ok) throw new Error(p.error);
    return p.match(obj(labels));
  };

  it('parses label selector strings: =, ==, !=, in, notin, exists, !exists', () => {
    const l = { app: 'web', tier: 'front' };
    expect(matches('app=web', l)).toBe(true);
    expect(matches('app==web,tier=front', l)).toBe(true);
    expect(matches('app=web,tier=back', l)).toBe(false);
    expect(matches('app!=db', l)).toBe(true);
    expect(matches('env!=prod', l)).toBe(true);
    expect(matches('tier in (front, back)', l)).toBe(true);
    expect(matches('tier notin (front)', l)).toBe(false);
    expect(matches('env notin (prod)', l)).toBe(true);
    expect(matches('app', l)).toBe(true);
    expect(matches('!app', l)).toBe(false);
    expect(matches('', l)).toBe(true);
    expect(parseLabelSelector('app=(').ok).toBe(false);
  });

  it('matches structured and map selectors', () => {
    expect(matchesLabelSelector({ matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['front'] }, { key: 'env', operator: 'DoesNotExist' }] }, { app: 'web', tier: 'front' })).toBe(true);
    expect(matchesLabelSelector({ matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['front'] }] }, { tier: 'front' })).toBe(false);
    expect(matchesLabelSelector({}, { any: 'x' })).toBe(true);
    expect(matchesLabelSelector(undefined, { any: 'x' })).toBe(false);
    expect(matchesMapSelector({}, { any: 'x' })).toBe(false);
    expect(matchesMapSelector({ app: 'web' }, { app: 'web', x: 'y' })).toBe(true);
  });

  it('field selectors support the per-resource fields and reject others as the API server does', () => {
    const p = parseFieldSelector('pods', 'spec.nodeName=node-1,status.phase!=Running');
    const podObj = (node: string, phase: string): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x' }, spec: { nodeName: node }, status: { phase } });
    expect(p.ok && [p.match(podObj('node-1', 'Pending')), p.match(podObj('node-1', 'Running')), p.match(podObj('node-2', 'Pending'))]).toEqual([true, false, false]);
    const h = harness();
    expect(err(h.sys.list('services', 'default', { fieldSelector: 'spec.nodeName=node01' })).message).toBe('Unable to find "/v1, Resource=services" that match label selector "", field selector "spec.nodeName=node01": field label not supported: spec.nodeName');
    ok(h.sys.create('pods', 'default', pod('a', { metadata: { name: 'a', labels: { app: 'web' } } })));
    ok(h.sys.create('pods', 'default', pod('b')));
    expect(ok(h.sys.list('pods', 'default', { labelSelector: 'app=web' })).items.map((i) => i.metadata.name)).toEqual(['a']);
    expect(ok(h.sys.list('pods', undefined, { fieldSelector: 'metadata.name=b' })).items.map((i) => i.metadata.name)).toEqual(['b']);
  });
});
