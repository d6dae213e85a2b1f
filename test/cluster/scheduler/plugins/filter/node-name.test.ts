import { describe, it, expect } from 'vitest';
import { buildNodeInfo } from '../../../../../src/cluster/scheduler/node-info.js';
import { nodeNameFilter } from '../../../../../src/cluster/scheduler/plugins/filter/node-name.js';
import { makeNode, makePod } from '../../fixtures.js';

describe('NodeName', () => {
  const info = buildNodeInfo(makeNode('node-1'), []);

  it('accepts any node when the pod names none', () => {
    expect(nodeNameFilter.filter(makePod('p'), info).code).toBe('Success');
  });

  it('accepts only the named node', () => {
    expect(nodeNameFilter.filter(makePod('p', { nodeName: 'node-1' }), info).code).toBe('Success');
    expect(nodeNameFilter.filter(makePod('p', { nodeName: 'node-9' }), info)).toEqual({
      code: 'UnschedulableAndUnresolvable',
      reasons: ["node(s) didn't match the requested node name"],
      plugin: 'NodeName',
    });
  });
});
