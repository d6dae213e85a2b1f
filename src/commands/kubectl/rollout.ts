/**
 * `kubectl rollout status|restart|undo|history` (pkg/cmd/rollout and
 * polymorphichelpers rollout_status.go, objectrestarter.go, rollback.go,
 * history.go). Status waits for the rollout as kubectl does (rollout-status.ts).
 */
import type { KubeObject } from '../../cluster/apiserver/types.js';
import type { ResourceInfo } from '../../cluster/apiserver/resources.js';
import type { ExecResult } from '../types.js';
import type { Invocation } from './invocation.js';
import { kindName } from './invocation.js';
import { int, str } from './flags.js';
import { parseGoDuration } from './logs.js';
import { followRolloutStatus } from './rollout-status.js';
import { errorResult, statusMessage } from './errors.js';
import { parseTargets } from './resolve.js';
import { dryRunSuffix } from './dry-run.js';

type Obj = Record<string, any>;

const REVISION = 'deployment.kubernetes.io/revision';

/** Fetches the one object a rollout sub-verb names. */
function fetchOne(inv: Invocation, verb: string): { ok: true; info: ResourceInfo; obj: KubeObject } | { ok: false; result: ExecResult } {
  if (inv.args.length === 0) return { ok: false, result: { stdout: '', stderr: `error: required resource not specified\nSee 'kubectl rollout ${verb} -h' for help and examples\n`, exitCode: 1 } };
  const parsed = parseTargets(inv.args);
  if (!parsed.ok) return { ok: false, result: errorResult(parsed.error) };
  const target = parsed.targets[0];
  // `kubectl rollout undo , web`: the type list holds only an empty name (SplitResourceArgument), which maps to nothing.
  if (!target) return { ok: false, result: errorResult(`the server doesn't have a resource type ""`) };
  if (!parsed.named) return { ok: false, result: errorResult('resource(s) were provided, but no name was specified') };
  const r = inv.client.get(target.info.name, target.info.namespaced ? inv.namespace : undefined, target.names[0]);
  if (!r.ok) return { ok: false, result: { stdout: '', stderr: statusMessage(r.status), exitCode: 1 } };
  return { ok: true, info: target.info, obj: r.value };
}

/** The status line of rollout_status.go for a Deployment or DaemonSet; `error` when it failed for good. */
export function rolloutStatusLine(obj: KubeObject): { text: string; done: boolean; error?: string } {
  const spec = (obj.spec ?? {}) as Obj;
  const st = (obj.status ?? {}) as Obj;
  const name = obj.metadata.name;
  const observed = (obj.metadata.generation ?? 0) <= (st.observedGeneration ?? 0);
  if (obj.kind === 'DaemonSet') {
    if (!observed) return { text: 'Waiting for daemon set spec update to be observed...\n', done: false };
    if ((st.updatedNumberScheduled ?? 0) < (st.desiredNumberScheduled ?? 0)) return { text: `Waiting for daemon set "${name}" rollout to finish: ${st.updatedNumberScheduled ?? 0} out of ${st.desiredNumberScheduled ?? 0} new pods have been updated...\n`, done: false };
    if ((st.numberAvailable ?? 0) < (st.desiredNumberScheduled ?? 0)) return { text: `Waiting for daemon set "${name}" rollout to finish: ${st.numberAvailable ?? 0} of ${st.desiredNumberScheduled ?? 0} updated pods are available...\n`, done: false };
    return { text: `daemon set "${name}" successfully rolled out\n`, done: true };
  }
  if (!observed) return { text: 'Waiting for deployment spec update to be observed...\n', done: false };
  const progressing = ((st.conditions ?? []) as Obj[]).find((c) => c.type === 'Progressing');
  if (progressing?.reason === 'ProgressDeadlineExceeded') return { text: '', done: false, error: `deployment "${name}" exceeded its progress deadline` };
  const replicas = spec.replicas ?? 1;
  const updated = st.updatedReplicas ?? 0;
  if (updated < replicas) return { text: `Waiting for deployment "${name}" rollout to finish: ${updated} out of ${replicas} new replicas have been updated...\n`, done: false };
  if ((st.replicas ?? 0) > updated) return { text: `Waiting for deployment "${name}" rollout to finish: ${(st.replicas ?? 0) - updated} old replicas are pending termination...\n`, done: false };
  if ((st.availableReplicas ?? 0) < updated) return { text: `Waiting for deployment "${name}" rollout to finish: ${st.availableReplicas ?? 0} of ${updated} updated replicas are available...\n`, done: false };
  return { text: `deployment "${name}" successfully rolled out\n`, done: true };
}

/** `kubectl rollout status`: once with `--watch=false`, else until done, failed or `--timeout` (rollout-status.ts). */
export function runRolloutStatus(inv: Invocation): ExecResult {
  const timeoutText = str(inv.flags, 'timeout') ?? '0s';
  const timeout = parseGoDuration(timeoutText);
  if (timeout === undefined) {
    return { stdout: '', stderr: `error: invalid argument "${timeoutText}" for "--timeout" flag: time: invalid duration "${timeoutText}"\nSee 'kubectl rollout status --help' for usage.\n`, exitCode: 1 };
  }
  const one = fetchOne(inv, 'status');
  if (!one.ok) return one.result;
  if (one.info.kind !== 'Deployment' && one.info.kind !== 'DaemonSet') return errorResult(`no status viewer has been implemented for ${one.info.kind}${one.info.group ? `.${one.info.group}` : ''}`);
  if (inv.flags.watch === false) {
    const s = rolloutStatusLine(one.obj);
    if (s.error) return errorResult(s.error);
    return { stdout: s.text, stderr: '', exitCode: 0 };
  }
  return followRolloutStatus(inv, one.info.name, one.obj, Math.round(timeout * 1000));
}

/** `kubectl rollout restart`: stamps the pod template so the controller rolls new pods. */
export function runRolloutRestart(inv: Invocation): ExecResult {
  const one = fetchOne(inv, 'restart');
  if (!one.ok) return one.result;
  if (!['Deployment', 'DaemonSet', 'StatefulSet'].includes(one.info.kind)) return errorResult(`restarting is not supported`);
  const at = new Date(Math.floor(inv.now / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const r = inv.client.patch(one.info.name, one.obj.metadata.namespace, one.obj.metadata.name!, 'strategic', { spec: { template: { metadata: { annotations: { 'kubectl.kubernetes.io/restartedAt': at } } } } });
  if (!r.ok) return { stdout: '', stderr: statusMessage(r.status), exitCode: 1 };
  return { stdout: `${kindName(r.value)} restarted${dryRunSuffix(inv.dryRun)}\n`, stderr: '', exitCode: 0 };
}

/** The ReplicaSets a Deployment owns, by revision. */
function revisions(inv: Invocation, deployment: KubeObject): { ok: true; list: { revision: number; rs: KubeObject }[] } | { ok: false; result: ExecResult } {
  const r = inv.client.list('replicasets', deployment.metadata.namespace);
  if (!r.ok) return { ok: false, result: { stdout: '', stderr: statusMessage(r.status), exitCode: 1 } };
  const list = r.value.items
    .filter((rs) => (rs.metadata.ownerReferences ?? []).some((o) => o.uid === deployment.metadata.uid && o.controller))
    .map((rs) => ({ revision: Number(rs.metadata.annotations?.[REVISION] ?? 0), rs }))
    .sort((a, b) => a.revision - b.revision);
  return { ok: true, list };
}

/** `kubectl rollout undo deployment/NAME [--to-revision=N]`. */
export function runRolloutUndo(inv: Invocation): ExecResult {
  const one = fetchOne(inv, 'undo');
  if (!one.ok) return one.result;
  if (one.info.kind !== 'Deployment') return errorResult(`no rollbacker has been implemented for ${one.info.kind}${one.info.group ? `.${one.info.group}` : ''}`);
  const revs = revisions(inv, one.obj);
  if (!revs.ok) return revs.result;
  const toRevision = int(inv.flags, 'to-revision') ?? 0;
  let target: { revision: number; rs: KubeObject } | undefined;
  if (toRevision > 0) {
    target = revs.list.find((x) => x.revision === toRevision);
    if (!target) return errorResult(`unable to find specified revision ${toRevision} in history`);
  } else {
    // rollback.go deploymentRevision: the second-newest ReplicaSet revision (the Deployment's own annotation plays no part).
    target = revs.list.length >= 2 ? revs.list[revs.list.length - 2] : undefined;
    if (!target) return errorResult(`no rollout history found for deployment "${one.obj.metadata.name}"`);
  }
  const template = structuredClone((target.rs.spec as Obj).template ?? {});
  if (template.metadata?.labels) delete template.metadata.labels['pod-template-hash'];
  const currentTemplate = (one.obj.spec as Obj).template;
  if (JSON.stringify(currentTemplate) === JSON.stringify(template)) {
    return { stdout: `${kindName(one.obj)} skipped rollback (current template already matches revision ${target.revision})\n`, stderr: '', exitCode: 0 };
  }
  const updated = structuredClone(one.obj);
  (updated.spec as Obj).template = template;
  const r = inv.client.update(one.info.name, one.obj.metadata.namespace, updated);
  if (!r.ok) return { stdout: '', stderr: statusMessage(r.status), exitCode: 1 };
  return { stdout: `${kindName(r.value)} rolled back${dryRunSuffix(inv.dryRun)}\n`, stderr: '', exitCode: 0 };
}
