import { describe, it, expect } from 'vitest';
import { harness, pod, ok, err, T0 } from './harness.js';
import { authenticate } from '../../../src/cluster/apiserver/authn.js';

describe('authentication', () => {
  const cert = { type: 'x509' as const, commonName: 'jane', organizations: ['dev'], notBefore: T0 - 1000, notAfter: T0 + 1000 };

  it('accepts an x509 certificate only inside its validity window, by the given clock', () => {
    const tokens = new Map();
    expect(authenticate(cert, T0, tokens)).toEqual({ name: 'jane', groups: ['dev', 'system:authenticated'] });
    expect(authenticate(cert, T0 + 1000, tokens)).toBeDefined();
    expect(authenticate(cert, T0 + 1001, tokens)).toBeUndefined();
    expect(authenticate(cert, T0 - 1001, tokens)).toBeUndefined();
  });

  it('makes one user per credential, and a new one when what the credential names changes', () => {
    const tokens = new Map();
    const credential = { type: 'x509' as const, commonName: 'kim', organizations: ['dev'], notBefore: T0 - 1000, notAfter: T0 + 1000 };
    const first = authenticate(credential, T0, tokens)!;
    expect(authenticate(credential, T0 + 1, tokens)).toBe(first);
    // Shared between requests, so nothing may edit it.
    expect(Object.isFrozen(first) && Object.isFrozen(first.groups)).toBe(true);
    credential.organizations.push('ops');
    expect(authenticate(credential, T0, tokens)).toEqual({ name: 'kim', groups: ['dev', 'ops', 'system:authenticated'] });
    credential.commonName = 'lee';
    expect(authenticate(credential, T0, tokens)?.name).toBe('lee');
    expect(authenticate(credential, T0 + 1001, tokens)).toBeUndefined();
    const loopback = { type: 'loopback' as const, user: 'system:kube-scheduler', groups: ['system:masters'] };
    expect(authenticate(loopback, T0, tokens)).toBe(authenticate(loopback, T0, tokens));
  });

  it('looks bearer tokens up', () => {
    const tokens = new Map([['abc', { name: 'system:serviceaccount:default:bot', groups: ['system:serviceaccounts'] }]]);
    expect(authenticate({ type: 'token', token: 'abc' }, T0, tokens)?.name).toBe('system:serviceaccount:default:bot');
    expect(authenticate({ type: 'token', token: 'nope' }, T0, tokens)).toBeUndefined();
  });

  it('answers 401 Unauthorized once a client certificate expires on the simulated clock', () => {
    const h = harness();
    const client = h.api.client({ ...cert, organizations: ['system:masters'], notAfter: T0 + 60_000 });
    expect(client.list('pods', 'default').ok).toBe(true);
    h.queue.runUntil(T0 + 60_001);
    const s = err(client.list('pods', 'default'));
    expect(s).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 });
    expect(err(client.raw('/healthz')).code).toBe(401);
  });
});

describe('authorization (RBAC)', () => {
  it('forbids an unbound user with the apiserver wording, per verb and scope', () => {
    const h = harness();
    const jane = h.user('jane');
    expect(err(jane.list('pods', 'default')).message).toBe('pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"');
    expect(err(jane.get('pods', 'default', 'web')).message).toBe('pods "web" is forbidden: User "jane" cannot get resource "pods" in API group "" in the namespace "default"');
    expect(err(jane.list('nodes', undefined)).message).toBe('nodes is forbidden: User "jane" cannot list resource "nodes" in API group "" at the cluster scope');
    const s = err(jane.create('deployments', 'default', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web2' } }));
    expect(s.code).toBe(403);
    expect(s.reason).toBe('Forbidden');
    // A create carries no name: the reference's `kubectl create deployment` sample.
    expect(s.message).toBe('deployments.apps is forbidden: User "jane" cannot create resource "deployments" in API group "apps" in the namespace "default"');
  });

  it('names the subresource in the denial (pods/log, pods/status)', () => {
    const h = harness();
    ok(h.sys.create('pods', 'default', pod('web')));
    const jane = h.user('jane');
    expect(err(jane.podLogs('default', 'web')).message).toBe('pods "web" is forbidden: User "jane" cannot get resource "pods/log" in API group "" in the namespace "default"');
    const current = ok(h.sys.get('pods', 'default', 'web'));
    expect(err(jane.updateStatus('pods', 'default', current)).message).toBe('pods "web" is forbidden: User "jane" cannot update resource "pods/status" in API group "" in the namespace "default"');
  });

  it('allows what a RoleBinding grants, in its namespace only', () => {
    const h = harness();
    ok(h.sys.create('roles', 'default', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'pod-reader' }, rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] }] }));
    ok(h.sys.create('rolebindings', 'default', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'jane-reads' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'pod-reader' }, subjects: [{ kind: 'User', name: 'jane' }] }));
    const jane = h.user('jane');
    expect(jane.list('pods', 'default').ok).toBe(true);
    expect(jane.list('pods', 'kube-system').ok).toBe(false);
    expect(err(jane.delete('pods', 'default', 'x')).message).toBe('pods "x" is forbidden: User "jane" cannot delete resource "pods" in API group "" in the namespace "default"');
    expect(jane.podLogs('default', 'x').ok).toBe(false);
  });

  it('binds groups and service accounts through ClusterRoleBindings, honouring resourceNames', () => {
    const h = harness();
    ok(h.sys.create('clusterroles', undefined, { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'node-viewer' }, rules: [{ apiGroups: [''], resources: ['nodes'], verbs: ['get'], resourceNames: ['node-1'] }] }));
    ok(h.sys.create('clusterrolebindings', undefined, { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'ops' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'node-viewer' }, subjects: [{ kind: 'Group', name: 'ops' }, { kind: 'ServiceAccount', name: 'bot', namespace: 'default' }] }));
    h.api.addToken('tok', { name: 'system:serviceaccount:default:bot', groups: ['system:serviceaccounts'] });
    const bot = h.api.client({ type: 'token', token: 'tok' });
    const ops = h.user('olga', ['ops']);
    for (const c of [bot, ops]) {
      // Allowed, so the answer is the object's absence, not a denial.
      expect(err(c.get('nodes', undefined, 'node-1')).code).toBe(404);
      expect(err(c.get('nodes', undefined, 'node-2')).code).toBe(403);
      expect(err(c.list('nodes', undefined)).code).toBe(403);
    }
    expect(err(bot.get('nodes', undefined, 'node-2')).message).toBe('nodes "node-2" is forbidden: User "system:serviceaccount:default:bot" cannot get resource "nodes" in API group "" at the cluster scope');
  });

  it('always allows system:masters, even with no binding at all', () => {
    const h = harness();
    const admin = h.user('kubernetes-admin', ['system:masters']);
    expect(admin.list('secrets', 'kube-system').ok).toBe(true);
    expect(admin.create('pods', 'default', pod('x')).ok).toBe(true);
  });
});
