/**
 * The kubelet's quiet status ticks (runtime-status-inputs.ts) against a
 * reference that reads every input at every tick, as upstream's setters do:
 * the same store (node statuses, events, resourceVersions) and the same
 * journals at every step, while a disk fills, containerd stops, the CNI
 * configuration goes and comes back and an image is pulled.
 */
import { describe, it, expect, vi } from 'vitest';
import { smallCluster } from './harness.js';
import { dumpStore } from '../../helpers/store-dump.js';
import type { Cluster } from '../../../src/cluster/cluster.js';
import { RuntimeState } from '../../../src/cluster/kubelet/runtime-state.js';
import { ImageStore } from '../../../src/cluster/runtime/image-store.js';
import { CNI_CONF_DIR } from '../../../src/cluster/runtime/cni.js';

type Obj = Record<string, any>;

/**
 * Runs `fn` with nothing remembered between ticks: the runtime state never
 * counts as settled and the image store seems changed at every look, so the
 * status loop reads the Ready errors and rebuilds the image list each time.
 */
function recomputing<T>(fn: () => T): T {
  let version = 0;
  const settled = vi.spyOn(RuntimeState.prototype, 'settled').mockReturnValue(false);
  const images = vi.spyOn(ImageStore.prototype, 'version', 'get').mockImplementation(() => ++version);
  try {
    return fn();
  } finally {
    settled.mockRestore();
    images.mockRestore();
  }
}

/** Every node's journal, as text. */
function journals(cluster: Cluster): string {
  return [...cluster.nodes].map(([name, n]) => `${name}\n${n.host.journal.all().map((e) => `${e.time} ${e.unit} ${e.message}`).join('\n')}`).join('\n');
}

const condition = (cluster: Cluster, node: string, type: string): Obj => ((cluster.store.get('nodes', undefined, node)!.status as Obj).conditions as Obj[]).find((c) => c.type === type)!;

/** Runs `fn`, counting the runtime state's Ready-error reads. */
function countReadyReads(fn: () => void): number {
  const spy = vi.spyOn(RuntimeState.prototype, 'readyErrors');
  try {
    fn();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe('quiet node status ticks', () => {
  it('post what reading every input posts, through disk pressure, containerd down, CNI config gone and an image pull', () => {
    const quiet = smallCluster();
    const reference = recomputing(() => smallCluster());
    const both = (change: (c: Cluster) => void) => {
      change(quiet);
      recomputing(() => change(reference));
    };
    /**
     * Runs both `steps` × `stepMs` forward, expecting the same store and journals at every step; returns how
     * many times the quiet cluster's kubelets read their Ready errors, and the reference's.
     */
    const stepTogether = (steps: number, stepMs: number) => {
      const reads = { quiet: 0, reference: 0 };
      for (let i = 0; i < steps; i++) {
        reads.quiet += countReadyReads(() => quiet.advance(stepMs));
        reads.reference += countReadyReads(() => recomputing(() => reference.advance(stepMs)));
        expect(dumpStore(quiet)).toBe(dumpStore(reference));
        expect(journals(quiet)).toBe(journals(reference));
      }
      return reads;
    };
    expect(dumpStore(quiet)).toBe(dumpStore(reference));

    // Quiet: three nodes, two minutes, twelve status ticks each. The reference reads at every tick (and the pod
    // workers read the network's error too); the quiet kubelets read nothing.
    expect(stepTogether(12, 10_000)).toEqual({ quiet: 0, reference: expect.toSatisfy((n: number) => n >= 36) });

    // node-1's disk fills (a 48 GiB file on a 50 GiB disk): DiskPressure, the eviction manager reclaims.
    both((c) => c.nodes.get('node-1')!.host.fs.write('/var/log/app/debug.log', 'x', { sizeBytes: 48 * 1024 ** 3 }));
    stepTogether(4, 3_700);
    expect(condition(quiet, 'node-1', 'DiskPressure').status).toBe('True');
    // The file goes; the condition holds for the 5-minute transition period, and garbage collection stops.
    both((c) => c.nodes.get('node-1')!.host.fs.remove('/var/log/app/debug.log'));
    stepTogether(2, 3_700);

    // containerd stops on node-2: 30 s later the runtime is down and the node NotReady.
    both((c) => c.nodes.get('node-2')!.host.unit('containerd')!.stop());
    stepTogether(20, 2_500);
    expect(condition(quiet, 'node-2', 'Ready')).toMatchObject({ status: 'False', message: expect.stringContaining('container runtime is down') });

    // node-1's CNI configuration is removed: NetworkReady=false makes it NotReady.
    const cniFiles = new Map<Cluster, { path: string; text: string }[]>();
    both((c) => {
      const fs = c.nodes.get('node-1')!.host.fs;
      const files = (fs.list(CNI_CONF_DIR) ?? []).filter((e) => e.kind === 'file').map((e) => ({ path: e.path, text: fs.read(e.path)! }));
      cniFiles.set(c, files);
      for (const f of files) fs.remove(f.path);
    });
    stepTogether(6, 3_700);
    expect(condition(quiet, 'node-1', 'Ready')).toMatchObject({ status: 'False', message: expect.stringContaining('network not ready') });

    // An image is pulled on node-1: it shows in the node's images.
    both((c) => expect(c.nodes.get('node-1')!.runtime.pullImage('busybox:1.36').ok).toBe(true));
    stepTogether(4, 3_700);
    const images = (quiet.store.get('nodes', undefined, 'node-1')!.status as Obj).images as Obj[];
    expect(images.some((i) => (i.names as string[]).includes('docker.io/library/busybox:1.36'))).toBe(true);

    // Everything comes back: the CNI files, containerd.
    both((c) => {
      const fs = c.nodes.get('node-1')!.host.fs;
      for (const f of cniFiles.get(c)!) fs.write(f.path, f.text);
      c.nodes.get('node-2')!.host.unit('containerd')!.start();
    });
    stepTogether(12, 5_300);
    expect(condition(quiet, 'node-1', 'Ready').status).toBe('True');
    expect(condition(quiet, 'node-2', 'Ready').status).toBe('True');

    // containerd restarts on node-1 between two status ticks: nothing to report, but the runtime state moved.
    both((c) => c.nodes.get('node-1')!.host.unit('containerd')!.restart());
    stepTogether(8, 2_500);

    // Quiet again: the skip is back.
    expect(stepTogether(6, 10_000).quiet).toBe(0);
  });
});
