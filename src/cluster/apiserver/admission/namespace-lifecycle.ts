/** NamespaceLifecycle: no new objects in a namespace that is missing or terminating. */
import type { AdmissionPlugin } from './types.js';
import { forbiddenMessage, notFound } from '../errors.js';
import { resolveResource } from '../resources.js';

/**
 * plugin/pkg/admission/namespace/lifecycle/admission.go. It is a mutating
 * (Admit) plugin and first in the chain, so a missing namespace is reported
 * before any validation error of the object itself.
 */
export const namespaceLifecycle: AdmissionPlugin = {
  name: 'NamespaceLifecycle',
  operations: ['CREATE'],
  admit(req) {
    if (req.operation !== 'CREATE' || !req.resource.namespaced || !req.namespace) return undefined;
    const ns = req.store.get('namespaces', undefined, req.namespace);
    if (!ns) return notFound(resolveResource('namespaces')!, req.namespace);
    if ((ns.status as { phase?: string } | undefined)?.phase === 'Terminating' && req.resource.name !== 'events') {
      return forbiddenMessage(`${req.resource.name} "${req.name}" is forbidden: unable to create new content in namespace ${req.namespace} because it is being terminated`);
    }
    return undefined;
  },
};
