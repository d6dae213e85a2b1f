import { describe, it, expect } from 'vitest';
import { fakeSession, PODS } from './fakes.js';

describe('shell session: pipes and lists', () => {
  it('pipes the output of one command into the next', async () => {
    const sh = fakeSession();
    const r = await sh.exec('kubectl get pods | grep CrashLoop');
    expect(r).toEqual({
      output: 'checkout-7d4b9c8f6-fghij    0/1     CrashLoopBackOff   7 (2m ago)    2d\n',
      stdout: 'checkout-7d4b9c8f6-fghij    0/1     CrashLoopBackOff   7 (2m ago)    2d\n',
      stderr: '',
      exitCode: 0,
    });
  });

  it('chains several stages and reports the last status', async () => {
    const sh = fakeSession();
    expect((await sh.exec("kubectl get pods | grep -v NAME | awk '{print $1}' | wc -l")).output).toBe('3\n');
    const none = await sh.exec('kubectl get pods | grep Pending');
    expect(none).toMatchObject({ output: '', exitCode: 1 });
  });

  it('runs && only after success and || only after failure', async () => {
    const sh = fakeSession();
    expect((await sh.exec('false && echo no; true && echo yes')).output).toBe('yes\n');
    expect((await sh.exec('false || echo rescued')).output).toBe('rescued\n');
    expect((await sh.exec('true || echo no')).output).toBe('');
    expect((await sh.exec('false && echo a || echo b')).output).toBe('b\n');
    expect((await sh.exec('false; echo $?')).output).toBe('1\n');
  });

  it('shows stderr of early stages before the final stdout', async () => {
    const sh = fakeSession();
    const r = await sh.exec('kubectl bogus | wc -l');
    expect(r.output).toBe('error: unknown command "bogus" for "kubectl"\n0\n');
    expect(r.stderr).toBe('error: unknown command "bogus" for "kubectl"\n');
    expect(r.stdout).toBe('0\n');
    expect(r.exitCode).toBe(0);
  });

  it('inverts the status with !', async () => {
    const sh = fakeSession();
    expect((await sh.exec('! grep -q x')).exitCode).toBe(0);
  });
});

describe('shell session: quoting and expansion', () => {
  it('hands quoted words to commands verbatim', async () => {
    const sh = fakeSession();
    const r = await sh.exec(`kubectl args '{print $1}' "a  b" c\\ d 'it''s' "say \\"hi\\"" ''`);
    expect(r.output).toBe(`["{print $1}","a  b","c d","its","say \\"hi\\"",""]\n`);
  });

  it('expands variables in bare words and double quotes, not in single quotes', async () => {
    const sh = fakeSession({ env: { NS: 'kube-system' } });
    expect((await sh.exec(`kubectl args $NS "\${NS}x" '$NS'`)).output).toBe('["kube-system","kube-systemx","$NS"]\n');
    expect((await sh.exec('export WHO="a b"; kubectl args $WHO "$WHO" $UNSET')).output).toBe('["a","b","a b"]\n');
    expect((await sh.exec('kubectl args ~ ~/x "~"')).output).toBe('["/home/learner","/home/learner/x","~"]\n');
  });

  it('passes prefix assignments to the command only', async () => {
    const sh = fakeSession();
    expect((await sh.exec('FOO=1 kubectl env FOO; kubectl env FOO')).output).toBe('1\n\n');
    expect((await sh.exec('BAR=2; kubectl env BAR')).output).toBe('2\n');
  });

  it('drops a leading sudo and ignores comments', async () => {
    const sh = fakeSession();
    expect((await sh.exec('sudo kubectl args x # a comment')).output).toBe('["x"]\n');
    expect((await sh.exec('# only a comment')).output).toBe('');
  });
});

describe('shell session: redirections', () => {
  it('2>&1 sends stderr into the pipe', async () => {
    const sh = fakeSession();
    expect((await sh.exec('kubectl bogus 2>&1 | grep -c unknown')).output).toBe('1\n');
    expect((await sh.exec('kubectl bogus |& wc -l')).output).toBe('1\n');
  });

  it('discards output sent to /dev/null', async () => {
    const sh = fakeSession();
    expect(await sh.exec('kubectl bogus 2>/dev/null')).toEqual({ output: '', stdout: '', stderr: '', exitCode: 1 });
    expect((await sh.exec('kubectl get pods >/dev/null')).output).toBe('');
    expect((await sh.exec('kubectl bogus &>/dev/null')).output).toBe('');
    expect((await sh.exec('kubectl bogus >/dev/null 2>&1')).output).toBe('');
    expect((await sh.exec('kubectl bogus 2>&1 >/dev/null')).output).toBe('error: unknown command "bogus" for "kubectl"\n');
  });

  it('writes files into the host-local in-memory store and reads them back', async () => {
    const sh = fakeSession();
    expect((await sh.exec('kubectl get pods > pods.txt')).output).toBe('');
    expect((await sh.exec('echo extra >> pods.txt; grep -c . pods.txt')).output).toBe('5\n');
    expect((await sh.exec('wc -l < /home/learner/pods.txt')).output).toBe('5\n');
    expect((await sh.exec('cat pods.txt')).output).toBe(`${PODS}extra\n`);
    expect(await sh.exec('grep x missing.txt')).toMatchObject({ stderr: 'grep: missing.txt: No such file or directory\n', exitCode: 2 });
    expect(await sh.exec('wc < missing.txt')).toMatchObject({ stderr: 'bash: missing.txt: No such file or directory\n', exitCode: 1 });
  });
});

describe('shell session: errors', () => {
  it('answers syntax errors like bash with status 2', async () => {
    const sh = fakeSession();
    expect(await sh.exec('| grep x')).toMatchObject({ stderr: "bash: syntax error near unexpected token `|'\n", exitCode: 2 });
    expect((await sh.exec('echo a ;; echo b')).stderr).toBe("bash: syntax error near unexpected token `;;'\n");
    expect((await sh.exec('echo >')).stderr).toBe("bash: syntax error near unexpected token `newline'\n");
    expect((await sh.exec('echo a &&')).stderr).toBe('bash: syntax error: unexpected end of file\n');
    expect((await sh.exec("echo 'abc")).stderr).toBe("bash: unexpected EOF while looking for matching `''\n");
  });

  it('answers unknown commands with status 127', async () => {
    const sh = fakeSession();
    expect(await sh.exec('foo --bar')).toEqual({
      output: 'bash: foo: command not found\n',
      stdout: '',
      stderr: 'bash: foo: command not found\n',
      exitCode: 127,
    });
    expect((await sh.exec('journalctl -u kubelet')).stderr).toBe('bash: journalctl: command not found\n');
  });
});
