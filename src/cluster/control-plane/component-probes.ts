/**
 * What kube-apiserver's componentstatuses registry probes, from the API
 * server's own node (pkg/registry/core/rest storage_core.go
 * componentStatusStorage.serversToValidate): the scheduler's and the
 * controller manager's secure ports on 127.0.0.1 over HTTPS (certificates
 * not verified), and etcd through the storage client. Each check dials
 * through the simulated network, so a stopped component answers with the
 * real dial error.
 */
import type { ComponentCheck, ComponentProbe } from '../apiserver/component-status.js';
import type { LaunchContext } from '../system-programs.js';
import { goDialError } from '../network/dial-error.js';
import type { StorageClient } from './apiserver-storage.js';
import { PROBE_ERROR } from './apiserver-storage.js';

/** An HttpServer check of https://127.0.0.1:`port`/healthz (pkg/probe/http DoHTTPProbe). */
function httpCheck(lc: LaunchContext, port: number): ComponentCheck {
  const url = `https://127.0.0.1:${port}/healthz`;
  const r = lc.network.request({ kind: 'host', node: lc.node.name }, '127.0.0.1', port, { kind: 'http', method: 'GET', path: '/healthz', host: `127.0.0.1:${port}`, headers: [], tls: true });
  if (!r.ok) return { healthy: false, message: `Get "${url}": dial tcp 127.0.0.1:${port}: ${goDialError(r.failure)}`, error: '' };
  const res = r.response;
  // No answer within the probe's timeout: the client's deadline error.
  if (!res || res.kind !== 'http') return { healthy: false, message: `Get "${url}": context deadline exceeded (Client.Timeout exceeded while awaiting headers)`, error: '' };
  if (res.status < 200 || res.status >= 400) return { healthy: false, message: `HTTP probe failed with statuscode: ${res.status}`, error: '' };
  return { healthy: true, message: res.body, error: '' };
}

/** The probes of the components a kubeadm API server validates. */
export function componentProbes(lc: LaunchContext, storage: StorageClient | undefined): ComponentProbe[] {
  return [
    { name: 'scheduler', check: () => httpCheck(lc, 10259) },
    { name: 'controller-manager', check: () => httpCheck(lc, 10257) },
    {
      name: 'etcd-0',
      check: () => (!storage || !('error' in storage.dial()) ? { healthy: true, message: 'ok', error: '' } : { healthy: false, message: '', error: PROBE_ERROR }),
    },
  ];
}
