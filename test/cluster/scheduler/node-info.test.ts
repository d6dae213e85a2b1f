import { describe, it, expect } from 'vitest';
import { buildNodeInfos, emptyNodeInfo, normalizedImageName, setNode } from '../../../src/cluster/scheduler/node-info.js';
import { podNonZeroRequests, podRequests, podPriority } from '../../../src/cluster/scheduler/pod-resources.js';
import { makeNode, makePod } from './fixtures.js';

describe('podRequests', () => {
  it('sums containers', () => {
    const pod = makePod('p', {
      containers: [
        { name: 'a', resources: { requests: { cpu: '250m', memory: '64Mi' } } },
        { name: 'b', resources: { requests: { cpu: '0.5', memory: '128Mi', 'ephemeral-storage': '1Gi' } } },
      ],
    });
    expect(podRequests(pod)).toEqual({ milliCpu: 750, memory: 192 * 2 ** 20, ephemeralStorage: 2 ** 30, scalar: {} });
  });

  it('takes the max of the init containers against the sum of the containers', () => {
    const pod = makePod('p', {
      containers: [{ name: 'a', resources: { requests: { cpu: '100m', memory: '1Gi' } } }],
      spec: { initContainers: [{ name: 'init', resources: { requests: { cpu: '2', memory: '10Mi' } } }] },
    });
    expect(podRequests(pod)).toMatchObject({ milliCpu: 2000, memory: 2 ** 30 });
  });

  it('adds restartable (sidecar) init containers to everything after them', () => {
    const pod = makePod('p', {
      containers: [{ name: 'a', resources: { requests: { cpu: '100m' } } }],
      spec: {
        initContainers: [
          { name: 'sidecar', restartPolicy: 'Always', resources: { requests: { cpu: '200m' } } },
          { name: 'init', resources: { requests: { cpu: '500m' } } },
        ],
      },
    });
    // max(100m + 200m, 500m + 200m)
    expect(podRequests(pod).milliCpu).toBe(700);
  });

  it('uses limits when requests are missing (API defaulting) and counts extended resources', () => {
    const pod = makePod('p', {
      containers: [{ name: 'a', resources: { limits: { cpu: '1', 'nvidia.com/gpu': '2' } } }],
    });
    expect(podRequests(pod)).toEqual({ milliCpu: 1000, memory: 0, ephemeralStorage: 0, scalar: { 'nvidia.com/gpu': 2 } });
  });

  it('adds pod overhead', () => {
    const pod = makePod('p', { cpu: '100m', spec: { overhead: { cpu: '50m' } } });
    expect(podRequests(pod).milliCpu).toBe(150);
  });

  it('counts 100m / 200Mi for scoring when a container requests nothing', () => {
    const pod = makePod('p', { containers: [{ name: 'a' }, { name: 'b', resources: { requests: { cpu: '0' } } }] });
    expect(podNonZeroRequests(pod)).toMatchObject({ milliCpu: 100, memory: 400 * 2 ** 20 });
  });

  it('reads priority with a default of 0', () => {
    expect(podPriority(makePod('p'))).toBe(0);
    expect(podPriority(makePod('p', { priority: 1000 }))).toBe(1000);
  });
});

describe('buildNodeInfos', () => {
  const nodes = [makeNode('node-1', { cpu: '4', memory: '8Gi', pods: '3' }), makeNode('node-2')];

  it('assigns non-terminal pods to their node and sums their requests', () => {
    const pods = [
      makePod('a', { nodeName: 'node-1', cpu: '500m', memory: '1Gi' }),
      makePod('b', { nodeName: 'node-1', cpu: '250m' }),
      makePod('done', { nodeName: 'node-1', cpu: '3', phase: 'Succeeded' }),
      makePod('failed', { nodeName: 'node-1', cpu: '3', phase: 'Failed' }),
      makePod('pending', { cpu: '3' }),
      makePod('c', { nodeName: 'node-2', cpu: '1' }),
    ];
    const [n1, n2] = buildNodeInfos(nodes, pods);
    expect(n1?.pods.map((p) => p.metadata?.name)).toEqual(['a', 'b']);
    expect(n1?.requested).toMatchObject({ milliCpu: 750, memory: 2 ** 30 });
    expect(n1?.nonZeroRequested).toMatchObject({ milliCpu: 750, memory: 2 ** 30 + 200 * 2 ** 20 });
    expect(n1?.allocatable).toMatchObject({ milliCpu: 4000, memory: 8 * 2 ** 30 });
    expect(n1?.allowedPodNumber).toBe(3);
    expect(n2?.requested.milliCpu).toBe(1000);
  });

  it('records host ports with TCP and 0.0.0.0 defaults', () => {
    const pod = makePod('web', {
      nodeName: 'node-2',
      containers: [{ name: 'a', ports: [{ containerPort: 80, hostPort: 8080 }, { containerPort: 53, hostPort: 53, protocol: 'UDP', hostIP: '10.0.0.12' }, { containerPort: 9090 }] }],
    });
    const [, n2] = buildNodeInfos(nodes, [pod]);
    expect(n2?.usedPorts).toEqual([
      { protocol: 'TCP', hostIP: '0.0.0.0', port: 8080 },
      { protocol: 'UDP', hostIP: '10.0.0.12', port: 53 },
    ]);
  });

  it('indexes node images by normalized name', () => {
    const [info] = buildNodeInfos([makeNode('n', { images: [{ names: ['nginx', 'docker.io/library/nginx:1.27'], sizeBytes: 100 }] })], []);
    expect([...(info?.images.keys() ?? [])]).toEqual(['nginx:latest', 'docker.io/library/nginx:1.27']);
    expect(normalizedImageName('localhost:5000/app')).toBe('localhost:5000/app:latest');
  });
});

describe('setNode', () => {
  const images = [{ names: ['nginx:1.27'], sizeBytes: 100 }];

  it('keeps what it read from the old node when a status write leaves allocatable and images as they were', () => {
    const info = emptyNodeInfo();
    setNode(info, makeNode('n', { cpu: '4', images }));
    const { allocatable, images: held } = info;
    // A heartbeat: a new node object (the API server copies) with the same texts.
    const next = structuredClone(makeNode('n', { cpu: '4', images }));
    setNode(info, next);
    expect(info.node).toBe(next);
    expect(info.allocatable).toBe(allocatable);
    expect(info.images).toBe(held);
  });

  it('reads them again when they change', () => {
    const info = emptyNodeInfo();
    setNode(info, makeNode('n', { cpu: '4', images }));
    setNode(info, makeNode('n', { cpu: '8', images: [...images, { names: ['redis'], sizeBytes: 5 }] }));
    expect([info.allocMilliCpu, info.allocatable.milliCpu, info.allowedPodNumber]).toEqual([8000, 8000, 110]);
    expect([...info.images.keys()]).toEqual(['nginx:1.27', 'redis:latest']);
    setNode(info, makeNode('n', { cpu: '8', pods: '20', images: [{ names: ['nginx:1.27'], sizeBytes: 7 }] }));
    expect(info.allowedPodNumber).toBe(20);
    expect([...info.images]).toEqual([['nginx:1.27', 7]]);
  });
});
