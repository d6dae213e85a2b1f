/**
 * `kubectl auth can-i`, `kubectl auth whoami` and `--as`/`--as-group`: the
 * API server's impersonation filter and RBAC answer. Texts from
 * kubernetes/kubectl v0.32 pkg/cmd/auth (cani.go, whoami.go), the apiserver's
 * impersonation filter and responsewriters.forbiddenMessage, and
 * client-go clientcmd validation (reference catalog §8.1, §8.2).
 */
import { describe, expect, it } from 'vitest';
import { TestCluster } from './harness.js';

/** A namespace-scoped reader: ServiceAccount default/app may get and list pods in default. */
function withPodReader(c: TestCluster): TestCluster {
  c.add({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'app', namespace: 'default' } });
  c.add({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'pod-reader', namespace: 'default' }, rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] }] });
  c.add({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'RoleBinding',
    metadata: { name: 'app-reads-pods', namespace: 'default' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'pod-reader' },
    subjects: [{ kind: 'ServiceAccount', name: 'app', namespace: 'default' }, { kind: 'Group', apiGroup: 'rbac.authorization.k8s.io', name: 'readers' }],
  });
  return c;
}

const SA = 'system:serviceaccount:default:app';

describe('kubectl auth can-i', () => {
  it('answers yes for the learner (cluster-admin), no with exit 1 for a user without rules', async () => {
    const c = new TestCluster();
    expect(await c.run('auth can-i delete nodes')).toEqual({ stdout: 'yes\n', stderr: "Warning: resource 'nodes' is not namespace scoped\n", exitCode: 0 });
    expect(await c.run('auth can-i list pods --as=jane')).toEqual({ stdout: 'no\n', stderr: '', exitCode: 1 });
  });

  it("follows a Role binding: the service account may list pods in its namespace, not elsewhere, and nothing else", async () => {
    const c = withPodReader(new TestCluster());
    expect(await c.run(`auth can-i list pods --as=${SA}`)).toEqual({ stdout: 'yes\n', stderr: '', exitCode: 0 });
    expect((await c.run(`auth can-i get pods/web --as=${SA}`)).stdout).toBe('yes\n');
    expect((await c.run(`auth can-i delete pods --as=${SA}`)).stdout).toBe('no\n');
    expect((await c.run(`auth can-i list pods -n kube-system --as=${SA}`)).stdout).toBe('no\n');
    expect((await c.run(`auth can-i get pods --subresource=log --as=${SA}`)).stdout).toBe('no\n');
    // A group the binding names, impersonated with --as-group.
    expect((await c.run('auth can-i list pods --as=jane --as-group=readers')).stdout).toBe('yes\n');
    expect(await c.run(`auth can-i list pods --as=${SA} -q`)).toEqual({ stdout: '', stderr: '', exitCode: 0 });
  });

  it('warns about an unknown type and verb as kubectl does, and needs two arguments', async () => {
    const c = new TestCluster();
    expect(await c.run('auth can-i get widgets')).toEqual({ stdout: 'yes\n', stderr: "Warning: the server doesn't have a resource type 'widgets'\n", exitCode: 0 });
    expect((await c.run('auth can-i frob pods')).stderr).toBe("Warning: verb 'frob' is not a known verb\n");
    expect((await c.run('auth can-i impersonate users')).stderr).toBe('');
    expect(await c.run('auth can-i get')).toEqual({ stdout: '', stderr: "error: you must specify two arguments: verb resource or verb resource/resourceName.\nSee 'kubectl auth can-i -h' for help and examples.\n", exitCode: 1 });
  });
});

describe('kubectl --as', () => {
  it('runs the command as the impersonated user, whose denial names that user', async () => {
    const c = withPodReader(new TestCluster());
    expect((await c.run(`get pods --as=${SA}`)).stderr).toBe('No resources found in default namespace.\n');
    expect(await c.run(`get nodes --as=${SA}`)).toEqual({
      stdout: '',
      stderr: `Error from server (Forbidden): nodes is forbidden: User "${SA}" cannot list resource "nodes" in API group "" at the cluster scope\n`,
      exitCode: 1,
    });
  });

  it('is refused for a requester that may not impersonate the user, a service account or a group', async () => {
    const c = withPodReader(new TestCluster());
    const as = (user: string, groups: string[] = []) => c.api.client({ type: 'impersonating', as: { type: 'loopback', user: 'jane', groups: [] }, user, groups });
    const message = (r: { ok: boolean; status?: { message: string } }) => (r.ok ? 'allowed' : r.status!.message);
    expect(message(as('bob').list('pods', 'default'))).toBe('users "bob" is forbidden: User "jane" cannot impersonate resource "users" in API group "" at the cluster scope');
    expect(message(as(SA).list('pods', 'default'))).toBe('serviceaccounts "app" is forbidden: User "jane" cannot impersonate resource "serviceaccounts" in API group "" in the namespace "default"');
    // Allowed to impersonate users only, not groups.
    c.add({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'user-impersonator' }, rules: [{ apiGroups: [''], resources: ['users'], verbs: ['impersonate'] }] });
    c.add({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'jane-impersonates' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'user-impersonator' }, subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'jane' }] });
    expect(message(as('bob').list('pods', 'default'))).toBe('pods is forbidden: User "bob" cannot list resource "pods" in API group "" in the namespace "default"');
    expect(message(as('bob', ['readers']).list('pods', 'default'))).toBe('groups "readers" is forbidden: User "jane" cannot impersonate resource "groups" in API group "" at the cluster scope');
  });

  it('needs a user for --as-group (client-go refuses the kubeconfig)', async () => {
    const c = new TestCluster();
    expect(await c.run('get pods --as-group=readers')).toEqual({ stdout: '', stderr: 'error: invalid configuration: requesting uid, groups or user-extra for kubernetes-admin without impersonating a user\n', exitCode: 1 });
  });
});

describe('the reviews as resources', () => {
  it('serve create only: any other verb has no route (405)', async () => {
    const c = new TestCluster();
    expect(await c.run('get selfsubjectaccessreviews')).toEqual({ stdout: '', stderr: 'Error from server (MethodNotAllowed): the server does not allow this method on the requested resource\n', exitCode: 1 });
    expect((await c.run('get bindings')).stderr).toBe('Error from server (MethodNotAllowed): the server does not allow this method on the requested resource\n');
  });
});

describe('kubectl auth whoami', () => {
  it('prints the user and groups the API server authenticated, after impersonation', async () => {
    const c = new TestCluster();
    expect(await c.run('auth whoami')).toEqual({ stdout: 'ATTRIBUTE   VALUE\nUsername    kubernetes-admin\nGroups      [kubeadm:cluster-admins system:authenticated]\n', stderr: '', exitCode: 0 });
    expect((await c.run(`auth whoami --as=${SA}`)).stdout).toBe(`ATTRIBUTE   VALUE\nUsername    ${SA}\nGroups      [system:serviceaccounts system:serviceaccounts:default system:authenticated]\n`);
    expect((await c.run('auth whoami --as=jane --as-group=dev')).stdout).toBe('ATTRIBUTE   VALUE\nUsername    jane\nGroups      [dev system:authenticated]\n');
  });
});
