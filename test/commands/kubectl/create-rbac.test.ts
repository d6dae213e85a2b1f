/**
 * `kubectl create serviceaccount|role|clusterrole|rolebinding|clusterrolebinding`
 * (kubectl v0.32 pkg/cmd/create): the objects an RBAC task is made of, checked
 * with `kubectl auth can-i --as`. Rules are grouped by API group in group
 * order; subjects come users, groups, then service accounts.
 */
import { describe, expect, it } from 'vitest';
import { TestCluster } from './harness.js';

const SA = 'system:serviceaccount:default:app';

describe('kubectl create role, rolebinding and friends', () => {
  it('builds a Role one rule per API group, with the served names of the types', async () => {
    const c = new TestCluster();
    expect((await c.run('create role pod-reader --verb=get,list --resource=po,deploy.apps,pods/log --dry-run=client -o yaml')).stdout).toBe(
      'apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  creationTimestamp: null\n  name: pod-reader\nrules:\n- apiGroups:\n  - ""\n  resources:\n  - pods\n  - pods/log\n  verbs:\n  - get\n  - list\n- apiGroups:\n  - apps\n  resources:\n  - deployments\n  verbs:\n  - get\n  - list\n',
    );
  });

  it('grants what it names, checked with auth can-i --as (the whole RBAC task)', async () => {
    const c = new TestCluster();
    expect((await c.run('create sa app')).stdout).toBe('serviceaccount/app created\n');
    expect((await c.run('create role pod-reader --verb=get --verb=list --resource=pods')).stdout).toBe('role.rbac.authorization.k8s.io/pod-reader created\n');
    expect((await c.run(`auth can-i list pods --as=${SA}`)).stdout).toBe('no\n');
    // --user here is the verb's own flag, not kubectl's global identity flag.
    expect((await c.run('create rolebinding app-reads --role=pod-reader --serviceaccount=default:app --user=bob')).stdout).toBe('rolebinding.rbac.authorization.k8s.io/app-reads created\n');
    expect((await c.run(`auth can-i list pods --as=${SA}`)).stdout).toBe('yes\n');
    expect((await c.run('auth can-i get pods --as=bob')).stdout).toBe('yes\n');
    expect((await c.run(`auth can-i list pods --as=${SA} -n kube-system`)).stdout).toBe('no\n');
    await c.run('create clusterrole node-reader --verb=get,list,watch --resource=nodes');
    expect((await c.run('create clusterrolebinding app-nodes --clusterrole=node-reader --serviceaccount=default:app')).stdout).toBe('clusterrolebinding.rbac.authorization.k8s.io/app-nodes created\n');
    expect((await c.run(`auth can-i list nodes --as=${SA}`)).stdout).toBe('yes\n');
    expect((await c.run('get rolebinding app-reads -o jsonpath={.subjects[*].kind}')).stdout).toBe('User ServiceAccount');
  });

  it("refuses what create_role.go's and create_rolebinding.go's Validate refuse", async () => {
    const c = new TestCluster();
    const err = async (line: string) => (await c.run(line)).stderr;
    expect(await err('create role r --verb=frob --resource=pods')).toBe("error: invalid verb: 'frob'\n");
    expect(await err('create role r --verb=get --resource=widgets')).toBe('error: the server doesn\'t have a resource type "widgets"\n');
    expect(await err('create role r --verb=impersonate --resource=pods')).toBe("error: can not perform 'impersonate' on 'pods' in group ''\n");
    expect(await err('create role r --resource=pods')).toBe('error: at least one verb must be specified\n');
    expect((await c.run('create clusterrole imp --verb=impersonate --resource=users')).stdout).toBe('clusterrole.rbac.authorization.k8s.io/imp created\n');
    expect(await err('create rolebinding b --role=a --clusterrole=b')).toBe('error: exactly one of clusterrole or role must be specified\n');
    expect(await err('create rolebinding b --role=a --serviceaccount=app')).toBe('error: serviceaccount must be <namespace>:<name>\n');
    expect(await err('create clusterrolebinding b')).toBe('error: required flag(s) "clusterrole" not set\n');
  });
});
