/** NamespaceLifecycle: no new objects in a namespace that is missing or terminating. */
import type { AdmissionPlugin } from './types.js';
import { forbiddenMessage, notFound } from '../errors.js';
import { resolveResource } from '../resources.js';

/** plugin/pkg/admission/namespace/lifecycle/admission.go */
export const namespaceLifecycle: AdmissionPlugin = {
  name: 'NamespaceLifecycle',
  validate(req) {
    if (req.operation !== 'CREATE' || !req.resource.namespaced || !req.namespace) return undefined;
    const ns = req.store.get('namespaces', undefined, req.namespace);
    if (!ns) return notFound(resolveResource('namespaces')!, req.namespace);
    if ((ns.status as { phase?: string } | undefined)?.phase === 'Terminating' && req.resource.name !== 'events') {
      return forbiddenMessage(`${req.resource.name} "${req.name}" is forbidden: unable to create new content in namespace ${req.namespace} because it is being terminated`);
    }
    return undefined;
  },
};
