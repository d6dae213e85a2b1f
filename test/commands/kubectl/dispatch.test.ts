import { describe, it, expect } from 'vitest';
import { TestCluster, T0, pod, node, words } from './harness.js';
import { runKubectl } from '../../../src/commands/kubectl/kubectl.js';
import { KUBECTL_HELP } from '../../../src/commands/kubectl/help.js';
import { createCommandRegistry } from '../../../src/commands/registry.js';
import { installCommands } from '../../../src/commands/index.js';

describe('kubectl command line', () => {
  it('finds the verb after global flags and ignores -v', async () => {
    const c = new TestCluster();
    c.add(pod('web-1'));
    const expected = 'pod/web-1\n';
    for (const line of ['--request-timeout 5s get pods -o name', '-v=6 get pods -o name', '-n default get -o name pods', '--namespace default -v 9 get pods -oname']) {
      expect((await c.run(line)).stdout, line).toBe(expected);
    }
  });

  it('answers unknown verbs like cobra, with suggestions when close', async () => {
    const c = new TestCluster();
    expect(await c.run('frobnicate')).toEqual({ stdout: '', stderr: 'error: unknown command "frobnicate" for "kubectl"\nRun \'kubectl --help\' for usage.\n', exitCode: 1 });
    expect((await c.run('gte pods')).stderr).toBe('error: unknown command "gte" for "kubectl"\n\nDid you mean this?\n\tget\n\nRun \'kubectl --help\' for usage.\n');
  });

  it('prints help', async () => {
    const c = new TestCluster();
    expect(await c.run('')).toEqual({ stdout: KUBECTL_HELP, stderr: '', exitCode: 0 });
    expect((await c.run('--help')).stdout).toBe(KUBECTL_HELP);
    const getHelp = await c.run('get --help');
    expect(getHelp.stdout.split('\n')[0]).toBe('Display one or many resources.');
    expect((await c.run('set')).stdout.split('\n')[0]).toBe('Configure application resources.');
  });

  it('reports flag value errors with the usage hint', async () => {
    const c = new TestCluster();
    expect(await c.run('get pods -n')).toEqual({ stdout: '', stderr: "error: flag needs an argument: 'n' in -n\nSee 'kubectl get --help' for usage.\n", exitCode: 1 });
    expect((await c.run('logs x --namespace')).stderr).toBe("error: flag needs an argument: --namespace\nSee 'kubectl logs --help' for usage.\n");
  });

  it('prints Unauthorized when the client certificate has expired', async () => {
    const c = new TestCluster();
    const expired = c.api.client({ type: 'x509', commonName: 'kubernetes-admin', organizations: ['kubeadm:cluster-admins'], notBefore: T0 - 10, notAfter: T0 - 1 });
    const r = await runKubectl(words('get pods'), c.context('', expired));
    expect(r).toEqual({ stdout: '', stderr: 'error: You must be logged in to the server (Unauthorized)\n', exitCode: 1 });
  });

  it('prints Forbidden as the server words it', async () => {
    const c = new TestCluster();
    const jane = c.api.client({ type: 'x509', commonName: 'jane', organizations: [], notBefore: T0 - 10, notAfter: T0 + 1e9 });
    expect(await runKubectl(words('get pods'), c.context('', jane))).toEqual({
      stdout: '',
      stderr: 'Error from server (Forbidden): pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"\n',
      exitCode: 1,
    });
    expect((await runKubectl(words('create deployment web2 --image=nginx'), c.context('', jane))).stderr).toBe(
      'error: failed to create deployment: deployments.apps is forbidden: User "jane" cannot create resource "deployments" in API group "apps" in the namespace "default"\n',
    );
  });

  it('has no kubeconfig on worker nodes', async () => {
    const c = new TestCluster();
    c.add(node('node-1'));
    const cp = node('cp-1');
    cp.metadata.labels['node-role.kubernetes.io/control-plane'] = '';
    c.add(cp);
    const on = (host: string) => ({ ...c.context(), host });
    expect(await runKubectl(words('get nodes -o name'), on('node-1'))).toEqual({
      stdout: '',
      stderr: 'The connection to the server localhost:8080 was refused - did you specify the right host or port?\n',
      exitCode: 1,
    });
    expect((await runKubectl(words('get nodes -o name'), on('cp-1'))).stdout).toBe('node/cp-1\nnode/node-1\n');
  });

  it('is registered as kubectl and k', async () => {
    const registry = installCommands(createCommandRegistry());
    const k = await registry.load('k', 'workstation');
    const kubectl = await registry.load('kubectl', 'workstation');
    const c = new TestCluster();
    expect((await k!.execute(['version', '--client'], c.context())).stdout).toBe((await kubectl!.execute(['version', '--client'], c.context())).stdout);
  });

  it('says which real verbs the simulator lacks and that top has no metrics', async () => {
    const c = new TestCluster();
    expect((await c.run('cp web-1:/etc/hosts hosts')).stderr).toBe('error: "kubectl cp" is not available in this simulator\n');
    expect((await c.run('top nodes')).stderr).toBe('error: Metrics API not available\n');
  });
});
