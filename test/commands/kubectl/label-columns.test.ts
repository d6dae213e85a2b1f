/**
 * `kubectl get -L/--label-columns`, pinned to kubectl 1.32:
 * - the flag is a pflag StringSlice (kubectl pkg/cmd/get/humanreadable_flags.go
 *   AddFlags: `StringSliceVarP(f.ColumnLabels, "label-columns", "L", ...)`), so
 *   `-L a,b -L c` means [a b c];
 * - kubernetes/cli-runtime pkg/printers/tableprinter.go decorateTable: the label
 *   columns come after the printer's columns and before LABELS (--show-labels),
 *   NAMESPACE (-A) stays first; formatLabelHeaders upper-cases the key's last
 *   `/` segment; labelValues prints `itemLabels[key]`, the empty string when the
 *   label is missing (not `<none>`), and the tabwriter pads that empty cell.
 */
import { describe, it, expect } from 'vitest';
import { TestCluster, pod, running, node } from './harness.js';

function seeded(): TestCluster {
  const c = new TestCluster();
  const ssd = node('node-1');
  ssd.metadata.labels.disktype = 'ssd';
  c.add(ssd);
  c.add(node('node-2'));
  c.add(pod('web-1', { node: 'node-1', labels: { app: 'web', tier: 'front' }, status: running() }));
  c.add(pod('web-2', { node: 'node-1', labels: { app: 'web' }, status: running(['app'], '10.244.1.6') }));
  c.advance(5 * 60_000);
  return c;
}

describe('kubectl get -L', () => {
  it('adds an upper-cased column per label key, empty where the label is missing', async () => {
    const c = seeded();
    expect(await c.run('get nodes -L disktype')).toEqual({
      stdout:
        'NAME     STATUS   ROLES    AGE   VERSION   DISKTYPE\n' + //
        'node-1   Ready    <none>   5m    v1.32.4   ssd\n' +
        'node-2   Ready    <none>   5m    v1.32.4   \n',
      stderr: '',
      exitCode: 0,
    });
  });

  it('takes comma lists and repeats, in order, headed by the last segment of a prefixed key', async () => {
    const c = seeded();
    const expected =
      'NAME     STATUS   ROLES    AGE   VERSION   HOSTNAME   DISKTYPE\n' + //
      'node-1   Ready    <none>   5m    v1.32.4   node-1     ssd\n' +
      'node-2   Ready    <none>   5m    v1.32.4   node-2     \n';
    for (const line of ['get nodes -L kubernetes.io/hostname,disktype', 'get nodes -L kubernetes.io/hostname -L disktype', 'get nodes --label-columns=kubernetes.io/hostname --label-columns disktype', 'get nodes -Lkubernetes.io/hostname,disktype']) {
      expect((await c.run(line)).stdout, line).toBe(expected);
    }
  });

  it('sits after the wide columns, after NAMESPACE with -A, and before LABELS', async () => {
    const c = seeded();
    expect((await c.run('get pods -A -o wide -L tier --show-labels')).stdout).toBe(
      // (The harness's pods have no status.podIPs, hence IP <none>.)
      'NAMESPACE   NAME    READY   STATUS    RESTARTS   AGE   IP       NODE     NOMINATED NODE   READINESS GATES   TIER    LABELS\n' +
        'default     web-1   1/1     Running   0          5m    <none>   node-1   <none>           <none>            front   app=web,tier=front\n' +
        'default     web-2   1/1     Running   0          5m    <none>   node-1   <none>           <none>                    app=web\n',
    );
  });

  it('adds nothing for an empty value and reads no prototype keys', async () => {
    const c = seeded();
    const plain = (await c.run('get pods')).stdout;
    expect((await c.run("get pods -L ''")).stdout).toBe(plain);
    expect((await c.run('get pods -L constructor')).stdout).toBe(
      'NAME    READY   STATUS    RESTARTS   AGE   CONSTRUCTOR\n' + //
        'web-1   1/1     Running   0          5m    \n' +
        'web-2   1/1     Running   0          5m    \n',
    );
  });
});
