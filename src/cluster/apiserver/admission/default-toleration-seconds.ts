/**
 * DefaultTolerationSeconds: every pod tolerates not-ready and unreachable
 * NoExecute taints for 300 s unless it says otherwise, which is why pods leave
 * a dead node five minutes after it goes NotReady.
 */
import type { AdmissionPlugin } from './types.js';

type Obj = Record<string, any>;

const KEYS = ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'];

/** The toleration added for each key: the same (immutable) object in every pod that gets it, as stored objects are never edited. */
let added: readonly Obj[] | undefined;

/** plugin/pkg/admission/defaulttolerationseconds/admission.go */
export const defaultTolerationSeconds: AdmissionPlugin = {
  name: 'DefaultTolerationSeconds',
  operations: ['CREATE'],
  resources: ['pods'],
  admit(req) {
    if (req.operation !== 'CREATE' || req.resource.name !== 'pods' || req.subresource) return undefined;
    const spec = (req.object.spec ??= {}) as Obj;
    const tolerations: Obj[] = spec.tolerations ?? [];
    added ??= KEYS.map((key) => Object.freeze({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }));
    let missing: Obj[] | undefined;
    for (let i = 0; i < KEYS.length; i++) {
      const key = KEYS[i];
      const has = tolerations.some((t) => (t.key === key || (t.operator === 'Exists' && !t.key)) && (!t.effect || t.effect === 'NoExecute'));
      if (!has) (missing ??= []).push(added[i]);
    }
    // concat sizes the list exactly (a push leaves room for 16 more in every stored pod).
    spec.tolerations = missing ? tolerations.concat(missing) : tolerations;
    return undefined;
  },
};
