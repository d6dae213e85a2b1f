import { describe, it, expect } from 'vitest';
import type { ContainerPort } from 'kubernetes-types/core/v1.js';
import { buildNodeInfo } from '../../../../../src/cluster/scheduler/node-info.js';
import { nodePortsFilter } from '../../../../../src/cluster/scheduler/plugins/filter/node-ports.js';
import { makeNode, makePod } from '../../fixtures.js';

function podWithPorts(name: string, ports: ContainerPort[], nodeName?: string) {
  return makePod(name, { ...(nodeName ? { nodeName } : {}), containers: [{ name: 'c', ports }] });
}

describe('NodePorts', () => {
  const existing = podWithPorts('old', [{ containerPort: 80, hostPort: 8080 }, { containerPort: 53, hostPort: 53, protocol: 'UDP', hostIP: '10.0.0.11' }], 'n');
  const info = buildNodeInfo(makeNode('n'), [existing]);

  it('rejects a clashing hostPort as Unschedulable (preemption could free it)', () => {
    expect(nodePortsFilter.filter(podWithPorts('new', [{ containerPort: 80, hostPort: 8080 }]), info)).toEqual({
      code: 'Unschedulable',
      reasons: ["node(s) didn't have free ports for the requested pod ports"],
      plugin: 'NodePorts',
    });
  });

  it('accepts a free port, another protocol, or no hostPort', () => {
    expect(nodePortsFilter.filter(podWithPorts('a', [{ containerPort: 80, hostPort: 8081 }]), info).code).toBe('Success');
    expect(nodePortsFilter.filter(podWithPorts('b', [{ containerPort: 80, hostPort: 8080, protocol: 'UDP' }]), info).code).toBe('Success');
    expect(nodePortsFilter.filter(podWithPorts('c', [{ containerPort: 8080 }]), info).code).toBe('Success');
  });

  it('treats 0.0.0.0 as clashing with every address, and distinct addresses as free', () => {
    expect(nodePortsFilter.filter(podWithPorts('d', [{ containerPort: 80, hostPort: 8080, hostIP: '10.0.0.11' }]), info).code).toBe('Unschedulable');
    expect(nodePortsFilter.filter(podWithPorts('e', [{ containerPort: 53, hostPort: 53, protocol: 'UDP' }]), info).code).toBe('Unschedulable');
    expect(nodePortsFilter.filter(podWithPorts('f', [{ containerPort: 53, hostPort: 53, protocol: 'UDP', hostIP: '10.0.0.99' }]), info).code).toBe('Success');
  });
});
