import { describe, it, expect } from 'vitest';
import { fakeSession } from './fakes.js';

describe('shell session: hosts, prompt and ssh', () => {
  it('starts on the workstation as learner', () => {
    const sh = fakeSession();
    expect(sh.prompt()).toBe('learner@workstation:~$ ');
    expect(sh.host()).toBe('workstation');
  });

  it('ssh enters a node as root and exit comes back', async () => {
    const sh = fakeSession();
    expect(await sh.exec('ssh node-2')).toEqual({ output: '', stdout: '', stderr: '', exitCode: 0 });
    expect(sh.prompt()).toBe('root@node-2:~# ');
    expect(sh.host()).toBe('node-2');
    expect((await sh.exec('journalctl -u kubelet')).output).toBe('journal of node-2\n');
    expect((await sh.exec('kubectl get pods')).output).toBe('bash: kubectl: command not found\n');
    expect(await sh.exec('exit')).toEqual({
      output: 'logout\nConnection to node-2 closed.\n',
      stdout: 'logout\n',
      stderr: 'Connection to node-2 closed.\n',
      exitCode: 0,
    });
    expect(sh.prompt()).toBe('learner@workstation:~$ ');
  });

  it('accepts user@host and sudo ssh, and logout leaves too', async () => {
    const sh = fakeSession();
    await sh.exec('sudo ssh -i ~/.ssh/id_ed25519 admin@node-1');
    expect(sh.prompt()).toBe('admin@node-1:~$ ');
    await sh.exec('logout');
    expect(sh.host()).toBe('workstation');
  });

  it('refuses hosts that are not cluster nodes', async () => {
    const sh = fakeSession();
    expect(await sh.exec('ssh foo')).toEqual({
      output: 'ssh: Could not resolve hostname foo: Name or service not known\n',
      stdout: '',
      stderr: 'ssh: Could not resolve hostname foo: Name or service not known\n',
      exitCode: 255,
    });
    expect(sh.host()).toBe('workstation');
  });

  it('runs a remote command without staying there', async () => {
    const sh = fakeSession();
    const r = await sh.exec('ssh node-1 journalctl -u kubelet | grep -c node-1');
    expect(r.output).toBe('1\n');
    expect(sh.host()).toBe('workstation');
  });

  it('exit on the workstation is a no-op that tells the UI', async () => {
    const sh = fakeSession();
    expect(await sh.exec('exit')).toEqual({ output: '', stdout: '', stderr: '', exitCode: 0, exitRequested: true });
    expect(sh.host()).toBe('workstation');
  });

  it('gives each host its own environment', async () => {
    const sh = fakeSession({ env: { EDITOR: 'vi' } });
    expect((await sh.exec('echo $USER $HOME $EDITOR')).output).toBe('learner /home/learner vi\n');
    await sh.exec('ssh node-1');
    expect((await sh.exec('echo $USER $HOME "$EDITOR"')).output).toBe('root /root \n');
  });

  it('keeps files per host', async () => {
    const sh = fakeSession();
    await sh.exec('echo here > note');
    await sh.exec('ssh node-1');
    expect((await sh.exec('cat note')).output).toBe('cat: note: No such file or directory\n');
    await sh.exec('exit');
    expect((await sh.exec('cat note')).output).toBe('here\n');
  });
});
