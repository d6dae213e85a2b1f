import { describe, it, expect } from 'vitest';
import { availableOn, createCommandRegistry } from '../../src/commands/registry.js';
import { defaultCommandRegistry } from '../../src/commands/index.js';
import type { Command } from '../../src/commands/types.js';

const fake = (name: string): Command => ({ name, execute: () => ({ stdout: name, stderr: '', exitCode: 0 }) });

describe('command registry', () => {
  it('knows where commands exist', () => {
    expect(availableOn('both', 'workstation')).toBe(true);
    expect(availableOn('node', 'workstation')).toBe(false);
    expect(availableOn('node', 'node-1')).toBe(true);
    expect(availableOn('workstation', 'node-1')).toBe(false);
  });

  it('loads lazily, once, and only on hosts where the command exists', async () => {
    const registry = createCommandRegistry();
    let loads = 0;
    registry.register('crictl', async () => {
      loads++;
      return fake('crictl');
    }, 'node');
    expect(loads).toBe(0);
    expect(await registry.load('crictl', 'workstation')).toBeUndefined();
    const a = await registry.load('crictl', 'node-2');
    const b = await registry.load('crictl', 'node-1');
    expect(a?.name).toBe('crictl');
    expect(a).toBe(b);
    expect(loads).toBe(1);
    expect(registry.names('node-1')).toEqual(['crictl']);
    expect(registry.names('workstation')).toEqual([]);
  });

  it('loads every command at once when asked (a snapshot holds them loaded), each still once', async () => {
    const registry = createCommandRegistry();
    const loads = new Map<string, number>();
    for (const [name, where] of [['crictl', 'node'], ['kubectl', 'both'], ['grep', 'both']] as const) {
      registry.register(name, async () => {
        loads.set(name, (loads.get(name) ?? 0) + 1);
        return fake(name);
      }, where);
    }
    await registry.loadAll();
    expect(Object.fromEntries(loads)).toEqual({ crictl: 1, kubectl: 1, grep: 1 });
    expect((await registry.load('crictl', 'node-1'))?.name).toBe('crictl');
    expect(await registry.load('crictl', 'workstation')).toBeUndefined();
    await registry.loadAll();
    expect(Object.fromEntries(loads)).toEqual({ crictl: 1, kubectl: 1, grep: 1 });
  });

  it('installs the text utilities everywhere in the default registry', async () => {
    const registry = defaultCommandRegistry();
    for (const name of ['grep', 'head', 'tail', 'wc', 'sort', 'uniq', 'awk', 'cut', 'less', 'tee', 'tr', 'column', 'cat']) {
      expect(registry.lookup(name, 'workstation')?.where).toBe('both');
      expect((await registry.load(name, 'node-1'))?.name).toBe(name);
    }
  });
});
