/**
 * DefaultTolerationSeconds: every pod tolerates not-ready and unreachable
 * NoExecute taints for 300 s unless it says otherwise, which is why pods leave
 * a dead node five minutes after it goes NotReady.
 */
import type { AdmissionPlugin } from './types.js';

type Obj = Record<string, any>;

const KEYS = ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'];

/** plugin/pkg/admission/defaulttolerationseconds/admission.go */
export const defaultTolerationSeconds: AdmissionPlugin = {
  name: 'DefaultTolerationSeconds',
  admit(req) {
    if (req.operation !== 'CREATE' || req.resource.name !== 'pods' || req.subresource) return undefined;
    const spec = (req.object.spec ??= {}) as Obj;
    const tolerations: Obj[] = (spec.tolerations ??= []);
    for (const key of KEYS) {
      const has = tolerations.some((t) => (t.key === key || (t.operator === 'Exists' && !t.key)) && (!t.effect || t.effect === 'NoExecute'));
      if (!has) tolerations.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 });
    }
    return undefined;
  },
};
