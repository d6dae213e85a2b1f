import { describe, it, expect } from 'vitest';
import yaml from 'js-yaml';
import type { Cluster } from '../../../src/cluster/cluster.js';
import { DAY, testCluster } from '../../commands/crictl/node-session.js';
import { servingOptions } from '../../../src/cluster/apiserver/serving-options.js';
import { authorize } from '../../../src/cluster/apiserver/authz.js';

type Obj = Record<string, any>;

const MANIFEST = '/etc/kubernetes/manifests/kube-apiserver.yaml';
const fsOf = (c: Cluster) => c.nodes.get('cp-1')!.host.fs;
const apiServerLogs = (c: Cluster) => [...c.nodes.get('cp-1')!.runtime.containers.values()].filter((x) => x.name === 'kube-apiserver').map((x) => x.logs.lines().map((l) => l.line));

/** Sets (or adds) one flag of kube-apiserver's command in its static pod manifest on cp-1. */
function setFlag(c: Cluster, name: string, value: string): void {
  const doc = yaml.load(fsOf(c).read(MANIFEST)!) as Obj;
  const command: string[] = doc.spec.containers[0].command.filter((a: string) => !a.startsWith(`--${name}=`));
  doc.spec.containers[0].command = [...command, `--${name}=${value}`];
  fsOf(c).write(MANIFEST, yaml.dump(doc, { lineWidth: -1 }));
}

const flagsOf = (flags: Record<string, string>) => (name: string) => flags[name];

describe('kube-apiserver --authorization-mode and admission plugin flags: validation', () => {
  it('accepts kubeadm\'s flags and defaults to AlwaysAllow without the flag, as upstream does', () => {
    expect(servingOptions(flagsOf({ 'authorization-mode': 'Node,RBAC', 'enable-admission-plugins': 'NodeRestriction' }))).toEqual({ ok: true, options: { authorizationModes: ['Node', 'RBAC'], disabledAdmissionPlugins: new Set() } });
    expect(servingOptions(flagsOf({}))).toMatchObject({ ok: true, options: { authorizationModes: ['AlwaysAllow'] } });
  });

  it('refuses what upstream refuses, with its messages (pkg/kubeapiserver/options/authorization.go, apiserver options/admission.go)', () => {
    expect(servingOptions(flagsOf({ 'authorization-mode': 'Node,RBCA' }))).toEqual({ ok: false, error: 'authorization-mode "RBCA" is not a valid mode' });
    expect(servingOptions(flagsOf({ 'authorization-mode': 'Node,RBAC,Node' }))).toEqual({ ok: false, error: 'authorization-mode ["Node" "RBAC" "Node"] has mode specified more than once' });
    expect(servingOptions(flagsOf({ 'enable-admission-plugins': 'NodeRestriction,PodSecurityPolicy' }))).toEqual({ ok: false, error: 'enable-admission-plugins plugin "PodSecurityPolicy" is unknown' });
    expect(servingOptions(flagsOf({ 'enable-admission-plugins': 'Priority', 'disable-admission-plugins': 'Priority,Foo' }))).toEqual({
      ok: false,
      error: '[disable-admission-plugins plugin "Foo" is unknown, [Priority] in enable-admission-plugins and disable-admission-plugins overlapped]',
    });
  });

  it('authorizes in the modes\' order: AlwaysAllow lets anyone in, Node alone lets only kubelets (and system:masters) in', () => {
    const source = { list: () => [], get: () => undefined };
    const anyone = { name: 'jane', groups: ['system:authenticated'] };
    const kubelet = { name: 'system:node:node-1', groups: ['system:nodes', 'system:authenticated'] };
    const pods = { name: 'pods', group: '' } as never;
    expect(authorize(source, anyone, 'list', pods, 'default', undefined, undefined, ['AlwaysAllow'])).toBe(true);
    expect(authorize(source, anyone, 'list', pods, 'default', undefined, undefined, ['Node', 'RBAC'])).toBe(false);
    expect(authorize(source, kubelet, 'list', pods, 'default', undefined, undefined, ['Node'])).toBe(true);
    expect(authorize(source, kubelet, 'list', pods, 'default', undefined, undefined, ['RBAC', 'AlwaysDeny'])).toBe(false);
    expect(authorize(source, { name: 'root', groups: ['system:masters'] }, 'list', pods, 'default', undefined, undefined, ['AlwaysDeny'])).toBe(true);
  });
});

describe('kube-apiserver judges requests as its flags say', () => {
  it('an invalid mode ends the process with "command failed" before it serves, so kubectl is refused', () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    setFlag(c, 'authorization-mode', 'Node,RBCA');
    c.advance(60_000);
    expect(apiServerLogs(c).at(-1)).toContainEqual(expect.stringMatching(/run\.go:72\] "command failed" err="authorization-mode \\"RBCA\\" is not a valid mode"$/));
    expect(apiServerLogs(c).at(-1)!.some((l) => l.includes('Version:'))).toBe(false);
  });

  it('--authorization-mode=Node leaves kubeadm\'s admin (kubeadm:cluster-admins, bound by RBAC) forbidden; Node,RBAC lets it in again', () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    expect(c.adminClient().list('pods', 'default').ok).toBe(true);
    setFlag(c, 'authorization-mode', 'Node');
    c.advance(90_000);
    const refused = c.adminClient().list('pods', 'default');
    expect(refused.ok).toBe(false);
    expect(JSON.stringify(refused)).toContain('forbidden');
    setFlag(c, 'authorization-mode', 'Node,RBAC');
    c.advance(90_000);
    expect(c.adminClient().list('pods', 'default').ok).toBe(true);
  });

  it('--disable-admission-plugins=ServiceAccount: new pods get no service account token volume', () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    const pod = (name: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { containers: [{ name: 'app', image: 'nginx:1.25' }] } });
    c.apply(pod('before'));
    setFlag(c, 'disable-admission-plugins', 'ServiceAccount');
    c.advance(90_000);
    c.apply(pod('after'));
    const get = (name: string) => (c.systemClient().get('pods', 'default', name) as { ok: true; value: Obj }).value;
    expect(get('before').spec.volumes?.some((v: Obj) => v.name.startsWith('kube-api-access-'))).toBe(true);
    expect(get('after').spec.volumes ?? []).toEqual([]);
    expect(get('after').spec.serviceAccountName).toBeUndefined();
  });
});
