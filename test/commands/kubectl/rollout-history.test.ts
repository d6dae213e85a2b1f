/**
 * `kubectl rollout history` against real kubectl v1.32.4, which printed
 * fixtures/rollout-history.real.json for the same objects
 * (scripts/record-kubectl-rollout-history.ts). klog's time and pid are
 * masked.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TestCluster } from './harness.js';
import { addRolloutHistoryObjects } from './fixtures/rollout-history-objects.js';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/rollout-history.real.json', import.meta.url), 'utf8')) as { runs: { line: string; stdout: string; stderr: string; exitCode: number }[] };
const maskKlog = (s: string) => s.replace(/^([IWEF])\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ /gm, '$1MMDD hh:mm:ss.uuuuuu PID ');

describe('kubectl rollout history matches real kubectl', () => {
  for (const run of fixture.runs) {
    it(run.line, async () => {
      const k = new TestCluster();
      addRolloutHistoryObjects(k);
      const r = await k.run(run.line);
      expect(r.stdout).toBe(run.stdout);
      expect(maskKlog(r.stderr)).toBe(maskKlog(run.stderr));
      expect(r.exitCode).toBe(run.exitCode);
    });
  }

  it('prints a revision with the describe tabs kept (no tabwriter)', () => {
    const rev2 = fixture.runs.find((r) => r.line.endsWith('--revision=2'))!;
    expect(rev2.stdout.startsWith('deployment.apps/web with revision #2\nPod Template:\n  Labels:\tapp=web\n\tpod-template-hash=6c9d8e7f5\n')).toBe(true);
  });
});

describe('kubectl rollout history edge cases', () => {
  it('a Deployment without ReplicaSets', async () => {
    const k = new TestCluster();
    k.add({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'solo', namespace: 'default' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } } });
    expect((await k.run('rollout history deploy/solo')).stdout).toBe('deployment.apps/solo \nNo rollout history found.\n');
    expect((await k.run('rollout history deploy/solo --revision=2')).stdout).toBe('deployment.apps/solo with revision #2\nNo rollout history found.\n');
  });

  it('kinds without a history viewer', async () => {
    const k = new TestCluster();
    addRolloutHistoryObjects(k);
    expect((await k.run('rollout history rs/web-5d8f7c9b6')).stderr).toBe('error: no history viewer has been implemented for "ReplicaSet.apps"\n');
  });
});
