import { describe, expect, it } from 'vitest';
import { createThreeWayMergePatch, createTwoWayMergePatch, strategicMergePatch, StrategicPatchError, type JsonObject } from '../../../src/cluster/apiserver/strategic-patch.js';

type Obj = Record<string, any>;

const pod = (containers: Obj[], extra: Obj = {}): JsonObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', ...extra }, spec: { containers } });

describe('CreateThreeWayMergePatch (kubectl apply)', () => {
  it('is empty when the manifest asks for nothing the live object lacks, whatever the server added', () => {
    const manifest = pod([{ name: 'a', image: 'nginx' }]);
    const live = pod([{ name: 'a', image: 'nginx', imagePullPolicy: 'Always', terminationMessagePath: '/dev/termination-log' }], { uid: 'u', resourceVersion: '7' });
    expect(createThreeWayMergePatch(manifest, manifest, live)).toEqual({});
  });

  it('changes a list item by its merge key, with the order directive of the whole list', () => {
    const original = pod([{ name: 'a', image: 'nginx' }, { name: 'b', image: 'redis' }]);
    const modified = pod([{ name: 'a', image: 'nginx:1.27' }, { name: 'b', image: 'redis' }]);
    expect(createThreeWayMergePatch(original, modified, original)).toEqual({
      spec: { '$setElementOrder/containers': [{ name: 'a' }, { name: 'b' }], containers: [{ name: 'a', image: 'nginx:1.27' }] },
    });
  });

  it('deletes a field and a list item that the last manifest held', () => {
    const original = pod([{ name: 'a', image: 'nginx' }, { name: 'b', image: 'redis' }], { labels: { x: '1' } });
    const modified = pod([{ name: 'a', image: 'nginx' }]);
    expect(createThreeWayMergePatch(original, modified, original)).toEqual({
      metadata: { labels: null },
      spec: { '$setElementOrder/containers': [{ name: 'a' }], containers: [{ name: 'b', $patch: 'delete' }] },
    });
  });

  it('leaves alone what only the live object has (ignores deletions from current)', () => {
    const manifest = pod([{ name: 'a', image: 'nginx' }]);
    const live = pod([{ name: 'a', image: 'nginx', env: [{ name: 'X', value: '1' }] }], { labels: { tier: 'front' } });
    expect(createThreeWayMergePatch(manifest, manifest, live)).toEqual({});
  });

  it('diffs a merging list of scalars (finalizers) with its deletion and order lists', () => {
    const original: JsonObject = { metadata: { finalizers: ['a'] } };
    const modified: JsonObject = { metadata: { finalizers: ['b'] } };
    const current: JsonObject = { metadata: { finalizers: ['a', 'c'] } };
    expect(createThreeWayMergePatch(original, modified, current)).toEqual({
      metadata: { '$deleteFromPrimitiveList/finalizers': ['a'], '$setElementOrder/finalizers': ['b'], finalizers: ['b'] },
    });
  });

  it('names the keys a retainKeys field keeps when it changes (a Deployment strategy)', () => {
    const original: JsonObject = { spec: {} };
    const modified: JsonObject = { spec: { strategy: { type: 'Recreate' } } };
    const current: JsonObject = { spec: { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } } } };
    expect(createThreeWayMergePatch(original, modified, current)).toEqual({ spec: { strategy: { $retainKeys: ['type'], type: 'Recreate' } } });
  });

  it('keeps an atomic list whole (args), replacing it when it differs', () => {
    const original = pod([{ name: 'a', args: ['x', 'y'] }]);
    const modified = pod([{ name: 'a', args: ['x'] }]);
    expect(createThreeWayMergePatch(original, modified, original)).toEqual({
      spec: { '$setElementOrder/containers': [{ name: 'a' }], containers: [{ name: 'a', args: ['x'] }] },
    });
  });

  it('yields the manifest when the server applies it to the live object', () => {
    const original = pod([{ name: 'a', image: 'nginx', env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }] }, { name: 'b', image: 'redis' }]);
    const modified = pod([{ name: 'c', image: 'busybox' }, { name: 'a', image: 'nginx:1.27', env: [{ name: 'B', value: '3' }] }]);
    const live = pod([{ name: 'a', image: 'nginx', env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }], imagePullPolicy: 'Always' }, { name: 'b', image: 'redis' }], { uid: 'u' });
    const applied = strategicMergePatch(live, createThreeWayMergePatch(original, modified, live)) as Obj;
    expect(applied.metadata).toEqual({ name: 'p', uid: 'u' });
    expect(applied.spec.containers).toEqual([
      { name: 'c', image: 'busybox' },
      { name: 'a', image: 'nginx:1.27', env: [{ name: 'B', value: '3' }], imagePullPolicy: 'Always' },
    ]);
  });
});

describe('CreateTwoWayMergePatch (kubectl edit)', () => {
  it('sends the changes, the deletions and the order of changed merging lists', () => {
    const from = pod([{ name: 'a', image: 'nginx' }], { labels: { x: '1' } });
    const to = pod([{ name: 'a', image: 'nginx:1.27' }]);
    expect(createTwoWayMergePatch(from, to)).toEqual({
      metadata: { labels: null },
      spec: { '$setElementOrder/containers': [{ name: 'a' }], containers: [{ name: 'a', image: 'nginx:1.27' }] },
    });
    expect(createTwoWayMergePatch(from, from)).toEqual({});
  });
});

describe('StrategicMergeMapPatch (the API server)', () => {
  it('orders a merged list by $setElementOrder', () => {
    const out = strategicMergePatch(pod([{ name: 'a' }, { name: 'b' }]), { spec: { '$setElementOrder/containers': [{ name: 'b' }, { name: 'a' }], containers: [{ name: 'a', image: 'x' }] } }) as Obj;
    expect(out.spec.containers).toEqual([{ name: 'b' }, { name: 'a', image: 'x' }]);
    expect(Object.keys(out.spec)).toEqual(['containers']);
  });

  it('adds to and deletes from a merging list of scalars', () => {
    const out = strategicMergePatch({ metadata: { finalizers: ['a', 'c'] } }, { metadata: { '$deleteFromPrimitiveList/finalizers': ['a'], finalizers: ['b'] } }) as Obj;
    expect(out.metadata.finalizers).toEqual(['b', 'c']);
  });

  it('keeps only the fields $retainKeys names, and refuses a patch that sets another (400)', () => {
    const live = { spec: { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%' } } } };
    expect((strategicMergePatch(live, { spec: { strategy: { $retainKeys: ['type'], type: 'Recreate' } } }) as Obj).spec.strategy).toEqual({ type: 'Recreate' });
    expect(() => strategicMergePatch(live, { spec: { strategy: { $retainKeys: ['type'], rollingUpdate: {} } } })).toThrow(new StrategicPatchError('invalid patch format of retainKeys', true));
  });

  it('replaces a map or a list with $patch: replace', () => {
    const live = { metadata: { labels: { a: '1', b: '2' } }, spec: { containers: [{ name: 'a' }, { name: 'b' }] } };
    const out = strategicMergePatch(live, { metadata: { labels: { c: '3', $patch: 'replace' } }, spec: { containers: [{ name: 'c' }, { $patch: 'replace' }] } }) as Obj;
    expect(out.metadata.labels).toEqual({ c: '3' });
    expect(out.spec.containers).toEqual([{ name: 'c' }]);
  });

  it('refuses a merging list item without its merge key (a plain error upstream: 500)', () => {
    let error: unknown;
    try {
      strategicMergePatch(pod([{ name: 'a' }]), { spec: { containers: [{ image: 'x' }] } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StrategicPatchError);
    expect((error as StrategicPatchError).badRequest).toBe(false);
    expect((error as Error).message).toBe('map: map[image:x] does not contain declared merge key: name');
  });

  it('never changes its inputs', () => {
    const live = pod([{ name: 'a', env: [{ name: 'A', value: '1' }] }]);
    const patch = { spec: { '$setElementOrder/containers': [{ name: 'a' }], containers: [{ name: 'a', env: [{ name: 'B', value: '2' }] }] } };
    const before = JSON.stringify([live, patch]);
    strategicMergePatch(live, patch);
    expect(JSON.stringify([live, patch])).toBe(before);
  });
});
