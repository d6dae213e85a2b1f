/**
 * `kubectl debug node/NODE` as kubectl 1.32 runs it. Texts pinned to
 * kubernetes/kubectl v0.32.0 pkg/cmd/debug/debug.go: Validate (l.344 "you
 * must specify --image when not using --copy-to.", l.350 invalid image name,
 * l.355 "NAME or filename is required for debug", l.386 -i/--stdin, l.402 the
 * legacy profile's deprecation), Run (l.438 "%q not supported by debug"),
 * generateNodeDebugPod (l.683 "Creating debugging pod %s with container %s on
 * node %s."; the pod: container `debugger`, nodeName, restartPolicy Never,
 * one toleration `operator: Exists`), profiles.go (legacy/general: host
 * namespaces and the node's root at /host; baseline: neither), NewProfileApplier
 * ("unknown profile: %s"), and pkg/cmd/attach/attach.go Run (l.310 "If you
 * don't see a command prompt, try pressing enter.") and reattachMessage
 * (l.350: nothing for a pod whose restartPolicy is not Always). busybox
 * cat/cd texts: coreutils/cat.c via libbb ("read error: Is a directory"),
 * shell/ash.c ("can't cd to %s").
 */
import { describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1.js';
import { onHost, startFixture, transcriptLines } from '../../helpers/scenario-run.js';
import type { ScenarioRun } from '../../../src/practice/run.js';

const SCENARIO = 'scenarios/services/service-empty-endpoints-selector.yaml';
const LEGACY = '--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".';
/** utilrand.String's alphabet (the debugging pod's name suffix). */
const SUFFIX = '[bcdfghjklmnpqrstvwxz2456789]{5}';

const lines = transcriptLines;

function debuggingPods(run: ScenarioRun): Pod[] {
  const list = run.cluster.adminClient().list('pods', 'default');
  if (!list.ok) throw new Error('list failed');
  return (list.value.items as unknown as Pod[]).filter((p) => p.metadata?.name?.startsWith('node-debugger-'));
}

describe('kubectl debug node/NODE -it', () => {
  it("attaches a shell in the node's namespaces, and leaves the pod when it exits", async () => {
    const run = startFixture(SCENARIO);
    const out = await lines(run, 'kubectl debug node/node-1 -it --image=busybox', 'hostname', 'netstat -lnt | grep 10250', 'cd /host', 'chroot /host', 'exit');
    const name = debuggingPods(run)[0]?.metadata?.name ?? '';
    expect(name).toMatch(new RegExp(`^node-debugger-node-1-${SUFFIX}$`));
    expect(out.join('\n')).toBe(
      [
        'learner@workstation:~$ kubectl debug node/node-1 -it --image=busybox',
        LEGACY,
        `Creating debugging pod ${name} with container debugger on node node-1.`,
        "If you don't see a command prompt, try pressing enter.",
        // hostNetwork: the node's name and the kubelet's own listening socket.
        '/ # hostname',
        'node-1',
        '/ # netstat -lnt | grep 10250',
        'tcp        0      0 :::10250                :::*                    LISTEN      ',
        '/ # cd /host',
        '/host # chroot /host',
        'kubedrill: chroot is not simulated inside containers; `ssh node-1` opens a shell on the node itself',
        // The last status (126) ends the shell; kubectl debug says nothing more (restartPolicy Never).
        '/host # exit',
      ].join('\n'),
    );
    expect(run.shell.prompt()).toBe('learner@workstation:~$ ');
    expect((await run.exec('echo $?')).output).toBe('0\n');
    run.cluster.advance(5_000);
    expect((await run.exec(`kubectl get pod ${name}`)).output).toMatch(new RegExp(`\\n${name} +0/1 +Error +0 +\\d+s\\n$`));
  });

  it("sees the node's own files under /host (the hostPath volume of the node's /)", async () => {
    const run = startFixture(SCENARIO);
    const onNode = await onHost(run, 'node-1', 'cat /var/lib/kubelet/config.yaml');
    await run.exec('exit');
    await run.exec('kubectl debug node/node-1 -it --image=busybox --profile=general');
    expect((await run.exec('cat /host/var/lib/kubelet/config.yaml')).output).toBe(onNode);
    await run.exec('cd /host/var/lib');
    expect((await run.exec('cat kubelet/config.yaml')).output).toBe(onNode);
    expect((await run.exec('cat ../lib/./kubelet/config.yaml')).output).toBe(onNode);
    await run.exec('cd /');
    const out = await lines(run, 'cd /host/etc/kubernetes', 'cd /host/nope', 'cat /host/etc', 'cat nope.conf', 'cat /etc/kubernetes/kubelet.conf');
    expect(out.join('\n')).toBe(
      [
        '/ # cd /host/etc/kubernetes',
        "/host/etc/kubernetes # cd /host/nope",
        "sh: cd: can't cd to /host/nope: No such file or directory",
        '/host/etc/kubernetes # cat /host/etc',
        'cat: read error: Is a directory',
        // A relative path is read from the shell's working directory and named as typed.
        '/host/etc/kubernetes # cat nope.conf',
        "cat: can't open 'nope.conf': No such file or directory",
        // Outside /host the container's own filesystem: busybox's, not the node's.
        '/host/etc/kubernetes # cat /etc/kubernetes/kubelet.conf',
        "cat: can't open '/etc/kubernetes/kubelet.conf': No such file or directory",
      ].join('\n'),
    );
  });

  it('creates the pod generateNodeDebugPod builds, with the legacy profile', async () => {
    const run = startFixture(SCENARIO);
    await run.exec('kubectl debug node/node-2 -it --image=busybox');
    const [pod] = debuggingPods(run);
    const spec = pod!.spec!;
    expect(spec.nodeName).toBe('node-2');
    expect(spec.restartPolicy).toBe('Never');
    expect(spec.tolerations?.[0]).toEqual({ operator: 'Exists' });
    expect([spec.hostNetwork, spec.hostPID, spec.hostIPC]).toEqual([true, true, true]);
    expect(spec.volumes?.find((v) => v.name === 'host-root')?.hostPath).toEqual({ path: '/' });
    const c = spec.containers[0]!;
    expect([c.name, c.image, c.stdin, c.tty, c.terminationMessagePolicy]).toEqual(['debugger', 'busybox', true, true, 'File']);
    expect(c.volumeMounts?.[0]).toEqual({ mountPath: '/host', name: 'host-root' });
  });

  it('draws the name suffix from the seeded random source: same scenario, same commands, same name', async () => {
    const names = [];
    for (let i = 0; i < 2; i++) {
      const run = startFixture(SCENARIO);
      await run.exec('kubectl debug node/node-1 --image=busybox');
      names.push(debuggingPods(run)[0]?.metadata?.name);
    }
    expect(names[0]).toBe(names[1]);
  });

  it('without -i creates the pod and returns; busybox without stdin exits at once', async () => {
    const run = startFixture(SCENARIO);
    const r = await run.exec('kubectl debug node/node-1 --image=busybox --profile=general -c probe');
    const name = debuggingPods(run)[0]?.metadata?.name ?? '';
    expect(r.output).toBe(`Creating debugging pod ${name} with container probe on node node-1.\n`);
    expect(r.exitCode).toBe(0);
    run.cluster.advance(10_000);
    expect((await run.exec(`kubectl get pod ${name}`)).output).toMatch(/ +0\/1 +Completed +0 +/);
  });

  it("shows a command's output once its container ended (attach falls back to the logs)", async () => {
    const run = startFixture(SCENARIO);
    const r = await run.exec('kubectl debug node/node-2 -q -it --image=busybox --profile=sysadmin -- ip route');
    expect(r.output.split('\n').slice(0, 2)).toEqual(['default via 10.0.0.1 dev ens3 ', '10.0.0.0/16 dev ens3 scope link  src 10.0.0.12 ']);
    expect(r.exitCode).toBe(0);
  });

  it('answers the `-- chroot /host` idiom honestly: not simulated, and where the node shell is', async () => {
    const run = startFixture(SCENARIO);
    const r = await run.exec('kubectl debug node/node-2 -q -it --image=busybox --profile=general -- chroot /host');
    expect(r.output).toBe('kubedrill: chroot is not simulated inside containers; `ssh node-2` opens a shell on the node itself\n');
    run.cluster.advance(2_000);
    expect(debuggingPods(run)[0]?.status?.containerStatuses?.[0]?.state?.terminated?.exitCode).toBe(126);
  });

  it('passes --env pairs (sorted: kubectl ranges over a map) and the command after --', async () => {
    const run = startFixture(SCENARIO);
    await run.exec('kubectl debug node/node-1 --image=busybox --profile=general --env=Z=1,A=2 --env=M=3,4 -- sleep 60');
    const c = debuggingPods(run)[0]!.spec!.containers[0]!;
    // One `=` is one pair, commas and all (string_to_string.go Set).
    expect(c.env).toEqual([{ name: 'A', value: '2' }, { name: 'M', value: '3,4' }, { name: 'Z', value: '1' }]);
    expect([c.command, c.args, c.stdin]).toEqual([['sleep', '60'], undefined, undefined]);
    await run.exec('kubectl debug node/node-2 --image=busybox --profile=general --arguments-only -- sleep 60');
    const d = debuggingPods(run).find((p) => p.spec?.nodeName === 'node-2')!.spec!.containers[0]!;
    expect([d.command, d.args]).toEqual([undefined, ['sleep', '60']]);
  });

  it("with --profile=baseline the pod keeps its own network namespace (and the cluster's DNS)", async () => {
    const run = startFixture(SCENARIO);
    await run.exec('kubectl debug node/node-1 -it --image=busybox --profile=baseline');
    const pod = debuggingPods(run)[0]!;
    expect(pod.spec?.hostNetwork).toBeUndefined();
    expect(pod.spec?.volumes?.some((v) => v.name === 'host-root')).toBe(false);
    expect((await run.exec('hostname')).output).toBe(`${pod.metadata?.name}\n`);
    expect((await run.exec('cat /etc/resolv.conf | grep search')).output).toBe('search default.svc.cluster.local svc.cluster.local cluster.local\n');
  });
});

describe('kubectl debug errors', () => {
  const cases: [string, string][] = [
    ['kubectl debug node/node-1', 'error: you must specify --image when not using --copy-to.\n'],
    ['kubectl debug node/node-1 --attach', 'error: you must specify --container or create a new container using --image in order to attach.\n'],
    // pflag's StringToString: a flag parse error, with cobra's usage hint.
    ['kubectl debug node/node-1 --image=busybox --env=B', `error: invalid argument "B" for "--env" flag: B must be formatted as key=value\nSee 'kubectl debug --help' for usage.\n`],
    ['kubectl debug node/node-1 --image=busybox --env=A=1,B=2,C', `error: invalid argument "A=1,B=2,C" for "--env" flag: C must be formatted as key=value\nSee 'kubectl debug --help' for usage.\n`],
    ['kubectl debug node/node-1 --image=busybox --image-pull-policy=Sometimes', 'error: invalid image pull policy: Sometimes\n'],
    ['kubectl debug node/node-1 -t --image=busybox', 'error: -i/--stdin is required for containers with -t/--tty=true\n'],
    ['kubectl debug --image=busybox', 'error: NAME or filename is required for debug\n'],
    ['kubectl debug node/node-1 --image=Busy:box', 'error: invalid image name "Busy:box": invalid reference format\n'],
    ['kubectl debug node/node-1 --image=busybox --profile=admin', 'error: unknown profile: admin\n'],
    ['kubectl debug node/nope -it --image=busybox', `${LEGACY}\nError from server (NotFound): nodes "nope" not found\n`],
    ['kubectl debug svc/storefront --image=busybox --profile=general', 'error: "/v1, Kind=Service" not supported by debug\n'],
    ['kubectl debug deploy/storefront --image=busybox --profile=general', 'error: "apps/v1, Kind=Deployment" not supported by debug\n'],
  ];
  it.each(cases)('%s', async (line, expected) => {
    const run = startFixture(SCENARIO);
    const r = await run.exec(line);
    expect(r.output).toBe(expected);
    expect(r.exitCode).toBe(1);
    expect(debuggingPods(run)).toEqual([]);
  });
});
