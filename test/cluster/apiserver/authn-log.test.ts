import { describe, it, expect } from 'vitest';
import { EventQueue } from '../../../src/cluster/clock/event-queue.js';
import { Random } from '../../../src/cluster/clock/random.js';
import { Store } from '../../../src/cluster/store/store.js';
import { ApiServer } from '../../../src/cluster/apiserver/server.js';
import { subMillisecondMicros } from '../../../src/cluster/host/journal.js';

const NOW = Date.parse('2026-11-30T09:00:00Z');

describe('API server authentication log', () => {
  it('logs why an x509 client certificate was refused, in crypto/x509 words, and answers 401', () => {
    const queue = new EventQueue(NOW);
    const api = new ApiServer({ store: new Store(queue), queue, random: new Random(1), version: { gitVersion: 'v1.32.4', major: '1', minor: '32' } });
    const lines: string[] = [];
    api.log = (l) => lines.push(l);
    const expired = api.client({ type: 'x509', commonName: 'system:node:node-2', organizations: ['system:nodes'], notBefore: NOW - 86_400_000, notAfter: Date.parse('2026-11-30T03:00:00Z') });
    const r = expired.get('nodes', undefined, 'node-2');
    expect(r.ok ? 0 : r.status.code).toBe(401);
    expect(lines).toEqual([
      `E1130 09:00:00.000${String(subMillisecondMicros(Date.parse('2026-11-30T09:00:00Z'), 1)).padStart(3, '0')}       1 authentication.go:74] "Unable to authenticate the request" err="[x509: certificate has expired or is not yet valid: current time 2026-11-30T09:00:00Z is after 2026-11-30T03:00:00Z]"`,
    ]);
    const early = api.client({ type: 'x509', commonName: 'u', organizations: [], notBefore: NOW + 60_000, notAfter: NOW + 86_400_000 });
    early.get('nodes', undefined, 'x');
    expect(lines[1]).toContain('current time 2026-11-30T09:00:00Z is before 2026-11-30T09:01:00Z]"');
  });
});
