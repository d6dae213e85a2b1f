/**
 * `kubectl create configmap` and `kubectl create secret generic`, each output
 * captured from kubectl v1.32.4 (`--dry-run=client`) on the same arguments.
 */
import { describe, expect, it } from 'vitest';
import { smallCluster } from '../../cluster/kubelet/harness.js';
import { runKubectl } from '../../../src/commands/kubectl/kubectl.js';
import type { CommandContext } from '../../../src/commands/types.js';
import { words } from './harness.js';

const cluster = smallCluster();
const files: Record<string, string> = { '/home/learner/app.env': 'A=1\n# c\nB=2\n', '/home/learner/nginx.conf': 'server {}\n' };
const ctx = { cluster: { now: () => cluster.now(), adminClient: () => cluster.adminClient(), nodeNames: () => cluster.nodeNames(), advance: (ms: number) => cluster.advance(ms) }, host: 'workstation', stdin: '', env: { HOME: '/home/learner' }, readFile: (p: string) => files[p.startsWith('/') ? p : `/home/learner/${p}`] } as unknown as CommandContext;
const kubectl = (line: string) => runKubectl(words(line).slice(1), ctx);

describe('kubectl create configmap', () => {
  it('builds data from literals, files and env files', async () => {
    expect((await kubectl('kubectl create configmap app --from-literal=url=http://db --dry-run=client -o yaml')).stdout).toBe('apiVersion: v1\ndata:\n  url: http://db\nkind: ConfigMap\nmetadata:\n  creationTimestamp: null\n  name: app\n');
    expect((await kubectl('kubectl create cm e --from-env-file=app.env --dry-run=client -o yaml')).stdout).toBe('apiVersion: v1\ndata:\n  A: "1"\n  B: "2"\nkind: ConfigMap\nmetadata:\n  creationTimestamp: null\n  name: e\n');
    expect((await kubectl('kubectl create cm x --from-literal=a=1 -n foo --dry-run=client -o yaml')).stdout).toContain('  name: x\n  namespace: foo\n');
    expect((await kubectl('kubectl create configmap web --from-file=nginx.conf')).stdout).toBe('configmap/web created\n');
    const cm = cluster.adminClient().get('configmaps', 'default', 'web');
    expect(cm.ok && (cm.value as unknown as { data: Record<string, string> }).data).toEqual({ 'nginx.conf': 'server {}\n' });
    expect((await kubectl('kubectl create configmap web --from-literal=a=b')).stderr).toBe('error: failed to create configmap: configmaps "web" already exists\n');
  });

  it("refuses what kubectl refuses, in kubectl's words", async () => {
    expect((await kubectl('kubectl create cm bad --from-literal=x --dry-run=client')).stderr).toBe('error: invalid literal source x, expected key=value\n');
    expect((await kubectl('kubectl create cm d --from-literal=a=1 --from-literal=a=2 --dry-run=client')).stderr).toBe('error: cannot add key "a", another key by that name already exists in Data for ConfigMap "d"\n');
    expect((await kubectl("kubectl create cm bad --from-literal=b@d=1 --dry-run=client")).stderr).toBe(
      `error: "b@d" is not a valid key name for a ConfigMap: a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')\n`,
    );
    expect((await kubectl('kubectl create cm e --from-file=/tmp/nope --dry-run=client')).stderr).toBe('error: error reading /tmp/nope: no such file or directory\n');
    expect((await kubectl('kubectl create cm')).stderr).toBe("error: exactly one NAME is required, got 0\nSee 'kubectl create configmap -h' for help and examples\n");
  });
});

describe('kubectl create secret generic', () => {
  it('encodes its values and leaves the type to the server unless --type is given', async () => {
    expect((await kubectl('kubectl create secret generic s --from-literal=pw=x --dry-run=client -o yaml')).stdout).toBe('apiVersion: v1\ndata:\n  pw: eA==\nkind: Secret\nmetadata:\n  creationTimestamp: null\n  name: s\n');
    expect((await kubectl('kubectl create secret generic s --from-literal=a=1 --type=kubernetes.io/basic-auth --dry-run=client -o yaml')).stdout).toBe('apiVersion: v1\ndata:\n  a: MQ==\nkind: Secret\nmetadata:\n  creationTimestamp: null\n  name: s\ntype: kubernetes.io/basic-auth\n');
  });

  it("refuses what kubectl refuses, in kubectl's words", async () => {
    expect((await kubectl('kubectl create secret generic s --from-literal=a=b --from-literal=a=c --dry-run=client')).stderr).toBe('error: cannot add key a, another key by that name already exists\n');
    expect((await kubectl('kubectl create secret generic s --from-literal=b@d=1 --dry-run=client')).stderr).toMatch(/^error: "b@d" is not valid key name for a Secret a valid config key must consist/);
    expect((await kubectl('kubectl create secret generic')).stderr).toBe("error: exactly one NAME is required, got 0\nSee 'kubectl create secret generic -h' for help and examples\n");
    const bare = await kubectl('kubectl create secret');
    expect(bare.exitCode).toBe(1);
    expect(bare.stderr).toMatch(/^Create a secret with specified type\.\n[\s\S]*Use "kubectl options" for a list of global command-line options \(applies to all commands\)\.\n$/);
  });
});
