import { describe, it, expect } from 'vitest';
import { smallCluster, createPod, containerStatus, eventsOf, stepSeconds } from './harness.js';

const PULL_ERROR =
  'rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.27.99": failed to resolve reference "docker.io/library/nginx:1.27.99": docker.io/library/nginx:1.27.99: not found';

describe('kubelet: a tag the registry does not have (nginx:1.27.99)', () => {
  const cluster = smallCluster();
  createPod(cluster, 'bad', { containers: [{ name: 'nginx', image: 'nginx:1.27.99' }] });
  const reasons: string[] = [];
  // When each pull began, in ms (the events cannot tell: the spam filter holds back their counts).
  const failures: number[] = [];
  for (const node of cluster.nodes.values()) {
    const pull = node.runtime.pullImage.bind(node.runtime);
    node.runtime.pullImage = (image) => {
      if (image === 'nginx:1.27.99') failures.push(cluster.now());
      return pull(image);
    };
  }
  stepSeconds(cluster, 700, () => {
    const reason = containerStatus(cluster, 'bad')?.state?.waiting?.reason;
    if (reason && reasons[reasons.length - 1] !== reason) reasons.push(reason);
  });

  it('alternates ErrImagePull and ImagePullBackOff', () => {
    expect(reasons.slice(0, 4)).toEqual(['ErrImagePull', 'ImagePullBackOff', 'ErrImagePull', 'ImagePullBackOff']);
    const s = containerStatus(cluster, 'bad');
    expect(s).toMatchObject({ ready: false, started: false, restartCount: 0, image: 'docker.io/library/nginx:1.27.99', imageID: '', lastState: {} });
    expect(s.containerID).toBeUndefined();
  });

  it('shows the pull error in the waiting message', () => {
    const waiting = containerStatus(cluster, 'bad').state.waiting;
    expect(waiting.message).toBe(`Back-off pulling image "nginx:1.27.99": ErrImagePull: ${PULL_ERROR}`);
  });

  it('records the upstream events', () => {
    const byMessage = new Map(eventsOf(cluster, 'bad').map((e) => [e.message, e]));
    expect([...byMessage.keys()].sort()).toEqual(
      [
        'Back-off pulling image "nginx:1.27.99"',
        'Error: ErrImagePull',
        'Error: ImagePullBackOff',
        `Failed to pull image "nginx:1.27.99": ${PULL_ERROR}`,
        'Pulling image "nginx:1.27.99"',
        expect.stringMatching(/^Successfully assigned default\/bad to node-\d$/),
      ].sort(),
    );
    expect(byMessage.get('Back-off pulling image "nginx:1.27.99"')).toMatchObject({ type: 'Normal', reason: 'BackOff' });
    expect(byMessage.get('Error: ImagePullBackOff')).toMatchObject({ type: 'Warning', reason: 'Failed' });
    expect(byMessage.get('Error: ErrImagePull')).toMatchObject({ type: 'Warning', reason: 'Failed' });
    expect(byMessage.get('Pulling image "nginx:1.27.99"')).toMatchObject({ type: 'Normal', reason: 'Pulling' });
    // The spam filter lets 25 events of a type through, then one every 5 minutes: the stored counts
    // lag behind the pulls, though the correlator counted every one (the next write carries them).
    expect(byMessage.get('Pulling image "nginx:1.27.99"')!.count).toBeLessThanOrEqual(failures.length);
  });

  it('backs off 10s, 20s, 40s ... up to 5m between pulls (each pull takes under a second)', () => {
    // A pull fails 0.9 s after it starts; the next one starts when the back-off from that failure is over.
    const gaps = failures.slice(1).map((t, i) => t - failures[i]);
    expect(gaps).toEqual([10_900, 20_900, 40_900, 80_900, 160_900, 300_900]);
  });

  it('logs answer that the image cannot be pulled', () => {
    const r = cluster.systemClient().podLogs('default', 'bad');
    expect(r.ok || [r.status.code, r.status.reason, r.status.message]).toEqual([400, 'BadRequest', 'container "nginx" in pod "bad" is waiting to start: trying and failing to pull image']);
  });
});

describe('kubelet: an image from a repository that does not exist', () => {
  it('fails with containerd\'s pull-access-denied text', () => {
    const cluster = smallCluster();
    createPod(cluster, 'nope', { containers: [{ name: 'app', image: 'nosuchuser/nosuchimage:1.0' }] });
    cluster.advance(3_000);
    expect(containerStatus(cluster, 'nope').state.waiting).toEqual({
      reason: 'ErrImagePull',
      message:
        'rpc error: code = Unknown desc = failed to pull and unpack image "docker.io/nosuchuser/nosuchimage:1.0": failed to resolve reference "docker.io/nosuchuser/nosuchimage:1.0": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed',
    });
    const r = cluster.systemClient().podLogs('default', 'nope');
    expect(!r.ok && r.status.message).toBe('container "app" in pod "nope" is waiting to start: image can\'t be pulled');
  });
});
