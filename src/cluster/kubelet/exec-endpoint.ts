/**
 * The kubelet's exec endpoint (`/exec/<ns>/<pod>/<container>`, port 10250)
 * as the API server reaches it for `kubectl exec`: the API server dials the
 * node over the one network (a partition or a firewall rule stops exec as it
 * stops logs), the kubelet finds the running container, and the runtime's
 * ExecSync runs the command in it (programs/exec.ts).
 */
import type { ApiResult, ExecOutput, KubeObject, PodExecOptions } from '../apiserver/types.js';
import { failure, internalError, proxyError } from '../apiserver/errors.js';
import type { ContainerRuntime, RuntimeContainer } from '../runtime/runtime.js';
import type { Network } from '../network/network.js';
import type { Random } from '../clock/random.js';
import { execInContainer } from '../programs/exec.js';
import { goDialError } from '../network/dial-error.js';
import { hostPathMounts } from '../programs/host-mounts.js';

/** What the endpoint needs of its node. */
export interface ExecEndpointEnv {
  network: Network;
  runtime: ContainerRuntime;
  node: string;
  nodeIP: string;
  /** The node the API server runs on (where the dial to 10250 starts). */
  apiServerNode: string;
  random: Random;
  now(): number;
  resolvConf(pod: KubeObject): string | undefined;
  /** The node's files, which hostPath volumes show in containers. */
  files?: { read(path: string): string | undefined; exists(path: string): 'file' | 'dir' | undefined };
}

/** Builds the exec handler of one node's kubelet. */
export function execEndpoint(env: ExecEndpointEnv): (pod: KubeObject, container: string, options: PodExecOptions) => ApiResult<ExecOutput> {
  return (pod, containerName, options) => {
    const dial = env.network.dial({ kind: 'host', node: env.apiServerNode }, env.nodeIP, 10250);
    if (!dial.ok) {
      return failure(proxyError(`error dialing backend: dial tcp ${env.nodeIP}:10250: ${goDialError(dial.failure)}`));
    }
    // A mirror pod's containers belong to its static pod (UID = the config hash its annotation carries).
    const uid = pod.metadata.annotations?.['kubernetes.io/config.mirror'] ?? pod.metadata.uid;
    let container: RuntimeContainer | undefined;
    for (const c of env.runtime.containers.values()) {
      if (c.podUid === uid && c.name === containerName && c.state === 'CONTAINER_RUNNING') container = c;
    }
    const sandbox = container && env.runtime.sandboxes.get(container.sandboxId);
    if (!container || !sandbox) return failure({ ...proxyError(`unable to upgrade connection: container not found ("${containerName}")`), code: 404 });
    const mounts = env.files ? hostPathMounts(pod, containerName) : [];
    const files = env.files;
    const host = files && mounts.length ? { mounts, read: (p: string) => files.read(p), exists: (p: string) => files.exists(p) } : undefined;
    const outcome = execInContainer(options.command, { network: env.network, node: env.node, sandbox, container, resolvConf: () => env.resolvConf(pod), now: env.now(), tty: !!options.tty, ...(host ? { host } : {}), ...(options.workingDir ? { cwd: options.workingDir } : {}) }, env.random.hex(64));
    if (!outcome.ok) return failure(internalError(`Internal error occurred: error executing command in container: ${outcome.error}`));
    return { ok: true, value: outcome.run };
  };
}
