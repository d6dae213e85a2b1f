import { describe, it, expect } from 'vitest';
import { smallCluster, createPod, getPod, eventLines } from './harness.js';
import type { ApiResult, KubeObject } from '../../../src/cluster/apiserver/types.js';

type Obj = Record<string, any>;

describe('kubelet: status posts of a pod whose image is pulled', () => {
  it('posts each status once: no post in the same sync that the API server answers with a conflict or finds unchanged', () => {
    const cluster = smallCluster();
    // Every status update of the pod that reached the API server: its answer, and the stored pod before and after.
    const posts: { reason: string | undefined; before: string | undefined; after: string | undefined }[] = [];
    const update = cluster.api.update.bind(cluster.api);
    cluster.api.update = (credential, resource, namespace, body, subresource) => {
      const watched = resource === 'pods' && subresource === 'status' && body.metadata?.name === 'pulled';
      const before = watched ? cluster.store.get('pods', 'default', 'pulled')?.metadata.resourceVersion : undefined;
      const r: ApiResult<KubeObject> = update(credential, resource, namespace, body, subresource);
      if (watched) posts.push({ reason: r.ok ? undefined : r.status.reason, before, after: cluster.store.get('pods', 'default', 'pulled')?.metadata.resourceVersion });
      return r;
    };
    // The nodes have not pulled this image yet: the first sync starts the pull and reports ContainerCreating.
    createPod(cluster, 'pulled', { containers: [{ name: 'web', image: 'nginx:1.27' }] });
    cluster.advance(60_000);
    expect(eventLines(cluster, 'pulled')).toContainEqual('Pulling: Pulling image "nginx:1.27"');
    const pod = getPod(cluster, 'pulled');
    expect(pod.status.phase).toBe('Running');
    expect((pod.status.containerStatuses as Obj[])[0].state.running).toBeDefined();
    // ContainerCreating, then Running: each post was answered and stored a new version.
    expect(posts.length).toBe(2);
    for (const p of posts) {
      expect(p.reason).toBeUndefined();
      expect(p.after).not.toBe(p.before);
    }
  });
});
