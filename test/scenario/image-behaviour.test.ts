import { describe, it, expect } from 'vitest';
import { scenarioSchema, type Scenario } from '../../src/scenario/schema.js';
import { scenarioWorld } from '../../src/scenario/world.js';

/** The smallest scenario the schema accepts, with `images` in its cluster. */
function withImages(images: unknown): Record<string, unknown> {
  return {
    apiVersion: 'kubedrill/v1',
    kind: 'Scenario',
    metadata: { id: 'tiny', title: 'Tiny', difficulty: 'beginner', topics: ['scheduler'], estimatedMinutes: 5 },
    briefing: 'Something is wrong.',
    cluster: { nodes: [{ name: 'cp-1', role: 'control-plane' }, { name: 'node-1' }], images },
    diagnosis: { component: 'kubelet', cause: 'stopped', accept: ['kubelet stopped'] },
    evidence: [{ command: 'kubectl get nodes', shows: 'NotReady' }],
    goal: [{ nodeReady: 'node-1' }],
    solution: ['kubectl get nodes'],
    hints: ['Look at the nodes.'],
    explanation: 'The kubelet was stopped.',
  };
}

describe('image behaviour in scenarios: HTTP answers and access log', () => {
  it('carries http per path and accessLog into the cluster catalog, in null-prototype records', () => {
    const scenario = scenarioSchema().parse(
      withImages({
        'shop/api:1': {
          listens: [8080],
          readyAfter: '20s',
          http: { '/healthz': { status: 200, body: 'ok' }, '/ready': { status: 503 }, '*': { status: 404, body: 'no\n', headers: { 'Content-Type': 'text/plain' } } },
          accessLog: '$remote_addr "$request" $status',
        },
      }),
    ) as Scenario;
    const image = scenarioWorld(scenario).world.images['shop/api:1'];
    expect(image).toMatchObject({ listens: [8080], readyAfterMs: 20_000, accessLog: '$remote_addr "$request" $status' });
    expect({ ...image.http }).toEqual({ '/healthz': { status: 200, body: 'ok' }, '/ready': { status: 503 }, '*': { status: 404, body: 'no\n', headers: { 'Content-Type': 'text/plain' } } });
    expect(Object.getPrototypeOf(image.http)).toBeNull();
    expect(Object.getPrototypeOf(image.http!['*'].headers)).toBeNull();
  });

  it('rejects a path that is not a path, a status out of range, a bad header name and an unknown log variable', () => {
    const r = scenarioSchema().safeParse(
      withImages({
        'shop/api:1': {
          http: { healthz: { status: 200 }, '/a': { status: 999 }, '/b': { status: 200, headers: { 'Bad Header': 'x' } } },
          accessLog: '$remote_addr $upstream_addr',
        },
      }),
    );
    expect(r.success).toBe(false);
    // A bad record key is an invalid_key issue whose inner issue carries our message (load.ts shows that one).
    const messages = r.error!.issues.map((i) => `${i.path.join('.')}: ${i.code === 'invalid_key' ? i.issues[0].message : i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'cluster.images.shop/api:1.http.healthz: invalid path "healthz": expected a path starting with / or *',
        'cluster.images.shop/api:1.http./a.status: Too big: expected number to be <=599',
        'cluster.images.shop/api:1.http./b.headers.Bad Header: invalid header name "Bad Header"',
        'cluster.images.shop/api:1.accessLog: unknown log variable $upstream_addr',
      ]),
    );
  });
});
