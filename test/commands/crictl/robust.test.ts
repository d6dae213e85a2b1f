/** crictl's name filters are Go regexps (RE2): linear time, whatever the learner types. */
import { describe, it, expect } from 'vitest';
import { sessionOn, testCluster, webDeployment } from './node-session.js';

describe('crictl --name with a backtracking-prone pattern', async () => {
  const cluster = testCluster({ timeline: [webDeployment(1)] });
  const sh = await sessionOn(cluster, 'node-1');

  it('answers at once, matching as RE2 does', async () => {
    const started = performance.now();
    const r = await sh.exec(`crictl ps -q --name '^(a|aa|a?)+(a|aa)*(a|aa)*b$'`);
    expect(r.stdout).toBe('');
    expect(performance.now() - started).toBeLessThan(2000);
    expect((await sh.exec("crictl ps -q --name '^a(p|q)p$'")).stdout).toMatch(/^[0-9a-f]{64}\n$/);
    // A pattern Go's regexp rejects matches nothing, as before.
    expect((await sh.exec("crictl ps -q --name '(?<=a)pp'")).stdout).toBe('');
  });
});
