/**
 * The reviews a client asks about itself, answered and never stored:
 * SelfSubjectAccessReview (`kubectl auth can-i`: may I do this?) through the
 * same authorizers as every request, and SelfSubjectReview (`kubectl auth
 * whoami`: who am I, after impersonation?).
 */
import type { UserInfo } from './authn.js';
import { authorize, authorizeNonResource, type RbacSource } from './authz.js';
import type { KubeObject } from './types.js';
import { resolveResource, unservedResource, type ResourceInfo } from './resources.js';
import type { AuthorizationMode } from './serving-options.js';

type Obj = Record<string, any>;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** registry/authorization/selfsubjectaccessreview: the spec's attributes asked of the authorizer as the requesting user. */
export function selfSubjectAccessReview(source: RbacSource, user: UserInfo, body: KubeObject, modes: readonly AuthorizationMode[]): KubeObject {
  const spec: Obj = (body as Obj).spec ?? {};
  let allowed: boolean;
  if (spec.nonResourceAttributes && typeof spec.nonResourceAttributes === 'object') {
    const a: Obj = spec.nonResourceAttributes;
    allowed = authorizeNonResource(source, user, text(a.verb), text(a.path), modes);
  } else {
    const a: Obj = spec.resourceAttributes ?? {};
    const resource = text(a.resource);
    const group = text(a.group);
    const known = resolveResource(group ? `${resource}.${group}` : resource);
    // An attribute of a resource the server does not serve is still a question RBAC can answer (`*`, users, groups).
    const info: ResourceInfo = known && known.name === resource && known.group === group ? known : unservedResource(resource, group, true);
    const namespace = text(a.namespace) || undefined;
    allowed = authorize(source, user, text(a.verb), info, namespace, text(a.name) || undefined, text(a.subresource) || undefined, modes);
  }
  return {
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SelfSubjectAccessReview',
    metadata: { creationTimestamp: null } as unknown as KubeObject['metadata'],
    spec,
    status: { allowed },
  };
}

/** registry/authentication/selfsubjectreview: the user the request was served as. */
export function selfSubjectReview(user: UserInfo): KubeObject {
  return {
    apiVersion: 'authentication.k8s.io/v1',
    kind: 'SelfSubjectReview',
    metadata: { creationTimestamp: null } as unknown as KubeObject['metadata'],
    status: { userInfo: { username: user.name, groups: [...user.groups] } },
  };
}
