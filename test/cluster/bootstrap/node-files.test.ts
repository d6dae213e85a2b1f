import { describe, expect, it } from 'vitest';
import { EventQueue } from '../../../src/cluster/clock/event-queue.js';
import { Random } from '../../../src/cluster/clock/random.js';
import { NodeHost } from '../../../src/cluster/host/node-host.js';
import { seedNodeFiles } from '../../../src/cluster/bootstrap/node-files.js';
import { kubeconfigServer } from '../../../src/cluster/control-plane/kubeconfig-client.js';
import type { Credential } from '../../../src/cluster/apiserver/authn.js';
import type { NodeSpec } from '../../../src/cluster/kubelet/node-status.js';

const AT = Date.UTC(2026, 0, 1);

/** A node's /etc/kubernetes/kubelet.conf as seedNodeFiles writes it for an API server at ip:port. */
function kubeletConf(name: string, apiServerIP: string, apiServerPort?: number): string {
  const host = new NodeHost(name, '10.0.0.11', new EventQueue(AT));
  const spec = { name } as NodeSpec;
  const kubeletClient: Credential = { type: 'x509', commonName: `system:node:${name}`, organizations: ['system:nodes'], notBefore: AT, notAfter: AT + 86_400_000 };
  seedNodeFiles(host, spec, { version: 'v1.32.0', apiServerIP, apiServerPort, clusterCreatedAt: AT, kubeletClient, staticPods: [], random: new Random(1) });
  return host.fs.read('/etc/kubernetes/kubelet.conf')!;
}

describe('the kubelet kubeconfig a node is seeded with', () => {
  it('is the same text for nodes with the same API server, and follows a change of address or port', () => {
    const first = kubeletConf('node-1', '10.0.0.10');
    expect(kubeletConf('node-2', '10.0.0.10')).toBe(first);
    expect(kubeconfigServer(first)).toEqual({ ip: '10.0.0.10', port: 6443 });
    expect(kubeconfigServer(kubeletConf('node-3', '10.0.0.20'))).toEqual({ ip: '10.0.0.20', port: 6443 });
    expect(kubeconfigServer(kubeletConf('node-4', '10.0.0.20', 8443))).toEqual({ ip: '10.0.0.20', port: 8443 });
    expect(kubeletConf('node-5', '10.0.0.10')).toBe(first);
    expect(first).toContain('client-certificate: /var/lib/kubelet/pki/kubelet-client-current.pem\n');
  });
});
