import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatError, validateScenarioText } from '../../src/scenario/validate.js';
import { parseEndpoint } from '../../src/cluster/ipv4.js';

const GOOD = readFileSync(join(import.meta.dirname, '../fixtures/scenarios/pending-insufficient-cpu.yaml'), 'utf8');

/** Errors of the good fixture with `cluster.controlPlaneEndpoint` set to `value` (a YAML scalar). */
function errorsWith(value: string): string[] {
  expect(GOOD).toContain('  createdAgo: 45d\n');
  return validateScenarioText(GOOD.replace('  createdAgo: 45d\n', `  createdAgo: 45d\n  controlPlaneEndpoint: ${value}\n`), 'pending-insufficient-cpu.yaml').map(formatError);
}

describe('cluster.controlPlaneEndpoint', () => {
  it('parses IP and IP:PORT, port 6443 by default', () => {
    expect(parseEndpoint('10.0.0.5')).toEqual({ ip: '10.0.0.5', port: 6443 });
    expect(parseEndpoint('10.0.0.5:8443')).toEqual({ ip: '10.0.0.5', port: 8443 });
    for (const bad of ['lb.example.com:6443', '10.0.0.5:0', '10.0.0.5:70000', '10.0.0.256', '10.0.0.5:']) expect(parseEndpoint(bad)).toBeUndefined();
  });

  it('accepts an address of its own', () => {
    expect(errorsWith('10.0.0.5:6443')).toEqual([]);
  });

  it('refuses what is not an address, and an address a node or the workstation has', () => {
    expect(errorsWith('lb.internal')).toEqual(['pending-insufficient-cpu.yaml:14:25: cluster.controlPlaneEndpoint: invalid address "lb.internal": expected an IPv4 address with an optional port, e.g. 10.0.0.5:6443']);
    expect(errorsWith('10.0.0.11')).toEqual(['pending-insufficient-cpu.yaml:14:25: cluster.controlPlaneEndpoint: 10.0.0.11 is the address of node node-1; the load balancer needs one of its own']);
    expect(errorsWith('10.0.0.2:6443')).toEqual(['pending-insufficient-cpu.yaml:14:25: cluster.controlPlaneEndpoint: 10.0.0.2 is the address of the workstation; the load balancer needs one of its own']);
  });
});
