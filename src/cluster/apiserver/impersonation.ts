/**
 * The API server's impersonation filter
 * (k8s.io/apiserver/pkg/endpoints/filters/impersonation.go): a request that
 * asks to act as another user is served as that user once the requester may
 * `impersonate` it: the user (resource `users`, or `serviceaccounts` in its
 * namespace for `system:serviceaccount:<ns>:<name>`) and each group
 * (`groups`). A service account without groups asked for gets its own
 * (serviceaccount.MakeGroupNames); any user but system:anonymous gets
 * system:authenticated unless the groups name it or system:unauthenticated.
 */
import type { UserInfo } from './authn.js';
import type { RbacSource } from './authz.js';
import { authorize } from './authz.js';
import { unservedResource, type ResourceInfo } from './resources.js';
import type { AuthorizationMode } from './serving-options.js';
import { forbidden } from './errors.js';
import type { Status } from './types.js';

/** What a request asks to act as. */
export interface Impersonation {
  user: string;
  groups: readonly string[];
}

const SERVICE_ACCOUNT = /^system:serviceaccount:([^:]+):([^:]+)$/;

/** The user the request is served as, or the 403 for the first subject the requester may not impersonate. */
export function impersonate(source: RbacSource, requester: UserInfo, wanted: Impersonation, modes: readonly AuthorizationMode[]): { ok: true; user: UserInfo } | { ok: false; status: Status } {
  const groupsSpecified = wanted.groups.length > 0;
  let groups: string[] = [];
  const sa = SERVICE_ACCOUNT.exec(wanted.user);
  const subjects: [ResourceInfo, string | undefined, string][] = [sa ? [unservedResource('serviceaccounts', '', true), sa[1], sa[2]] : [unservedResource('users', '', false), undefined, wanted.user]];
  if (sa && !groupsSpecified) groups = ['system:serviceaccounts', `system:serviceaccounts:${sa[1]}`];
  for (const group of wanted.groups) {
    subjects.push([unservedResource('groups', '', false), undefined, group]);
    groups.push(group);
  }
  for (const [info, namespace, name] of subjects) {
    if (!authorize(source, requester, 'impersonate', info, namespace, name, undefined, modes)) return { ok: false, status: forbidden(requester.name, 'impersonate', info, namespace, name) };
  }
  if (wanted.user !== 'system:anonymous') {
    if (!groups.includes('system:authenticated') && !groups.includes('system:unauthenticated')) groups.push('system:authenticated');
  } else if (!groups.includes('system:unauthenticated')) groups.push('system:unauthenticated');
  return { ok: true, user: { name: wanted.user, groups } };
}
