/**
 * The environment the kubelet gives a container (pkg/kubelet/kubelet_pods.go
 * makeEnvironmentVariables, pkg/kubelet/envvars/envvars.go FromServices) and
 * CreateContainerConfigError when a source is missing (kuberuntime_container.go
 * startContainer: `Error: <err>` event; the watch-based ConfigMap manager's
 * NotFound for `configmap`). Seen through `env` inside the container, as a
 * learner sees it (`kubectl exec pod -- env`).
 */
import { describe, expect, it } from 'vitest';
import { smallCluster, createPod, containerStatus, eventLines } from './harness.js';
import { runKubectl } from '../../../src/commands/kubectl/kubectl.js';
import type { CommandContext } from '../../../src/commands/types.js';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';
import { words } from '../../commands/kubectl/harness.js';

function setup() {
  const cluster = smallCluster();
  const ctx = { cluster: { now: () => cluster.now(), adminClient: () => cluster.adminClient(), nodeNames: () => cluster.nodeNames(), advance: (ms: number) => cluster.advance(ms), node: (n: string) => cluster.nodes.get(n), net: () => cluster.network }, host: 'workstation', stdin: '', env: {} } as unknown as CommandContext;
  const kubectl = (line: string) => runKubectl(words(line).slice(1), ctx);
  const create = (resource: string, obj: object) => {
    const r = cluster.adminClient().create(resource, 'default', obj as KubeObject);
    if (!r.ok) throw new Error(r.status.message);
  };
  return { cluster, kubectl, create };
}

describe('the container environment', () => {
  it('has the Services of its namespace, its declared variables resolved, PATH first and HOME last', async () => {
    const { cluster, kubectl, create } = setup();
    create('services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web-api', namespace: 'default' }, spec: { selector: { app: 'web' }, ports: [{ name: 'http', port: 8080, targetPort: 8080 }] } });
    create('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'app', namespace: 'default' }, data: { MODE: 'fast', url: 'http://db' } });
    create('secrets', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'creds', namespace: 'default' }, data: { password: Buffer.from('s3cret').toString('base64') } });
    createPod(cluster, 'tools', {
      nodeName: 'node-1',
      containers: [
        {
          name: 'tools',
          image: 'busybox:1.36',
          command: ['sleep', 'infinity'],
          envFrom: [{ configMapRef: { name: 'app' }, prefix: 'APP_' }],
          env: [
            { name: 'DB_URL', valueFrom: { configMapKeyRef: { name: 'app', key: 'url' } } },
            { name: 'DB_PASSWORD', valueFrom: { secretKeyRef: { name: 'creds', key: 'password' } } },
            { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
            { name: 'GREETING', value: 'hello from $(POD_NAME) $$HOME' },
          ],
        },
      ],
    });
    cluster.advance(10_000);
    const r = await kubectl('kubectl exec tools -- env');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin');
    expect(lines[1]).toBe('HOSTNAME=tools');
    expect(lines.at(-1)).toBe('HOME=/root');
    expect(lines).toEqual(expect.arrayContaining(['APP_MODE=fast', 'APP_url=http://db', 'DB_URL=http://db', 'DB_PASSWORD=s3cret', 'POD_NAME=tools', 'GREETING=hello from tools $HOME']));
    const ip = (cluster.adminClient().get('services', 'default', 'web-api') as unknown as { ok: true; value: { spec: { clusterIP: string } } }).value.spec.clusterIP;
    // envvars.go: the first port's backwards-compatible name, named ports, and the Docker link variables.
    expect(lines).toEqual(
      expect.arrayContaining([
        `WEB_API_SERVICE_HOST=${ip}`,
        'WEB_API_SERVICE_PORT=8080',
        'WEB_API_SERVICE_PORT_HTTP=8080',
        `WEB_API_PORT=tcp://${ip}:8080`,
        `WEB_API_PORT_8080_TCP=tcp://${ip}:8080`,
        'WEB_API_PORT_8080_TCP_PROTO=tcp',
        'WEB_API_PORT_8080_TCP_PORT=8080',
        `WEB_API_PORT_8080_TCP_ADDR=${ip}`,
        'KUBERNETES_SERVICE_HOST=10.96.0.1',
        'KUBERNETES_SERVICE_PORT_HTTPS=443',
      ]),
    );
  });

  it('a pod started before its Service has no variables for it; enableServiceLinks: false keeps only the API server', async () => {
    const { cluster, kubectl, create } = setup();
    createPod(cluster, 'early', { nodeName: 'node-1', containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', 'infinity'] }] });
    createPod(cluster, 'nolinks', { nodeName: 'node-1', enableServiceLinks: false, containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', 'infinity'] }] });
    cluster.advance(10_000);
    create('services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'late', namespace: 'default' }, spec: { ports: [{ port: 80 }] } });
    createPod(cluster, 'after', { nodeName: 'node-1', enableServiceLinks: false, containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', 'infinity'] }] });
    cluster.advance(10_000);
    expect((await kubectl('kubectl exec early -- env')).stdout).not.toContain('LATE_');
    expect((await kubectl('kubectl exec after -- env')).stdout).not.toContain('LATE_');
    expect((await kubectl('kubectl exec after -- env')).stdout).toContain('KUBERNETES_SERVICE_HOST=10.96.0.1\n');
  });

  it("follows the Services as they come, each pod seeing its own namespace's (containers made one after another share what did not change)", async () => {
    const { cluster, kubectl, create } = setup();
    const sleeper = (name: string, namespace = 'default', links = true) =>
      cluster.adminClient().create('pods', namespace, { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace }, spec: { nodeName: 'node-1', ...(links ? {} : { enableServiceLinks: false }), containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', 'infinity'] }] } } as KubeObject);
    create('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } });
    cluster.adminClient().create('services', 'shop', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'cart', namespace: 'shop' }, spec: { ports: [{ port: 81 }] } } as KubeObject);
    create('services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'first', namespace: 'default' }, spec: { ports: [{ port: 80 }] } });
    sleeper('a');
    sleeper('b', 'shop');
    sleeper('c', 'default', false);
    sleeper('d');
    cluster.advance(10_000);
    create('services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'second', namespace: 'default' }, spec: { ports: [{ port: 82 }] } });
    sleeper('e');
    cluster.advance(10_000);
    const env = async (pod: string, namespace = 'default') => (await kubectl(`kubectl exec ${pod} -n ${namespace} -- env`)).stdout;
    for (const pod of ['a', 'd']) {
      expect(await env(pod)).toContain('FIRST_SERVICE_PORT=80\n');
      expect(await env(pod)).not.toMatch(/CART_|SECOND_/);
    }
    expect(await env('b', 'shop')).toContain('CART_SERVICE_PORT=81\n');
    expect(await env('b', 'shop')).not.toMatch(/FIRST_|SECOND_/);
    expect(await env('c')).not.toMatch(/FIRST_|CART_|SECOND_/);
    expect(await env('e')).toMatch(/FIRST_SERVICE_PORT=80\n[^]*SECOND_SERVICE_PORT=82\n/);
    for (const pod of ['a', 'b', 'c', 'd', 'e']) expect(await env(pod, pod === 'b' ? 'shop' : 'default')).toContain('KUBERNETES_SERVICE_HOST=10.96.0.1\n');
  });
});

describe('CreateContainerConfigError', () => {
  it("a missing ConfigMap stops the container from being created, with the kubelet's words, until it exists", () => {
    const { cluster, create } = setup();
    createPod(cluster, 'app', { nodeName: 'node-1', containers: [{ name: 'app', image: 'busybox:1.36', command: ['sleep', 'infinity'], env: [{ name: 'URL', valueFrom: { configMapKeyRef: { name: 'app-config', key: 'url' } } }] }] });
    cluster.advance(15_000);
    expect(containerStatus(cluster, 'app').state).toEqual({ waiting: { reason: 'CreateContainerConfigError', message: 'configmap "app-config" not found' } });
    expect(eventLines(cluster, 'app')).toEqual(expect.arrayContaining(['Failed: Error: configmap "app-config" not found']));
    create('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'app-config', namespace: 'default' }, data: { other: 'x' } });
    cluster.advance(15_000);
    expect(containerStatus(cluster, 'app').state.waiting).toEqual({ reason: 'CreateContainerConfigError', message: "couldn't find key url in ConfigMap default/app-config" });
    cluster.adminClient().delete('configmaps', 'default', 'app-config');
    create('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'app-config', namespace: 'default' }, data: { url: 'http://db' } });
    cluster.advance(15_000);
    expect(containerStatus(cluster, 'app').state.running).toBeDefined();
  });

  it('an optional reference to something missing is skipped; a missing Secret is worded as the secret manager does', () => {
    const { cluster } = setup();
    createPod(cluster, 'opt', { nodeName: 'node-1', containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', 'infinity'], envFrom: [{ configMapRef: { name: 'nope', optional: true } }] }] });
    createPod(cluster, 'sec', { nodeName: 'node-1', containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', 'infinity'], envFrom: [{ secretRef: { name: 'db-creds' } }] }] });
    cluster.advance(15_000);
    expect(containerStatus(cluster, 'opt').state.running).toBeDefined();
    expect(containerStatus(cluster, 'sec').state.waiting).toEqual({ reason: 'CreateContainerConfigError', message: 'secret "db-creds" not found' });
  });
});
