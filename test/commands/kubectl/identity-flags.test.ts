/**
 * kubectl's identity and target flags (cli-runtime genericclioptions
 * ConfigFlags: --kubeconfig, --cluster, --user, --context, --server,
 * --certificate-authority, --client-certificate, --client-key, --token,
 * --as-uid, --username, --password). The simulator has one kubeconfig, so it
 * refuses them instead of answering as cluster-admin; a kubedrill message (no
 * upstream text exists for "not simulated"). --as and --as-group impersonate
 * (auth.test.ts).
 */
import { describe, it, expect } from 'vitest';
import { TestCluster, pod, node } from './harness.js';
import { runKubectl } from '../../../src/commands/kubectl/kubectl.js';

const refusal = (flag: string) => `error: --${flag} is not simulated by kubedrill: every kubectl runs as the learner's cluster-admin kubeconfig\n`;

describe('kubectl identity flags', () => {
  it('refuses each of them, in any position and form, with exit 1 and no output', async () => {
    const c = new TestCluster();
    c.add(node('node-1'));
    c.add(pod('web-1'));
    const lines: [string, string][] = [
      ['--as-uid 42 get pods', 'as-uid'],
      ['--token=abc get pods', 'token'],
      ['get pods --user=bob', 'user'],
      ['--kubeconfig /etc/kubernetes/kubelet.conf get nodes', 'kubeconfig'],
      ['--context kind get pods -o name', 'context'],
      ['get pods -s https://10.0.0.1:6443', 'server'],
      ['get pods --certificate-authority=/tmp/ca.crt', 'certificate-authority'],
      ['get pods --client-certificate=/tmp/a.crt', 'client-certificate'],
      ['get pods --client-key=/tmp/a.key', 'client-key'],
      ['get pods --cluster=other', 'cluster'],
      ['delete pod web-1 --token=abc', 'token'],
    ];
    for (const [line, flag] of lines) {
      expect(await c.run(line), line).toEqual({ stdout: '', stderr: refusal(flag), exitCode: 1 });
    }
    // The refused delete did not happen, nor the one impersonating a user without rights.
    // delete.go sends the DELETE without a GET first (RequireObject(false)), so its 403 names the verb delete.
    expect((await c.run('delete pod web-1 --as=system:anonymous')).stderr).toBe('Error from server (Forbidden): pods "web-1" is forbidden: User "system:anonymous" cannot delete resource "pods" in API group "" in the namespace "default"\n');
    expect((await c.run('get pod web-1 -o name')).stdout).toBe('pod/web-1\n');
  });

  it('refuses before the missing-kubeconfig answer of a worker node', async () => {
    const c = new TestCluster();
    c.add(node('node-1'));
    const ctx = { ...c.context(), host: 'node-1' };
    expect(await runKubectl(['--kubeconfig=/etc/kubernetes/kubelet.conf', 'get', 'nodes'], ctx)).toEqual({ stdout: '', stderr: refusal('kubeconfig'), exitCode: 1 });
    expect((await runKubectl(['get', 'nodes'], ctx)).stderr).toBe('The connection to the server localhost:8080 was refused - did you specify the right host or port?\n');
  });

  it("honours --kubeconfig naming the admin kubeconfig where it is the learner's identity already", async () => {
    const c = new TestCluster();
    c.add(pod('web-1'));
    // The workstation (and a control-plane node) hold the admin kubeconfig: the same identity, nothing to refuse.
    expect(await c.run('--kubeconfig /etc/kubernetes/admin.conf get pods -o name')).toEqual({ stdout: 'pod/web-1\n', stderr: '', exitCode: 0 });
    expect(await c.run('--kubeconfig=/root/.kube/config get pods -o name')).toEqual({ stdout: 'pod/web-1\n', stderr: '', exitCode: 0 });
    // On a worker there is no admin kubeconfig to name.
    c.add(node('node-1'));
    const ctx = { ...c.context(), host: 'node-1' };
    expect(await runKubectl(['--kubeconfig=/etc/kubernetes/admin.conf', 'get', 'pods'], ctx)).toEqual({ stdout: '', stderr: refusal('kubeconfig'), exitCode: 1 });
  });

  it('leaves the other global flags alone', async () => {
    const c = new TestCluster();
    c.add(pod('web-1'));
    for (const line of ['-v=6 get pods -o name', '--request-timeout=5s get pods -o name', '--insecure-skip-tls-verify get pods -o name']) {
      expect(await c.run(line), line).toEqual({ stdout: 'pod/web-1\n', stderr: '', exitCode: 0 });
    }
  });
});
