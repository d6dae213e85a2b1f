import { describe, expect, it } from 'vitest';
import { EventQueue } from '../../../src/cluster/clock/event-queue.js';
import { NodeHost } from '../../../src/cluster/host/node-host.js';
import type { UnitSpec } from '../../../src/cluster/host/systemd.js';
import { loadValidScenarioFile } from '../../../src/scenario/validate.js';
import { ScenarioRun } from '../../../src/practice/run.js';

const SPEC: UnitSpec = { name: 'app.service', description: 'An app', path: '/lib/systemd/system/app.service', docs: '', execStart: '/usr/bin/app', commandLine: '/usr/bin/app', restart: 'always', restartSec: 10, enabled: true };

function host(crashes: () => boolean) {
  const queue = new EventQueue(Date.UTC(2026, 0, 1));
  const h = new NodeHost('node-1', '10.0.0.11', queue);
  const unit = h.addUnit(SPEC, { start: () => (crashes() ? { ok: false, exitCode: 1 } : { ok: true }), stop: () => {} });
  return { queue, h, unit };
}

describe('restart counters across skipped time', () => {
  it('a unit in a restart loop counts the restarts a skipped stretch held, one per measured cycle', () => {
    const { queue, h, unit } = host(() => true);
    unit.start();
    queue.runUntil(queue.now() + 60_000);
    expect(unit.restartCounter).toBe(6);
    queue.jump(3_600_000);
    h.skipped(3_600_000);
    expect(unit.restartCounter).toBe(6 + 360);
    // The loop goes on from there, on its phase.
    queue.runUntil(queue.now() + 10_000);
    expect(unit.restartCounter).toBe(6 + 360 + 1);
  });

  it('a unit that restarted once and has run since counts nothing for the stretch; nor does a stopped one', () => {
    let crash = true;
    const { queue, h, unit } = host(() => crash);
    unit.start();
    queue.runUntil(queue.now() + 25_000);
    crash = false;
    queue.runUntil(queue.now() + 600_000);
    const before = unit.restartCounter;
    queue.jump(3_600_000);
    h.skipped(3_600_000);
    expect(unit.restartCounter).toBe(before);
    unit.stop();
    queue.jump(3_600_000);
    h.skipped(3_600_000);
    expect(unit.restartCounter).toBe(before);
  });

  it('the kubelet of node-notready-kubelet-config has restarted every 10 s of the 40 minutes since its config broke', async () => {
    const loaded = loadValidScenarioFile('scenarios/nodes/node-notready-kubelet-config.yaml');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const run = new ScenarioRun(loaded.scenario);
    const restarts = run.cluster.nodes.get('node-1')!.host.unit('kubelet')!.restartCounter;
    expect(restarts).toBeGreaterThanOrEqual(239);
    expect(restarts).toBeLessThanOrEqual(241);
    await run.exec('ssh node-1');
    const last = (await run.exec("journalctl -u kubelet --no-pager | grep 'restart counter' | tail -1")).output;
    expect(last).toMatch(/restart counter is at 2[34]\d\.\n$/);
  });
});
