import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { Informer } from '../../../src/cluster/client/informer.js';
import type { ApiClient, KubeObject, WatchEvent } from '../../../src/cluster/apiserver/types.js';

/** A client whose watch the test drives. */
function fakeClient(): { client: ApiClient; send: (e: WatchEvent) => void } {
  let handler: ((e: WatchEvent) => void) | undefined;
  const client = {
    list: () => ({ ok: true, value: { apiVersion: 'v1', kind: 'List', metadata: { resourceVersion: '1' }, items: [] } }),
    watch: (_r: string, _ns: string | undefined, _rv: string, h: (e: WatchEvent) => void) => ((handler = h), { ok: true, value: { stop() {} } }),
  } as unknown as ApiClient;
  return { client, send: (e) => handler!(e) };
}

const NAMESPACES = [undefined, '', 'a', 'a-b'];
// 'x' twice: the second a different string of the same text (a name read from another object).
const NAMES = ['x', 'y', 'ax'.slice(1), 'x.1'];

describe('Informer keys (property)', () => {
  it('get and the old version handed to handlers match a cache keyed by namespace/name, whatever the order of reads and events', () => {
    const op = fc.record({ read: fc.boolean(), ns: fc.nat(3), n: fc.nat(3), del: fc.boolean() });
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 60 }), (ops) => {
        const { client, send } = fakeClient();
        const informer = new Informer(client, 'pods');
        const olds: (KubeObject | undefined)[] = [];
        informer.on((_t, _o, old) => olds.push(old));
        informer.start();
        const model = new Map<string, KubeObject>();
        const wantOlds: (KubeObject | undefined)[] = [];
        ops.forEach((o, i) => {
          const ns = NAMESPACES[o.ns];
          const name = NAMES[o.n];
          const key = ns ? `${ns}/${name}` : name;
          if (o.read) {
            expect(informer.get(ns, name)).toBe(model.get(key));
            return;
          }
          const obj = { metadata: { namespace: ns, name, resourceVersion: String(i) } } as KubeObject;
          const type = o.del ? 'DELETED' : model.has(key) ? 'MODIFIED' : 'ADDED';
          wantOlds.push(model.get(key));
          if (o.del) model.delete(key);
          else model.set(key, obj);
          send({ type, object: obj });
        });
        expect(olds).toEqual(wantOlds);
        expect(informer.list()).toEqual([...model.values()]);
      }),
      { numRuns: 300 },
    );
  });
});
