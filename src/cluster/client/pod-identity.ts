/**
 * The identities a system program in a pod talks to the API server with:
 * its pod's ServiceAccount (the projected token an in-cluster client uses)
 * and the node's (what the kubelet reads the pod and its volumes as).
 */
import type { ApiClient } from '../apiserver/types.js';
import type { ComponentContext } from '../component.js';

/** The node's kubelet identity (system:node:<name>, group system:nodes). */
export function nodeIdentityClient(ctx: ComponentContext, node: string): ApiClient {
  return ctx.client({ type: 'loopback', user: `system:node:${node}`, groups: ['system:nodes'] });
}

/** The ServiceAccount identity of the pod `namespace/pod` on `node` (the `default` account when the pod names none or is gone). */
export function podServiceAccountClient(ctx: ComponentContext, node: string, namespace: string, pod: string): ApiClient {
  const got = nodeIdentityClient(ctx, node).get('pods', namespace, pod);
  const sa = (got.ok ? (got.value.spec as { serviceAccountName?: string } | undefined)?.serviceAccountName : undefined) ?? 'default';
  return ctx.client({ type: 'loopback', user: `system:serviceaccount:${namespace}:${sa}`, groups: ['system:serviceaccounts', `system:serviceaccounts:${namespace}`] });
}
