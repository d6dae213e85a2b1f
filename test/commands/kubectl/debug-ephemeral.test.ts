/**
 * `kubectl debug POD --image=IMAGE -it [--target=C] [-c NAME]`: an ephemeral
 * container, the real answer to an image without a shell. Texts pinned to
 * kubernetes/kubectl v0.32.0 pkg/cmd/debug/debug.go (l.379 "Targeting
 * container %q. If you don't see processes …", l.832 "Defaulting debug
 * container name to %s.", computeDebugContainerName's `debugger-` and five
 * random characters), pkg/cmd/attach/attach.go reattachMessage (l.350, the
 * ephemeral container's words), pkg/describe/describe.go describePod
 * ("Ephemeral Containers:"), and the API server's
 * pkg/apis/core/validation/validation.go (validateEphemeralContainers:
 * Duplicate value, targetContainerName Not found;
 * ValidatePodEphemeralContainersUpdate: "static pods do not support
 * ephemeral containers"), as kubectl's checkErr prints a 422 ("The Pod %q is
 * invalid: field: message").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1.js';
import { startFixture, transcriptLines } from '../../helpers/scenario-run.js';
import type { ScenarioRun } from '../../../src/practice/run.js';

// The storefront image has no shell: `kubectl exec -- sh` cannot help, an ephemeral busybox can.
const SCENARIO = 'scenarios/services/service-empty-endpoints-selector.yaml';
const LEGACY = '--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".';

const lines = transcriptLines;

function pod(run: ScenarioRun, name: string): Pod {
  const r = run.cluster.adminClient().get('pods', 'default', name);
  if (!r.ok) throw new Error(`no pod ${name}`);
  return r.value as unknown as Pod;
}

/** The storefront pod on node-1 (its name comes from the ReplicaSet's random suffix). */
function storefront(run: ScenarioRun): string {
  const list = run.cluster.adminClient().list('pods', 'default', { labelSelector: 'app=storefront' });
  if (!list.ok) throw new Error('list failed');
  return (list.value.items as unknown as Pod[]).find((p) => p.spec?.nodeName === 'node-1')!.metadata!.name!;
}

describe('kubectl debug POD -it --image=busybox --target=CONTAINER', () => {
  let run: ScenarioRun;
  let name: string;
  let out: string[];
  beforeAll(async () => {
    run = startFixture(SCENARIO);
    name = storefront(run);
    out = await lines(run, `kubectl exec -it ${name} -- sh`, `kubectl debug ${name} -it --image=busybox --target=storefront`, 'hostname', 'netstat -lnt', 'wget -qO- -T 2 http://localhost:8080/healthz', 'cd /etc', 'cat resolv.conf | grep search', 'exit');
  });

  it("runs a shell beside the app, in the pod's network namespace, where exec into the app's image cannot", () => {
    const debugger_ = pod(run, name).spec?.ephemeralContainers?.[0]?.name ?? '';
    expect(debugger_).toMatch(/^debugger-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(out.slice(0, 2).join('\n')).toMatch(/exec: "sh": executable file not found in \$PATH: unknown$/);
    expect(out.slice(2).join('\n')).toBe(
      [
        `learner@workstation:~$ kubectl debug ${name} -it --image=busybox --target=storefront`,
        `Targeting container "storefront". If you don't see processes from this container it may be because the container runtime doesn't support this feature.`,
        LEGACY,
        `Defaulting debug container name to ${debugger_}.`,
        "If you don't see a command prompt, try pressing enter.",
        '/ # hostname',
        name,
        '/ # netstat -lnt',
        'Active Internet connections (only servers)',
        'Proto Recv-Q Send-Q Local Address           Foreign Address         State       ',
        'tcp        0      0 :::8080                 :::*                    LISTEN      ',
        '/ # wget -qO- -T 2 http://localhost:8080/healthz',
        'ok',
        // The pod's resolv.conf, read relative to the shell's working directory.
        '/ # cd /etc',
        '/etc # cat resolv.conf | grep search',
        'search default.svc.cluster.local svc.cluster.local cluster.local',
        '/etc # exit',
        `Session ended, the ephemeral container will not be restarted but may be reattached using 'kubectl attach ${name} -c ${debugger_} -i -t' if it is still running`,
      ].join('\n'),
    );
  });

  it('adds the container through the ephemeralcontainers subresource: the spec as kubectl built it, the status from the kubelet', () => {
    const p = pod(run, name);
    const ec = p.spec!.ephemeralContainers![0]!;
    expect([ec.image, ec.targetContainerName, ec.stdin, ec.tty, ec.imagePullPolicy]).toEqual(['busybox', 'storefront', true, true, 'Always']);
    const status = p.status!.ephemeralContainerStatuses![0]!;
    expect(status.name).toBe(ec.name);
    expect(status.state?.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
    expect([status.ready, status.restartCount, status.started]).toEqual([false, 0, undefined]);
    // The app is untouched: still running and ready, never restarted.
    expect(p.status!.phase).toBe('Running');
    expect(p.status!.containerStatuses![0]).toMatchObject({ name: 'storefront', ready: true, restartCount: 0 });
  });

  it('never restarts an ephemeral container, and describe lists it under Ephemeral Containers', async () => {
    run.cluster.advance(60_000);
    const ec = pod(run, name).status!.ephemeralContainerStatuses![0]!;
    expect([ec.restartCount, ec.state?.terminated?.reason]).toEqual([0, 'Completed']);
    const text = (await run.exec(`kubectl describe pod ${name}`)).output;
    const block = text.slice(text.indexOf('Ephemeral Containers:'), text.indexOf('Conditions:'));
    expect(block.split('\n').filter((l) => !/Container ID|Image ID|Started|Finished/.test(l))).toEqual([
      'Ephemeral Containers:',
      `  ${ec.name}:`,
      '    Image:          busybox',
      '    Port:           <none>',
      '    Host Port:      <none>',
      '    State:          Terminated',
      '      Reason:       Completed',
      '      Exit Code:    0',
      '    Ready:          False',
      '    Restart Count:  0',
      '    Environment:    <none>',
      '    Mounts:         <none>',
      '',
    ]);
  });
});

describe('kubectl debug POD without a terminal', () => {
  it('keeps the shell running on its open stdin; kubectl exec reaches the ephemeral container', async () => {
    const run = startFixture(SCENARIO);
    const name = storefront(run);
    const r = await run.exec(`kubectl debug ${name} -i --image=busybox -c tools --profile=general`);
    expect(r.output).toBe("If you don't see a command prompt, try pressing enter.\n");
    expect(pod(run, name).spec?.ephemeralContainers?.[0]?.securityContext).toEqual({ capabilities: { add: ['SYS_PTRACE'] } });
    run.cluster.advance(30_000);
    expect((await run.exec(`kubectl exec ${name} -c tools -- hostname`)).output).toBe(`${name}\n`);
  });
});

describe('kubectl debug POD, a second time', () => {
  // debugByEphemeralContainer sends CreateTwoWayMergePatch(pod, debugPod): with its $setElementOrder the new container comes last.
  it('adds the second ephemeral container after the first', async () => {
    const run = startFixture(SCENARIO);
    const name = storefront(run);
    await run.exec(`kubectl debug ${name} -i --image=busybox -c first --profile=general`);
    await run.exec(`kubectl debug ${name} -i --image=busybox -c second --profile=general`);
    expect(pod(run, name).spec?.ephemeralContainers?.map((c) => c.name)).toEqual(['first', 'second']);
  });
});

describe('kubectl debug POD -- COMMAND', () => {
  it("shows the command's output (attach falls back to the logs), which kubectl logs -c reads too", async () => {
    const run = startFixture(SCENARIO);
    const name = storefront(run);
    const r = await run.exec(`kubectl debug ${name} -q -it --image=busybox --profile=general -c tools -- nslookup storefront`);
    const logs = await run.exec(`kubectl logs ${name} -c tools`);
    expect(logs.exitCode).toBe(0);
    expect(logs.output).toMatch(/^Server:\t\t10\.96\.0\.10\n/);
    expect(r.output).toBe(logs.output);
  });
});

describe('kubectl debug POD with an image that cannot be pulled', () => {
  it("passes on the container's waiting message as a warning while it waits (debug.go waitForContainer)", async () => {
    const run = startFixture(SCENARIO);
    const name = storefront(run);
    const r = await run.exec(`kubectl debug ${name} -it --image=busybx:1.0 --profile=general -c dbg`);
    const out = r.output.split('\n').filter(Boolean);
    expect(out[0]).toMatch(/^Warning: container dbg: rpc error: code = Unknown desc = failed to pull and unpack image "docker.io\/library\/busybx:1.0"/);
    expect(out.slice(0, -1).every((l) => l.startsWith('Warning: container dbg: '))).toBe(true);
    expect(out.some((l) => l.startsWith('Warning: container dbg: Back-off pulling image "busybx:1.0"'))).toBe(true);
    // No timeout upstream (a learner presses Ctrl+C); the simulation stops after a minute as an expired watch does.
    expect(out.at(-1)).toBe('error: timed out waiting for the condition');
    expect(r.exitCode).toBe(1);
    expect(pod(run, name).status?.ephemeralContainerStatuses?.[0]?.state?.waiting?.reason).toBe('ImagePullBackOff');
  });
});

describe('kubectl debug POD refused by the API server', () => {
  it.each([
    ['--target=nope', 'spec.ephemeralContainers[0].targetContainerName: Not found: "nope"'],
    ['-c storefront', 'spec.ephemeralContainers[0].name: Duplicate value: "storefront"'],
  ])('%s', async (flag, cause) => {
    const run = startFixture(SCENARIO);
    const name = storefront(run);
    const r = await run.exec(`kubectl debug ${name} --image=busybox --profile=general -q ${flag}`);
    expect(r.output).toBe(`The Pod "${name}" is invalid: ${cause}\n`);
    expect(r.exitCode).toBe(1);
    expect(pod(run, name).spec?.ephemeralContainers).toBeUndefined();
  });

  it('refuses a static pod, and names a pod that does not exist', async () => {
    const run = startFixture(SCENARIO);
    const r = await run.exec('kubectl debug -n kube-system kube-apiserver-cp-1 --image=busybox --profile=general -c dbg');
    expect(r.output).toBe('The Pod "kube-apiserver-cp-1" is invalid: : Forbidden: static pods do not support ephemeral containers\n');
    expect((await run.exec('kubectl debug nope --image=busybox --profile=general')).output).toBe('Error from server (NotFound): pods "nope" not found\n');
  });
});
