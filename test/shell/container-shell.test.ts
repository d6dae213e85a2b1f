/**
 * `kubectl exec -it POD -- sh` and `kubectl run -it … -- sh`: the learner's
 * next lines run in the container's shell, which speaks as the image's own
 * shell does, until its `exit`. Texts: busybox shell/ash.c (PS1 `\w \$ `,
 * "%s: not found", "can't cd to %s"), dash src/exec.c and src/cd.c
 * ("<arg0>: <line>: %s: not found"), bash execute_cmd.c ("command not
 * found") and builtins/exit.def (`exit` on leaving), Debian's bashrc PS1
 * `\u@\h:\w\$ `, kubectl 1.32 pkg/cmd/exec ("command terminated with exit
 * code N") and pkg/cmd/attach/attach.go reattachMessage.
 */
import { describe, expect, it } from 'vitest';
import { startFixture, transcriptLines } from '../helpers/scenario-run.js';

const SCENARIO = 'scenarios/services/service-empty-endpoints-selector.yaml';

const lines = transcriptLines;

describe('kubectl exec -it into a busybox container', () => {
  it("runs the learner's lines in the container with busybox ash's prompt and words", async () => {
    const run = startFixture(SCENARIO);
    await run.exec('kubectl run tools --image=busybox -- sleep 3600');
    run.cluster.advance(10_000);
    const out = await lines(run, 'kubectl exec -it tools -- sh', 'hostname', 'cat /etc/resolv.conf | grep search', 'curl http://storefront', 'cd /tmp', 'pwd', 'cd /nope', 'cd', 'exit 3');
    expect(out.join('\n')).toBe(
      [
        'learner@workstation:~$ kubectl exec -it tools -- sh',
        '/ # hostname',
        'tools',
        '/ # cat /etc/resolv.conf | grep search',
        'search default.svc.cluster.local svc.cluster.local cluster.local',
        '/ # curl http://storefront',
        'sh: curl: not found',
        '/ # cd /tmp',
        '/tmp # pwd',
        '/tmp',
        '/tmp # cd /nope',
        "sh: cd: can't cd to /nope: No such file or directory",
        '/tmp # cd',
        '~ # exit 3',
        'command terminated with exit code 3',
      ].join('\n'),
    );
    expect(run.shell.prompt()).toBe('learner@workstation:~$ ');
    expect((await run.exec('echo $?')).output).toBe('3\n');
  });

  it("reaches Services from the pod's network namespace", async () => {
    const run = startFixture(SCENARIO);
    await run.exec('kubectl run tools --image=busybox -- sleep 3600');
    run.cluster.advance(10_000);
    await run.exec('kubectl exec -it tools -- sh');
    const ip = (await run.exec('nslookup storefront.default.svc.cluster.local | grep -A1 Name | tail -1')).output;
    expect(ip).toMatch(/^Address: 10\.\d+\.\d+\.\d+\n$/);
    // The Service selects no pod: kube-proxy's REJECT answers for it.
    const r = await run.exec('wget -qO- -T 2 http://storefront');
    expect(r.output).toBe(`wget: can't connect to remote host (${ip.slice(9, -1)}): Connection refused\n`);
    expect(r.exitCode).toBe(1);
  });

  it('ends the session when the pod is gone', async () => {
    const run = startFixture(SCENARIO);
    await run.exec('kubectl run tools --image=busybox -- sleep 3600');
    run.cluster.advance(10_000);
    await run.exec('kubectl exec -it tools -- sh');
    run.cluster.adminClient().delete('pods', 'default', 'tools');
    run.cluster.advance(60_000);
    const r = await run.exec('hostname');
    expect(r.output).toBe('error: pods "tools" not found\n');
    expect(run.shell.prompt()).toBe('learner@workstation:~$ ');
  });
});

describe('kubectl run --rm -it', () => {
  it('attaches the terminal to the shell, and on exit ends the pod and deletes it', async () => {
    const run = startFixture(SCENARIO);
    const out = await lines(run, 'kubectl run tmp --rm -it --image=busybox --restart=Never -- sh', 'hostname', 'exit');
    expect(out.join('\n')).toBe(
      [
        'learner@workstation:~$ kubectl run tmp --rm -it --image=busybox --restart=Never -- sh',
        "If you don't see a command prompt, try pressing enter.",
        '/ # hostname',
        'tmp',
        '/ # exit',
        'pod "tmp" deleted',
      ].join('\n'),
    );
    expect(run.cluster.adminClient().get('pods', 'default', 'tmp').ok).toBe(false);
  });

  it("passes on a failed shell's status as kubectl run does", async () => {
    const run = startFixture(SCENARIO);
    await run.exec('kubectl run tmp --rm -it --image=busybox --restart=Never -- sh');
    const r = await run.exec('exit 2');
    expect(r.output).toBe(`pod "tmp" deleted\npod default/tmp terminated (Error)\n`);
    expect(r.exitCode).toBe(2);
  });

  it("a shell keeps a pod without --restart=Never running, and comes back after exit (restartPolicy Always)", async () => {
    const run = startFixture(SCENARIO);
    await run.exec('kubectl run keep -it --image=busybox');
    expect(run.shell.prompt()).toBe('/ # ');
    // attach.go reattachMessage (1.32): only a pod that restarts its containers can be attached again.
    expect((await run.exec('exit')).output).toBe("Session ended, resume using 'kubectl attach keep -c keep -i -t' command when the pod is running\n");
    run.cluster.advance(10_000);
    expect((await run.exec('kubectl get pod keep')).output).toMatch(/\nkeep +1\/1 +Running +1 \(\d+s ago\) +\d+s\n$/);
  });
});

describe('the shells of Debian images', () => {
  it("bash reads Debian's bashrc and says exit as it leaves", async () => {
    const run = startFixture(SCENARIO);
    const out = await lines(run, 'kubectl run web --rm -it --image=nginx --restart=Never -- bash', 'ping -c 1 10.96.0.1', 'cd /etc', 'exit');
    expect(out.slice(2).join('\n')).toBe(['root@web:/# ping -c 1 10.96.0.1', 'bash: ping: command not found', 'root@web:/# cd /etc', 'root@web:/etc# exit', 'exit', 'pod "web" deleted'].join('\n'));
  });

  it('sh is dash: a bare prompt, messages numbered by the line typed, and exit keeps the last status', async () => {
    const run = startFixture(SCENARIO);
    await run.exec('kubectl run web --image=nginx');
    run.cluster.advance(10_000);
    const out = await lines(run, 'kubectl exec -it web -- sh', 'nslookup web', 'wget http://web', 'exit');
    expect(out.join('\n')).toBe(['learner@workstation:~$ kubectl exec -it web -- sh', '# nslookup web', 'sh: 1: nslookup: not found', '# wget http://web', 'sh: 2: wget: not found', '# exit', 'command terminated with exit code 127'].join('\n'));
  });
});
