import { describe, it, expect } from 'vitest';
import { smallCluster, getPod, eventLines, eventsOf, podReady, createPod, NOW } from './harness.js';

type Obj = Record<string, any>;

const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }] } } } };

function inCidr(ip: string, cidr: string): boolean {
  const [base] = cidr.split('/');
  return ip.split('.').slice(0, 3).join('.') === base.split('.').slice(0, 3).join('.');
}

describe('kubelet: a Deployment of nginx:1.27', () => {
  const cluster = smallCluster();
  cluster.apply(deployment);
  cluster.advance(60_000);
  const pods = (cluster.systemClient().list('pods', 'default', { labelSelector: 'app=web' }) as { ok: true; value: { items: Obj[] } }).value.items;

  it('runs two Ready pods on the workers, with IPs from each node\'s podCIDR', () => {
    expect(pods).toHaveLength(2);
    for (const pod of pods) {
      expect(pod.status.phase).toBe('Running');
      expect(podReady(pod)).toBe('True');
      expect(['node-1', 'node-2']).toContain(pod.spec.nodeName);
      const node = (cluster.systemClient().get('nodes', undefined, pod.spec.nodeName) as { ok: true; value: Obj }).value;
      expect(node.spec.podCIDR).toMatch(/^10\.244\.\d+\.0\/24$/);
      expect(inCidr(pod.status.podIP, node.spec.podCIDR)).toBe(true);
      expect(pod.status.podIPs).toEqual([{ ip: pod.status.podIP }]);
      expect(pod.status.hostIP).toBe(node.status.addresses[0].address);
      expect(pod.status.conditions.map((c: Obj) => `${c.type}=${c.status}`)).toEqual(['PodReadyToStartContainers=True', 'Initialized=True', 'Ready=True', 'ContainersReady=True', 'PodScheduled=True']);
    }
    expect(new Set(pods.map((p) => p.status.podIP)).size).toBe(2);
  });

  it('reports the container as running, with the normalized image and an image ID', () => {
    const s = pods[0].status.containerStatuses[0];
    expect(s).toMatchObject({ name: 'nginx', image: 'docker.io/library/nginx:1.27', ready: true, started: true, restartCount: 0, lastState: {} });
    expect(s.imageID).toMatch(/^docker\.io\/library\/nginx@sha256:[0-9a-f]{64}$/);
    expect(s.containerID).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
    expect(Object.keys(s.state)).toEqual(['running']);
  });

  it('records Scheduled, Pulling, Pulled, Created, Started with upstream wording', () => {
    for (const pod of pods) {
      const name = pod.metadata.name;
      expect(eventLines(cluster, name)).toEqual([
        `Scheduled: Successfully assigned default/${name} to ${pod.spec.nodeName}`,
        'Pulling: Pulling image "nginx:1.27"',
        expect.stringMatching(/^Pulled: Successfully pulled image "nginx:1\.27" in (\d+ms|\d+(\.\d+)?s) \(\1 including waiting\)\. Image size: 72099410 bytes\.$/),
        'Created: Created container: nginx',
        'Started: Started container nginx',
      ]);
      const kubeletEvents = eventsOf(cluster, name).filter((e) => e.source?.component === 'kubelet');
      for (const e of kubeletEvents) expect([e.involvedObject.fieldPath, e.source.host, e.count]).toEqual(['spec.containers{nginx}', pod.spec.nodeName, 1]);
    }
  });

  it('a second pod on a node finds the image already present', () => {
    const node = pods[0].spec.nodeName;
    createPod(cluster, 'again', { nodeName: node, containers: [{ name: 'nginx', image: 'nginx:1.27' }] });
    cluster.advance(5_000);
    expect(eventLines(cluster, 'again')).toEqual(['Pulled: Container image "nginx:1.27" already present on machine', 'Created: Created container: nginx', 'Started: Started container nginx']);
    expect(getPod(cluster, 'again').status.startTime).toBe(new Date(Math.floor((NOW + 60_000) / 1000) * 1000).toISOString().replace('.000', ''));
  });

  it('deleting a pod stops its container, then the pod disappears', () => {
    const name = pods[1].metadata.name;
    cluster.systemClient().delete('pods', 'default', name);
    expect(getPod(cluster, name).metadata.deletionTimestamp).toBeDefined();
    cluster.advance(2_000);
    expect(cluster.systemClient().get('pods', 'default', name).ok).toBe(false);
    expect(eventLines(cluster, name)).toContain('Killing: Stopping container nginx');
    const runtime = cluster.nodes.get(pods[1].spec.nodeName)!.runtime;
    expect([...runtime.sandboxes.values()].some((s) => s.podName === name)).toBe(false);
  });
});

describe('kubelet status manager: an unchanged pod status is not sent', () => {
  it('sends pod status updates while pods start, then none while probes keep passing (status_manager.go "Ignoring same status")', () => {
    const cluster = smallCluster();
    const sent: string[] = [];
    const update = cluster.api.update.bind(cluster.api);
    cluster.api.update = (credential, resource, namespace, object, subresource) => {
      if (resource === 'pods' && subresource === 'status') sent.push(object.metadata.name!);
      return update(credential, resource, namespace, object, subresource);
    };
    const probed = structuredClone(deployment) as Obj;
    probed.spec.template.spec.containers[0].readinessProbe = { tcpSocket: { port: 80 }, periodSeconds: 10 };
    cluster.apply(probed);
    cluster.advance(60_000);
    const whileStarting = sent.filter((n) => n.startsWith('web-')).length;
    expect(whileStarting).toBeGreaterThan(0);
    sent.length = 0;
    cluster.advance(10 * 60_000);
    expect(sent.filter((n) => n.startsWith('web-'))).toEqual([]);
  });
});
