/**
 * `kubectl debug POD --copy-to=NAME`: a copy of the pod to debug. Pinned to
 * kubernetes/kubectl v0.32.0 pkg/cmd/debug/debug.go Validate (l.329, l.332:
 * "you must specify --image, --set-image or command arguments.", "you must
 * specify an existing container or a new image when specifying args.",
 * l.376 "--target is incompatible with --copy-to. Use --share-processes
 * instead."), generatePodCopyWithDebugContainer (no node unless --same-node,
 * --set-image, the container -c names changed or a new one added), debugByCopy
 * (--replace deletes the original), profiles.go (legacy: the copy's labels
 * go; general: labels, annotations and probes go, one process namespace,
 * SYS_PTRACE), attach.go reattachMessage (l.357, restartPolicy Always), and
 * the ServiceAccount admission plugin's mountServiceAccountToken (an
 * existing token volume is kept, not doubled).
 */
import { describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1.js';
import { startFixture } from '../../helpers/scenario-run.js';
import type { ScenarioRun } from '../../../src/practice/run.js';

const SCENARIO = 'scenarios/services/service-empty-endpoints-selector.yaml';
const LEGACY = '--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".\n';

function get(run: ScenarioRun, name: string): Pod | undefined {
  const r = run.cluster.adminClient().get('pods', 'default', name);
  return r.ok ? (r.value as unknown as Pod) : undefined;
}

function storefront(run: ScenarioRun): Pod {
  const list = run.cluster.adminClient().list('pods', 'default', { labelSelector: 'app=storefront' });
  if (!list.ok) throw new Error('list failed');
  return (list.value.items as unknown as Pod[]).find((p) => p.spec?.nodeName === 'node-1')!;
}

describe('kubectl debug POD --copy-to=NAME', () => {
  it('adds a debugging container to a copy of the pod and attaches to it (general profile)', async () => {
    const run = startFixture(SCENARIO);
    const original = storefront(run);
    const name = original.metadata!.name!;
    const r = await run.exec(`kubectl debug ${name} -it --copy-to=sf-debug --image=busybox --profile=general`);
    const copy = get(run, 'sf-debug')!;
    const dbg = copy.spec!.containers[1]!;
    expect(dbg.name).toMatch(/^debugger-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(r.output).toBe(`Defaulting debug container name to ${dbg.name}.\nIf you don't see a command prompt, try pressing enter.\n`);
    expect((await run.exec('hostname')).output).toBe('sf-debug\n');
    expect((await run.exec('exit')).output).toBe(`Session ended, resume using 'kubectl attach sf-debug -c ${dbg.name} -i -t' command when the pod is running\n`);
    // The copy: the original's containers, without labels, annotations or probes; one process namespace; ptrace for the debugger.
    expect(copy.metadata?.labels).toBeUndefined();
    expect(copy.spec!.containers.map((c) => c.name)).toEqual(['storefront', dbg.name]);
    expect(copy.spec!.containers[0]!.readinessProbe).toBeUndefined();
    expect(copy.spec!.shareProcessNamespace).toBe(true);
    expect(dbg.securityContext).toEqual({ capabilities: { add: ['SYS_PTRACE'] } });
    expect([dbg.stdin, dbg.tty, dbg.terminationMessagePolicy]).toEqual([true, true, 'File']);
    // Scheduled afresh; the original is untouched and the Service's selector does not pick the copy.
    expect(copy.spec!.nodeName).toMatch(/^node-[12]$/);
    expect(get(run, name)?.metadata?.labels?.app).toBe('storefront');
  });

  it('changes the container -c names: --set-image and the command after --', async () => {
    const run = startFixture(SCENARIO);
    const name = storefront(run).metadata!.name!;
    const r = await run.exec(`kubectl debug ${name} --copy-to=sf2 --set-image=*=busybox:1.36 -c storefront -- sleep 1d`);
    expect(r.output).toBe(LEGACY);
    const copy = get(run, 'sf2')!;
    expect(copy.spec!.containers).toHaveLength(1);
    const c = copy.spec!.containers[0]!;
    expect([c.name, c.image, c.command, c.stdin]).toEqual(['storefront', 'busybox:1.36', ['sleep', '1d'], undefined]);
    // legacy drops the labels only: the probes stay.
    expect(copy.metadata?.labels).toBeUndefined();
    expect(c.readinessProbe?.httpGet?.path).toBe('/healthz');
  });

  it('--replace deletes the original; --same-node keeps its node; the token volume is not doubled', async () => {
    const run = startFixture(SCENARIO);
    const original = storefront(run);
    const name = original.metadata!.name!;
    const r = await run.exec(`kubectl debug ${name} --copy-to=sf5 --replace --same-node --share-processes=false --image=busybox -q --profile=general`);
    expect(r.output).toBe('');
    expect(get(run, name)).toBeUndefined();
    const copy = get(run, 'sf5')!;
    expect(copy.spec!.nodeName).toBe('node-1');
    expect(copy.spec!.shareProcessNamespace).toBe(false);
    const tokens = copy.spec!.volumes!.filter((v) => v.name.startsWith('kube-api-access-'));
    expect(tokens.map((v) => v.name)).toEqual(original.spec!.volumes!.filter((v) => v.name.startsWith('kube-api-access-')).map((v) => v.name));
    // The new container gets the existing token volume; the copied one keeps its single mount.
    expect(copy.spec!.containers.map((c) => (c.volumeMounts ?? []).filter((m) => m.mountPath === '/var/run/secrets/kubernetes.io/serviceaccount').length)).toEqual([1, 1]);
  });

  it.each([
    ['--copy-to=x', 'error: you must specify --image, --set-image or command arguments.\n'],
    ['--copy-to=x -- sh', 'error: you must specify an existing container or a new image when specifying args.\n'],
    ['--copy-to=x --image=busybox --target=storefront', 'error: --target is incompatible with --copy-to. Use --share-processes instead.\n'],
    ['--copy-to=x --set-image=storefront=Bad:Image', 'error: invalid image name "Bad:Image" for container "storefront": invalid reference format\n'],
    ['--image=busybox --replace', 'error: --replace may only be used with --copy-to.\n'],
    ['--image=busybox --same-node', 'error: --same-node may only be used with --copy-to.\n'],
    ['--image=busybox --set-image=*=busybox', 'error: --set-image may only be used with --copy-to.\n'],
  ])('%s', async (flags, expected) => {
    const run = startFixture(SCENARIO);
    const name = storefront(run).metadata!.name!;
    const r = await run.exec(`kubectl debug ${name} ${flags}`);
    expect(r.output).toBe(expected);
    expect(r.exitCode).toBe(1);
    expect(get(run, 'x')).toBeUndefined();
  });
});
