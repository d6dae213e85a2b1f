import { describe, it, expect } from 'vitest';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';
import { runKubectl } from '../../../src/commands/kubectl/kubectl.js';
import { TestCluster, node, pod, running, words } from './harness.js';

function setup() {
  const c = new TestCluster();
  c.add(node('node-1'));
  c.add(pod('web-1', { node: 'node-1', status: running() }));
  c.add(pod('db-1', { node: 'node-1', status: { phase: 'Pending' } }));
  const run = (line: string, canFollow = true) => runKubectl(words(line), { ...c.context(), canFollow });
  const podObj = (name: string) => {
    const r = c.sys.get('pods', 'default', name);
    if (!r.ok) throw new Error(r.status.message);
    return r.value;
  };
  const setStatus = (name: string, status: unknown) => {
    const r = c.sys.updateStatus('pods', 'default', { ...podObj(name), status } as KubeObject);
    if (!r.ok) throw new Error(r.status.message);
  };
  return { c, run, setStatus };
}

const RUNNING_LONG = {
  ...running(),
  containerStatuses: [{ name: 'app', ready: false, restartCount: 12, image: 'nginx:1.25', imageID: '', started: false, state: { waiting: { reason: 'CrashLoopBackOff' } } }],
  conditions: [{ type: 'Ready', status: 'False' }],
};

describe('kubectl get -w', () => {
  it('prints the table once when the terminal cannot follow', async () => {
    const { run } = setup();
    const r = await run('get pods -w', false);
    expect(r.follow).toBeUndefined();
    expect(r.stdout).toBe((await run('get pods', false)).stdout);
  });

  it('prints the table, then one row per change padded to the widths seen so far (tabwriter RememberWidths)', async () => {
    const { c, run, setStatus } = setup();
    const r = await run('get pods -w');
    expect(r.stdout).toBe((await run('get pods', false)).stdout);
    expect(r.stdout).toBe(
      'NAME    READY   STATUS    RESTARTS   AGE\n' +
        'db-1    0/1     Pending   0          0s\n' +
        'web-1   1/1     Running   0          0s\n',
    );
    expect(r.follow?.next()).toBe('');
    c.advance(5_000);
    setStatus('web-1', RUNNING_LONG);
    c.advance(1);
    // STATUS grows to fit CrashLoopBackOff; RESTARTS stays at its header width.
    expect(r.follow?.next()).toBe('web-1   0/1     CrashLoopBackOff   12         5s\n');
    setStatus('db-1', running());
    c.advance(1);
    // Widths never shrink: a later short row keeps the wider STATUS column.
    expect(r.follow?.next()).toBe('db-1    1/1     Running            0          5s\n');
    expect(r.follow?.next()).toBe('');
  });

  it('shows new objects, changes and graceful deletion (Terminating), each row flushed on its own; a named watch shows only its object', async () => {
    const { c, run, setStatus } = setup();
    const named = await run('get pod web-1 -w');
    const all = await run('get pods -w');
    c.add(pod('cache-1', { node: 'node-1' }));
    setStatus('web-1', RUNNING_LONG);
    c.sys.delete('pods', 'default', 'db-1');
    c.advance(1);
    expect(all.follow?.next()).toBe(
      'cache-1   0/1     Pending   0          0s\n' +
        'web-1     0/1     CrashLoopBackOff   12         0s\n' +
        'db-1      0/1     Terminating        0          0s\n',
    );
    expect(named.follow?.next()).toBe('web-1   0/1     CrashLoopBackOff   12         0s\n');
  });

  it('--watch-only prints nothing first, then the header with the first row; stop() ends the watch', async () => {
    const { c, run, setStatus } = setup();
    const r = await run('get pods --watch-only');
    expect(r.stdout).toBe('');
    setStatus('db-1', running());
    c.advance(1);
    expect(r.follow?.next()).toBe('NAME   READY   STATUS    RESTARTS   AGE\ndb-1   1/1     Running   0          0s\n');
    r.follow?.stop?.();
    setStatus('web-1', RUNNING_LONG);
    c.advance(1);
    expect(r.follow?.next()).toBe('');
  });

  it('an empty list says so on stderr, and the first object brings the header', async () => {
    const { c, run } = setup();
    const r = await run('get pods -n kube-public -w');
    expect(r).toMatchObject({ stdout: '', stderr: 'No resources found in kube-public namespace.\n', exitCode: 0 });
    c.add(pod('x', { ns: 'kube-public' }));
    c.advance(1);
    expect(r.follow?.next()).toBe('NAME   READY   STATUS    RESTARTS   AGE\nx      0/1     Pending   0          0s\n');
  });
});
