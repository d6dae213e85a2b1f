/**
 * The pod a `TYPE/NAME` argument of exec or port-forward means, as kubectl's
 * polymorphichelpers.AttachablePodForObject finds it: a pod names itself; a
 * Service, Deployment, ReplicaSet, StatefulSet or DaemonSet names the first
 * running pod its selector matches. When none matches, kubectl waits
 * --pod-running-timeout (1 minute) for one and gives up with
 * `timed out waiting for the condition`; the wait passes on the simulated clock.
 */
import type { Pod } from 'kubernetes-types/core/v1.js';
import type { ExecResult } from '../types.js';
import type { Invocation } from './invocation.js';
import { statusMessage } from './errors.js';
import { resolveTypes } from './resolve.js';
import { parseGoDuration } from './logs.js';
import { str } from './flags.js';

type Obj = Record<string, any>;

/** The pod `target` means, and the Service when it named one (for its port translation). */
export function attachablePod(inv: Invocation, target: string): { pod: Pod; service?: Obj } | { error: ExecResult } {
  const slash = target.indexOf('/');
  const typed = slash >= 0 ? target.slice(0, slash) : 'pods';
  const name = slash >= 0 ? target.slice(slash + 1) : target;
  const infos = resolveTypes(typed);
  if (!Array.isArray(infos)) return { error: { stdout: '', stderr: `error: the server doesn't have a resource type "${infos.unknown}"\n`, exitCode: 1 } };
  const info = infos[0];
  const got = inv.client.get(info.name, inv.namespace, name);
  if (!got.ok) return { error: { stdout: '', stderr: statusMessage(got.status), exitCode: 1 } };
  if (info.kind === 'Pod') return { pod: got.value as unknown as Pod };
  const obj = got.value as Obj;
  const selector: Record<string, string> | undefined = info.kind === 'Service' ? obj.spec?.selector : obj.spec?.selector?.matchLabels;
  if (!selector || Object.keys(selector).length === 0) return { error: { stdout: '', stderr: `error: cannot attach to ${info.kind}: selector is empty\n`, exitCode: 1 } };
  const labelSelector = Object.entries(selector).map(([k, v]) => `${k}=${v}`).join(',');
  const find = (): Pod | undefined => {
    const pods = inv.client.list('pods', inv.namespace, { labelSelector });
    const items = pods.ok ? (pods.value.items as unknown as Pod[]).filter((p) => !p.metadata?.deletionTimestamp) : [];
    return items.find((p) => p.status?.phase === 'Running') ?? items[0];
  };
  let pod = find();
  if (!pod) {
    const timeoutMs = (parseGoDuration(str(inv.flags, 'pod-running-timeout') ?? '1m') ?? 60) * 1000;
    for (let waited = 0; !pod && waited < timeoutMs; waited += 1000) {
      inv.ctx.cluster.advance(1000);
      pod = find();
    }
  }
  if (!pod) return { error: { stdout: '', stderr: 'error: timed out waiting for the condition\n', exitCode: 1 } };
  return { pod, ...(info.kind === 'Service' ? { service: obj } : {}) };
}
