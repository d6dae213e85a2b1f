/**
 * The deprecated `componentstatuses` resource
 * (pkg/registry/core/componentstatus): no stored objects, each GET probes
 * the components the API server knows of, from the API server's own node.
 * The scheduler and controller manager are HttpServer checks of
 * https://127.0.0.1:<secure port>/healthz (pkg/probe/http DoHTTPProbe: a
 * failed request is a Failure whose message is the client's error; a
 * non-2xx status `HTTP probe failed with statuscode: N`); etcd is
 * EtcdServer, the storage prober (Success `ok`; Failure with the error in
 * `error` and no message).
 */
import type { KubeObject } from './types.js';

/** One probe's outcome: ComponentCondition Healthy's status, message and error. */
export interface ComponentCheck {
  healthy: boolean;
  message: string;
  error: string;
}

/** A component the API server validates, by its ComponentStatus name. */
export interface ComponentProbe {
  readonly name: string;
  check(): ComponentCheck;
}

/** The components of a kubeadm control plane, in the order they are listed. */
export const COMPONENT_NAMES = ['scheduler', 'controller-manager', 'etcd-0'] as const;

/** The ComponentStatus object of one probe (conditions' empty strings are omitted, as omitempty does). */
export function componentStatus(name: string, c: ComponentCheck): KubeObject {
  const condition: Record<string, string> = { type: 'Healthy', status: c.healthy ? 'True' : 'False' };
  if (c.message) condition.message = c.message;
  if (c.error) condition.error = c.error;
  // The registry builds the object fresh: no uid, no resourceVersion, creationTimestamp null.
  return { apiVersion: 'v1', kind: 'ComponentStatus', metadata: { name, creationTimestamp: null as unknown as string }, conditions: [condition] } as KubeObject;
}
