/** Priority admission: resolves priorityClassName into spec.priority (0 when none). */
import type { AdmissionPlugin } from './types.js';
import { forbiddenMessage } from '../errors.js';

type Obj = Record<string, any>;

/** Built-in classes every cluster has (pkg/apis/scheduling). */
const SYSTEM_CLASSES: Record<string, number> = { 'system-node-critical': 2000001000, 'system-cluster-critical': 2000000000 };

/** plugin/pkg/admission/priority/admission.go */
export const priority: AdmissionPlugin = {
  name: 'Priority',
  operations: ['CREATE'],
  resources: ['pods'],
  admit(req) {
    if (req.operation !== 'CREATE' || req.resource.name !== 'pods' || req.subresource) return undefined;
    const spec = (req.object.spec ??= {}) as Obj;
    const className: string | undefined = spec.priorityClassName;
    if (!className) {
      // getDefaultPriority with no global default class: priority 0, PreemptLowerPriority.
      spec.priority ??= 0;
      spec.preemptionPolicy ??= 'PreemptLowerPriority';
      return undefined;
    }
    const value = SYSTEM_CLASSES[className] ?? (req.store.get('priorityclasses', undefined, className) as Obj | undefined)?.value;
    if (value === undefined) return forbiddenMessage(`pods "${req.name}" is forbidden: no PriorityClass with name ${className} was found`);
    spec.priority = value;
    spec.preemptionPolicy ??= 'PreemptLowerPriority';
    return undefined;
  },
};
