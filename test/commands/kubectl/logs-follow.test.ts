import { describe, it, expect } from 'vitest';
import type { PodLogOptions } from '../../../src/cluster/apiserver/types.js';
import { runKubectl } from '../../../src/commands/kubectl/kubectl.js';
import { TestCluster, node, pod, running, words } from './harness.js';

/** A pod on node-1 whose kubelet serves `log.text`, cut to --tail as the kubelet does. */
function setup() {
  const c = new TestCluster();
  c.add(node('node-1'));
  c.add(pod('web-abc12', { node: 'node-1', status: running() }));
  const log = { text: 'one\ntwo\nthree\n', serving: true };
  const calls: PodLogOptions[] = [];
  c.api.registerKubelet('node-1', '10.0.0.11', {
    serving: () => log.serving,
    containerLogs: (_p, _container, options) => {
      calls.push(options);
      const lines = log.text.split('\n').filter(Boolean);
      const shown = options.tailLines === undefined ? lines : lines.slice(-options.tailLines);
      return { ok: true, value: shown.map((l) => `${l}\n`).join('') };
    },
  });
  const run = (line: string, canFollow: boolean) => runKubectl(words(line), { ...c.context(), canFollow });
  return { c, log, calls, run };
}

describe('kubectl logs -f', () => {
  it('prints and returns when the terminal cannot follow', async () => {
    const { run } = setup();
    expect(await run('logs -f web-abc12', false)).toEqual({ stdout: 'one\ntwo\nthree\n', stderr: '', exitCode: 0 });
  });

  it('follows what the container writes after the first output, --tail shaping only the start', async () => {
    const { log, calls, run } = setup();
    const r = await run('logs -f --tail 1 web-abc12', true);
    expect(r.stdout).toBe('three\n');
    expect(r.follow?.next()).toBe('');
    log.text += 'four\nfive\n';
    expect(r.follow?.next()).toBe('four\nfive\n');
    expect(r.follow?.next()).toBe('');
    // The first GET carries --tail, the follow's GETs read the whole log.
    expect(calls[0]).toEqual({ container: 'app', tailLines: 1 });
    expect(calls.slice(1).every((o) => o.tailLines === undefined)).toBe(true);
  });

  it('shows nothing while the kubelet cannot be reached, then what was written meanwhile', async () => {
    const { log, run } = setup();
    const r = await run('logs -f web-abc12', true);
    log.serving = false;
    log.text += 'four\n';
    expect(r.follow?.next()).toBe('');
    log.serving = true;
    expect(r.follow?.next()).toBe('four\n');
  });

  it('starts over silently when the log is replaced (a restarted container)', async () => {
    const { log, run } = setup();
    const r = await run('logs -f web-abc12', true);
    log.text = 'fresh\n';
    expect(r.follow?.next()).toBe('');
    log.text += 'more\n';
    expect(r.follow?.next()).toBe('more\n');
  });
});
