import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { EventQueue } from '../../../src/cluster/clock/event-queue.js';
import { NodeHost } from '../../../src/cluster/host/node-host.js';
import { SystemdManager } from '../../../src/cluster/host/systemd-manager.js';
import type { UnitSpec } from '../../../src/cluster/host/systemd.js';

const SPEC: UnitSpec = { name: 'app.service', description: 'An app', path: '/lib/systemd/system/app.service', docs: 'https://example.org', execStart: '/usr/bin/app', commandLine: '/usr/bin/app --flag', restart: 'always', restartSec: 10, enabled: false };

function setup(options: { crashes?: boolean; hung?: boolean } = {}) {
  const queue = new EventQueue(Date.UTC(2026, 0, 1));
  const host = new NodeHost('node-1', '10.0.0.11', queue);
  host.addUnit(SPEC, { start: () => (options.crashes ? { ok: false, exitCode: 1 } : { ok: true }), stop: () => {}, ignoresSigterm: () => options.hung === true });
  return { queue, host, manager: new SystemdManager(host) };
}

describe('the systemd manager interface (D-Bus Manager) node tools use', () => {
  it('lists units and answers their properties as snapshots named as systemd names them', () => {
    const { manager } = setup();
    expect(manager.listUnits().map((u) => u.Id)).toEqual(['app.service']);
    const before = manager.getUnit('app.service')!;
    expect(before).toMatchObject({ Id: 'app.service', Description: 'An app', LoadState: 'loaded', ActiveState: 'inactive', SubState: 'dead', MainPID: 0, UnitFileState: 'disabled', FragmentPath: SPEC.path });
    expect(manager.startUnit('app.service')).toBe(true);
    // A snapshot: it does not change under the caller.
    expect(before.ActiveState).toBe('inactive');
    expect(manager.getUnit('app.service')).toMatchObject({ ActiveState: 'active', SubState: 'running' });
    expect(manager.getUnit('app.service')!.MainPID).toBeGreaterThan(0);
    expect(manager.getUnit('nope.service')).toBeUndefined();
    expect(manager.startUnit('nope.service')).toBe(false);
  });

  it('a crashed main process shows as ExecMainPID/ExecMainStatus and an auto-restart state, NRestarts counting', () => {
    const { queue, manager } = setup({ crashes: true });
    manager.startUnit('app.service');
    const u = manager.getUnit('app.service')!;
    expect(u).toMatchObject({ ActiveState: 'activating', SubState: 'auto-restart', ExecMainStatus: 1 });
    expect(u.ExecMainPID).toBeGreaterThan(0);
    queue.runUntil(queue.now() + 25_000);
    expect(manager.getUnit('app.service')!.NRestarts).toBe(2);
  });

  it('StopUnit waits out TimeoutStopSec for a process that ignores SIGTERM; enabling reports its symlink', () => {
    const { manager } = setup({ hung: true });
    manager.startUnit('app.service');
    let waited = 0;
    manager.stopUnit('app.service', (ms) => (waited += ms));
    expect(waited).toBe(90_000);
    expect(manager.getUnit('app.service')!.ActiveState).toBe('inactive');
    expect(manager.enableUnitFiles(['app.service'])).toEqual([{ type: 'symlink', path: '/etc/systemd/system/multi-user.target.wants/app.service', source: SPEC.path }]);
    expect(manager.enableUnitFiles(['app.service'])).toEqual([]);
    expect(manager.getUnit('app.service')!.UnitFileState).toBe('enabled');
    expect(manager.disableUnitFiles(['nope.service'])).toBeUndefined();
  });
});

/** Every .ts file under `dir`. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : n.endsWith('.ts') ? [join(dir, n)] : []));
}

describe('node tools reach systemd only through the manager', () => {
  it('no host tool imports the unit state machine or reads the host unit map', () => {
    for (const file of files('src/commands/host')) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/from ['"][^'"]*cluster\/host\/systemd\.js['"]/);
      expect(text, file).not.toMatch(/\bhost\.units\b|\bhost\.unit\(/);
    }
  });
});
