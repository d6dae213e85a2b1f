/**
 * What the kubelet remembers from one pod start to the next is held to what
 * each pod's own start must show: the node's own image, DNS and files.
 */
import { describe, it, expect } from 'vitest';
import { smallCluster, createPod, getPod } from './harness.js';

type Obj = Record<string, any>;

describe('pod start: status imageID', () => {
  it('each node\'s pods show the id of that node\'s own copy of the image, however the pods start in turn', () => {
    const cluster = smallCluster();
    // node-1, node-2, node-1, node-2: each start follows one on the other node (another id for the same text).
    const names = ['a1', 'b1', 'a2', 'b2'];
    for (const [i, name] of names.entries()) createPod(cluster, name, { nodeName: i % 2 ? 'node-2' : 'node-1', containers: [{ name: 'web', image: i < 2 ? 'nginx:1.27' : 'docker.io/library/nginx:1.27' }] });
    cluster.advance(30_000);
    const idOn = (node: string) => cluster.nodes.get(node)!.runtime.findImage('nginx:1.27')!.id;
    expect(idOn('node-1')).not.toBe(idOn('node-2'));
    for (const [i, name] of names.entries()) {
      const s = (getPod(cluster, name).status.containerStatuses as Obj[])[0];
      expect(s.imageID).toBe(`docker.io/library/nginx@${idOn(i % 2 ? 'node-2' : 'node-1')}`);
    }
  });
});
