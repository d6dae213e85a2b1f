/**
 * `kubectl port-forward TYPE/NAME [LOCAL_PORT:]REMOTE_PORT...` as kubectl
 * 1.32 sets it up (pkg/cmd/portforward/portforward.go): a Service,
 * Deployment or ReplicaSet names its first running pod (a Service's port is
 * translated to the pod's targetPort, by number or by name), the pod must be
 * Running, and kubectl listens on 127.0.0.1 and [::1]. Connections to the
 * local port reach the pod's port through the API server and the kubelet,
 * so they bypass the Service, kube-proxy and NetworkPolicy.
 *
 * The real command blocks until Ctrl+C; here the forward goes on in the
 * background for the rest of the session (as `kubectl port-forward ... &`
 * would), so the next command line can `curl localhost:PORT`.
 */
import type { Pod } from 'kubernetes-types/core/v1.js';
import type { ExecResult } from '../types.js';
import type { Invocation } from './invocation.js';
import { attachablePod } from './attachable-pod.js';

type Obj = Record<string, any>;

const USAGE = "error: TYPE/NAME and list of ports are required for port-forward\nSee 'kubectl port-forward -h' for help and examples\n";

/** Runs `kubectl port-forward`. */
export function runPortForward(inv: Invocation): ExecResult {
  const [target, ...ports] = inv.args;
  if (!target || ports.length === 0) return { stdout: '', stderr: USAGE, exitCode: 1 };
  const network = inv.ctx.cluster.net?.();
  if (!network) return { stdout: '', stderr: 'error: port-forward is not available here\n', exitCode: 1 };
  const found = attachablePod(inv, target);
  if ('error' in found) return found.error;
  const { pod, service } = found;
  if (pod.status?.phase !== 'Running') return { stdout: '', stderr: `error: unable to forward port because pod is not running. Current status=${pod.status?.phase ?? 'Unknown'}\n`, exitCode: 1 };
  const pairs: { local: number; remote: number }[] = [];
  for (const spec of ports) {
    const [localText, remoteText] = spec.includes(':') ? spec.split(':', 2) : [spec, spec];
    const remote = service ? servicePortToTarget(service, pod, remoteText) : Number(remoteText);
    if (typeof remote === 'string') return { stdout: '', stderr: `error: ${remote}\n`, exitCode: 1 };
    const local = localText === '' ? remote : Number(localText);
    if (!Number.isInteger(local) || !Number.isInteger(remote) || local < 1 || local > 65535 || remote < 1 || remote > 65535) return { stdout: '', stderr: `error: Error parsing local port '${localText}': strconv.ParseUint: parsing "${localText}": invalid syntax\n`, exitCode: 1 };
    pairs.push({ local, remote });
  }
  let stdout = '';
  const host = inv.ctx.host;
  for (const { local, remote } of pairs) {
    if (!network.addPortForward(host, local, pod.status?.podIP ?? '', remote)) {
      const errors = `unable to create listener: Error listen tcp4 127.0.0.1:${local}: bind: address already in use unable to create listener: Error listen tcp6 [::1]:${local}: bind: address already in use`;
      return { stdout, stderr: `Unable to listen on port ${local}: Listeners failed to create with the following errors: [${errors}]\nerror: unable to listen on any of the requested ports: [{${local} ${remote}}]\n`, exitCode: 1 };
    }
    stdout += `Forwarding from 127.0.0.1:${local} -> ${remote}\nForwarding from [::1]:${local} -> ${remote}\n`;
  }
  return { stdout, stderr: '', exitCode: 0 };
}

/** portforward.go translateServicePortToTargetPort: a Service port to the pod's container port. */
function servicePortToTarget(service: Obj, pod: Pod, portText: string): number | string {
  const ports: Obj[] = service.spec?.ports ?? [];
  const sp = ports.find((p) => String(p.port) === portText || p.name === portText);
  if (!sp) return `Service ${service.metadata?.name} does not have a service port ${portText}`;
  const target = sp.targetPort ?? sp.port;
  if (typeof target === 'number') return target;
  if (/^\d+$/.test(String(target))) return Number(target);
  for (const c of pod.spec?.containers ?? []) for (const p of c.ports ?? []) if (p.name === target) return p.containerPort;
  return `Pod '${pod.metadata?.name}' does not have a named port '${target}'`;
}

