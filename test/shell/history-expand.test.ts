/**
 * bash's history expansion, pinned to bash 5 (bashhist.c pre_process_line: the
 * expanded line goes to stderr before the command runs; a failed event is
 * `internal_error`, i.e. `bash: !x: event not found`, and the line neither runs
 * nor enters the history) and readline's histexpand.c (what ends an event).
 * Checked against a capture of GNU bash 5.2.15 run interactively (`bash --norc -i`
 * reading `true`, `!nope`, `echo status=$?`, `echo one`, `!!`, `echo "!!"`):
 *   bash: !nope: event not found / status=0 / echo one (on stderr) / echo "echo one".
 */
import { describe, expect, it } from 'vitest';
import { expandHistory } from '../../src/shell/history-expand.js';
import { fakeSession } from './fakes.js';

const history = ['kubectl get pods', 'ssh node-2', 'journalctl -u kubelet', 'kubectl describe pod web'];

describe('expandHistory', () => {
  it('expands !!, !n, !-n, !prefix, !?text? and !$', () => {
    expect(expandHistory('!!', history)).toEqual({ ok: true, line: 'kubectl describe pod web', changed: true });
    expect(expandHistory('!1', history)).toEqual({ ok: true, line: 'kubectl get pods', changed: true });
    expect(expandHistory('!-2', history)).toEqual({ ok: true, line: 'journalctl -u kubelet', changed: true });
    expect(expandHistory('!ssh', history)).toEqual({ ok: true, line: 'ssh node-2', changed: true });
    expect(expandHistory('!kubectl -A', history)).toEqual({ ok: true, line: 'kubectl describe pod web -A', changed: true });
    expect(expandHistory('!?-u?', history)).toEqual({ ok: true, line: 'journalctl -u kubelet', changed: true });
    expect(expandHistory('echo !$', history)).toEqual({ ok: true, line: 'echo web', changed: true });
    expect(expandHistory('!! | grep web', history)).toEqual({ ok: true, line: 'kubectl describe pod web | grep web', changed: true });
    expect(expandHistory('!ssh;ls', history)).toEqual({ ok: true, line: 'ssh node-2;ls', changed: true });
  });

  it('leaves a ! alone before a blank, = or (, at the end, in single quotes or after a backslash', () => {
    for (const line of ['echo hi !', 'echo ! x', 'a!=b', "echo '!!'", 'echo \\!!', 'echo "hi!"', 'kubectl get pods']) {
      expect(expandHistory(line, history)).toEqual({ ok: true, line, changed: false });
    }
    // Double quotes do not protect it.
    expect(expandHistory('echo "!!"', history)).toEqual({ ok: true, line: 'echo "kubectl describe pod web"', changed: true });
  });

  it('reports an event that is not there', () => {
    expect(expandHistory('!nope', history)).toEqual({ ok: false, error: '!nope: event not found' });
    expect(expandHistory('!9', history)).toEqual({ ok: false, error: '!9: event not found' });
    expect(expandHistory('!!', [])).toEqual({ ok: false, error: '!!: event not found' });
    expect(expandHistory('!-5', history)).toEqual({ ok: false, error: '!-5: event not found' });
  });
});

describe('history expansion in the session', () => {
  it('is off unless asked for: bash expands history only when interactive', async () => {
    const sh = fakeSession();
    await sh.exec('echo one');
    expect((await sh.exec('echo !!')).output).toBe('!!\n');
  });

  it('prints the expanded line on stderr, runs it and remembers it', async () => {
    const sh = fakeSession({ historyExpansion: true });
    await sh.exec('kubectl get pods');
    const r = await sh.exec('!!');
    expect(r.stderr).toBe('kubectl get pods\n');
    expect(r.output.startsWith('kubectl get pods\nNAME ')).toBe(true);
    expect(r.expanded).toBe('kubectl get pods');
    expect(sh.history()).toEqual(['kubectl get pods', 'kubectl get pods']);
    expect((await sh.exec('history')).stdout).toBe('    1  kubectl get pods\n    2  kubectl get pods\n    3  history\n');
  });

  it('runs nothing for an event not found, keeps $? and remembers nothing', async () => {
    const sh = fakeSession({ historyExpansion: true });
    await sh.exec('false');
    const r = await sh.exec('!kub');
    expect(r).toEqual({ output: 'bash: !kub: event not found\n', stdout: '', stderr: 'bash: !kub: event not found\n', exitCode: 1, expansionFailed: true });
    expect(sh.history()).toEqual(['false']);
  });

  it('numbers lines of earlier sessions first (the history file)', async () => {
    const sh = fakeSession({ history: ['kubectl get pods', 'ssh node-1'], historyExpansion: true });
    expect((await sh.exec('!2')).stderr).toBe('ssh node-1\n');
    expect(sh.host()).toBe('node-1');
  });
});
