import { describe, it, expect } from 'vitest';
import { fakeSession } from './fakes.js';

describe('shell builtins', () => {
  it('echo supports -n, -e and joins words with one space', async () => {
    const sh = fakeSession();
    expect((await sh.exec('echo "a  b"   c')).output).toBe('a  b c\n');
    expect((await sh.exec('echo -n hi; echo')).output).toBe('hi\n');
    expect((await sh.exec("echo -e 'a\\tb'")).output).toBe('a\tb\n');
    expect((await sh.exec('echo -x')).output).toBe('-x\n');
  });

  it('printf reuses the format for extra arguments', async () => {
    const sh = fakeSession();
    expect((await sh.exec("printf '%s=%d\\n' a 1 b 2")).output).toBe('a=1\nb=2\n');
    expect((await sh.exec("printf '%5.1f|\\n' 3.14159")).output).toBe('  3.1|\n');
  });

  it('keeps history, numbered like bash, and exposes it to the UI', async () => {
    const sh = fakeSession();
    await sh.exec('kubectl get pods');
    await sh.exec('');
    await sh.exec('echo hi');
    expect((await sh.exec('history')).output).toBe('    1  kubectl get pods\n    2  echo hi\n    3  history\n');
    expect(sh.history()).toEqual(['kubectl get pods', 'echo hi', 'history']);
    expect((await sh.exec('history 1')).output).toBe('    4  history 1\n');
  });

  it('export sets variables; export alone lists them as declare -x', async () => {
    const sh = fakeSession({ env: { KUBECONFIG: '/home/learner/.kube/config' } });
    await sh.exec('export NS=prod');
    expect((await sh.exec('echo $NS')).output).toBe('prod\n');
    expect((await sh.exec('export | grep -e KUBECONFIG -e NS=')).output).toBe(
      'declare -x KUBECONFIG="/home/learner/.kube/config"\ndeclare -x NS="prod"\n',
    );
    expect(await sh.exec('export 1x=2')).toMatchObject({ stderr: "bash: export: `1x=2': not a valid identifier\n", exitCode: 1 });
  });

  it('which finds commands installed on this host', async () => {
    const sh = fakeSession();
    expect(await sh.exec('which kubectl grep')).toMatchObject({ output: '/usr/bin/kubectl\n/usr/bin/grep\n', exitCode: 0 });
    expect(await sh.exec('which journalctl')).toMatchObject({ output: '', exitCode: 1 });
  });

  it('cd is accepted, clear asks the UI to clear, true/false set the status', async () => {
    const sh = fakeSession();
    expect(await sh.exec('cd /etc/kubernetes')).toEqual({ output: '', stdout: '', stderr: '', exitCode: 0 });
    expect(await sh.exec('clear')).toEqual({ output: '', stdout: '', stderr: '', exitCode: 0, clearScreen: true });
    expect((await sh.exec('false')).exitCode).toBe(1);
    expect((await sh.exec('true')).exitCode).toBe(0);
  });

  it('runs /usr/bin paths of installed commands', async () => {
    const sh = fakeSession();
    expect((await sh.exec('echo a | /usr/bin/grep a')).output).toBe('a\n');
    expect(await sh.exec('/opt/tool')).toMatchObject({ stderr: 'bash: /opt/tool: No such file or directory\n', exitCode: 127 });
  });
});
