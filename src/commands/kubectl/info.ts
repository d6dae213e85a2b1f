/**
 * Cluster-level verbs: `version` (pkg/cmd/version), `cluster-info`
 * (pkg/cmd/clusterinfo), `api-resources` (pkg/cmd/apiresources) and `top`
 * (no metrics-server in the simulated cluster).
 */
import { RESOURCES, apiVersionOf } from '../../cluster/apiserver/resources.js';
import type { ExecResult } from '../types.js';
import type { Invocation } from './invocation.js';
import { arr, bool, str } from './flags.js';
import { errorResult, statusMessage } from './errors.js';
import { alignTable } from './output/table.js';

/** The kubectl binary the learner has: matches the simulated cluster's default version. */
export const CLIENT_VERSION = 'v1.32.4';
/** Kustomize embedded in kubectl 1.32. */
export const KUSTOMIZE_VERSION = 'v5.5.0';

/** `kubectl version`: client, kustomize, then the server's /version. */
export function runVersion(inv: Invocation): ExecResult {
  let stdout = `Client Version: ${CLIENT_VERSION}\nKustomize Version: ${KUSTOMIZE_VERSION}\n`;
  if (bool(inv.flags, 'client')) return { stdout, stderr: '', exitCode: 0 };
  const r = inv.client.raw('/version');
  if (!r.ok) return { stdout, stderr: statusMessage(r.status), exitCode: 1 };
  const info = JSON.parse(r.value) as { gitVersion: string; minor: string };
  stdout += `Server Version: ${info.gitVersion}\n`;
  // version.go warns when client and server are more than one minor apart.
  const clientMinor = Number(CLIENT_VERSION.split('.')[1]);
  const serverMinor = Number(info.minor);
  let stderr = '';
  if (Math.abs(clientMinor - serverMinor) > 1) stderr = `WARNING: version difference between client (1.${clientMinor}) and server (1.${serverMinor}) exceeds the supported minor version skew of +/-1\n`;
  return { stdout, stderr, exitCode: 0 };
}

/** `kubectl cluster-info` (without the terminal colours of the real one). */
export function runClusterInfo(inv: Invocation): ExecResult {
  if (inv.args.length > 0 && inv.args[0] === 'dump') return errorResult('"kubectl cluster-info dump" is not available in this simulator');
  // The control plane address is the kubeconfig's server: the cluster's control-plane endpoint (an HA
  // control plane's load balancer), else the API server the `kubernetes` Service's endpoints name.
  const ep = inv.client.get('endpoints', 'default', 'kubernetes');
  if (!ep.ok) return { stdout: '', stderr: statusMessage(ep.status), exitCode: 1 };
  const subset = ((ep.value.subsets as { addresses?: { ip: string }[]; ports?: { port: number }[] }[] | undefined) ?? [])[0];
  const front = inv.ctx.cluster.apiServerAddress;
  const server = front && front.ip !== '' ? `https://${front.ip}:${front.port}` : `https://${subset?.addresses?.[0]?.ip ?? '10.0.0.10'}:${subset?.ports?.[0]?.port ?? 6443}`;
  let stdout = `Kubernetes control plane is running at ${server}\n`;
  const services = inv.client.list('services', 'kube-system', { labelSelector: 'kubernetes.io/cluster-service=true' });
  if (!services.ok) return { stdout, stderr: statusMessage(services.status), exitCode: 1 };
  for (const svc of services.value.items) {
    const labels = svc.metadata.labels ?? {};
    const name = labels['kubernetes.io/name'] ?? svc.metadata.name ?? '';
    const ports = ((svc.spec as { ports?: { name?: string; port: number }[] })?.ports ?? [])[0];
    const portPart = ports?.name ? `:${ports.name}` : ports ? `:${ports.port}` : '';
    stdout += `${name} is running at ${server}/api/v1/namespaces/${svc.metadata.namespace}/services/${svc.metadata.name}${portPart}/proxy\n`;
  }
  stdout += "\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n";
  return { stdout, stderr: '', exitCode: 0 };
}

/** `kubectl api-resources`: NAME SHORTNAMES APIVERSION NAMESPACED KIND. */
export function runApiResources(inv: Invocation): ExecResult {
  const output = str(inv.flags, 'output');
  if (output !== undefined && output !== 'wide' && output !== 'name') return errorResult(`--output ${output} is not available`);
  const group = str(inv.flags, 'api-group');
  const verbs = arr(inv.flags, 'verbs').flatMap((v) => v.split(','));
  const rows = RESOURCES.filter((r) => (group === undefined || r.group === group) && (!inv.set.has('namespaced') || r.namespaced === bool(inv.flags, 'namespaced')) && verbs.every((v) => r.verbs.includes(v)));
  if (output === 'name') return { stdout: rows.map((r) => (r.group ? `${r.name}.${r.group}` : r.name) + '\n').join(''), stderr: '', exitCode: 0 };
  const table: string[][] = rows.map((r) => {
    const cells = [r.name, r.shortNames.join(','), apiVersionOf(r), String(r.namespaced), r.kind];
    if (output === 'wide') cells.push(`[${r.verbs.join(' ')}]`);
    return cells;
  });
  if (!bool(inv.flags, 'no-headers')) table.unshift(['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', ...(output === 'wide' ? ['VERBS'] : [])]);
  return { stdout: alignTable(table), stderr: '', exitCode: 0 };
}

/** `kubectl top`: the simulated cluster runs no metrics-server. */
export function runTop(inv: Invocation): ExecResult {
  void inv;
  return errorResult('Metrics API not available');
}
