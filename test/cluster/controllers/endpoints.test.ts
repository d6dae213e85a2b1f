import { describe, it, expect } from 'vitest';
import { testCluster, deployment, livePods } from './harness.js';

type Obj = Record<string, any>;

function service(name: string, selector: Record<string, string>, targetPort: number | string = 'http'): Obj {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name, labels: { team: 'shop' } }, spec: { selector, ports: [{ name: 'web', port: 80, targetPort }] } };
}

describe('Endpoints and EndpointSlice controllers', () => {
  it('an Endpoints object exists with no subsets, and a placeholder slice, when no pod matches', () => {
    const c = testCluster();
    c.create('services', service('api', { app: 'api' }));
    c.advance(2000);
    const ep = c.get('endpoints', 'default', 'api')!;
    expect(ep.subsets).toBeUndefined();
    expect(ep.metadata.labels).toEqual({ team: 'shop' });
    const slices = c.list('endpointslices', 'default');
    expect(slices).toHaveLength(1);
    expect(slices[0].metadata.name).toMatch(/^api-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(slices[0]).toMatchObject({ addressType: 'IPv4', endpoints: null, ports: null });
    expect(slices[0].metadata.labels).toEqual({ team: 'shop', 'kubernetes.io/service-name': 'api', 'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io' });
    expect(slices[0].metadata.ownerReferences?.[0]).toMatchObject({ kind: 'Service', name: 'api', controller: true, blockOwnerDeletion: true });
  });

  it('lists ready pods in addresses and unready ones in notReadyAddresses, resolving named target ports', () => {
    const c = testCluster();
    c.addNode('node-1');
    c.create('deployments', deployment('web', 3));
    c.create('services', service('web', { app: 'web' }));
    c.advance(5000);
    const pods = livePods(c, 'web').sort((a, b) => ((a.status as Obj).podIP < (b.status as Obj).podIP ? -1 : 1));
    c.unready.add(`default/${pods[2].metadata.name}`);
    c.advance(3000);
    const addr = (p: (typeof pods)[number]) => ({ ip: (p.status as Obj).podIP, nodeName: 'node-1', targetRef: { kind: 'Pod', namespace: 'default', name: p.metadata.name, uid: p.metadata.uid } });
    expect(c.get('endpoints', 'default', 'web')!.subsets).toEqual([
      { addresses: [addr(pods[0]), addr(pods[1])], notReadyAddresses: [addr(pods[2])], ports: [{ name: 'web', port: 8080, protocol: 'TCP' }] },
    ]);
    const slice = c.list('endpointslices', 'default').find((s) => s.metadata.labels?.['kubernetes.io/service-name'] === 'web')!;
    expect(slice.ports).toEqual([{ name: 'web', port: 8080, protocol: 'TCP' }]);
    const conds = (slice.endpoints as Obj[]).map((e) => [e.targetRef.name, e.addresses[0], e.nodeName, e.conditions]);
    const byName = [...pods].sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
    expect(conds).toEqual(byName.map((p) => [p.metadata.name, (p.status as Obj).podIP, 'node-1', p === pods[2] ? { ready: false, serving: false, terminating: false } : { ready: true, serving: true, terminating: false }]));
  });

  it('follows pods away: a selector that matches nothing empties the Endpoints', () => {
    const c = testCluster();
    c.addNode('node-1');
    c.create('deployments', deployment('web', 2));
    c.create('services', service('web', { app: 'web' }, 8080));
    c.advance(5000);
    expect((c.get('endpoints', 'default', 'web')!.subsets as Obj[])[0].addresses).toHaveLength(2);
    const svc = c.get('services', 'default', 'web')!;
    c.admin.update('services', 'default', { ...svc, spec: { ...(svc.spec as Obj), selector: { app: 'wbe' } } });
    c.advance(2000);
    expect(c.get('endpoints', 'default', 'web')!.subsets).toBeUndefined();
    const slice = c.list('endpointslices', 'default').find((s) => s.metadata.labels?.['kubernetes.io/service-name'] === 'web')!;
    expect(slice.endpoints).toBeNull();
  });

  it('marks terminating pods in slices and drops them from Endpoints', () => {
    const c = testCluster();
    const node = c.addNode('node-1');
    c.create('deployments', deployment('web', 1));
    c.create('services', service('web', { app: 'web' }));
    c.advance(5000);
    node.alive = false;
    const pod = livePods(c, 'web')[0];
    c.admin.delete('pods', 'default', pod.metadata.name!);
    c.advance(2000);
    expect(c.get('endpoints', 'default', 'web')!.subsets).toBeUndefined();
    const slice = c.list('endpointslices', 'default').find((s) => s.metadata.labels?.['kubernetes.io/service-name'] === 'web')!;
    expect((slice.endpoints as Obj[]).map((e) => [e.targetRef.name, e.conditions])).toEqual([[pod.metadata.name, { ready: false, serving: true, terminating: true }]]);
  });

  it('removes the Endpoints of a deleted service and GC removes its slices', () => {
    const c = testCluster();
    c.create('services', service('api', { app: 'api' }));
    c.advance(2000);
    c.admin.delete('services', 'default', 'api');
    c.advance(2000);
    expect(c.get('endpoints', 'default', 'api')).toBeUndefined();
    expect(c.list('endpointslices', 'default')).toEqual([]);
  });
});
