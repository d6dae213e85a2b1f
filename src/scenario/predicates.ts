/**
 * The goal vocabulary: named predicates over the simulated cluster's state,
 * read through the API server like any client would.
 */
import type { Pod } from 'kubernetes-types/core/v1.js';
import type { ApiClient, KubeObject } from '../cluster/apiserver/types.js';
import { matchesLabelSelector, type LabelSelector } from '../cluster/apiserver/selectors.js';
import { isTerminalPod } from '../cluster/scheduler/node-info.js';
import type { GoalPredicate } from './schema.js';
import type { Network } from '../cluster/network/network.js';
import { canonicalImage, sameImage } from '../cluster/workloads/image-reference.js';

type Obj = Record<string, any>;

/** One evaluated predicate. */
export interface PredicateResult {
  holds: boolean;
  /** A short human description, e.g. `pod default/batch is scheduled`. */
  description: string;
}

/** Evaluates one goal predicate. */
export function evaluatePredicate(client: ApiClient, p: GoalPredicate, network?: Network): PredicateResult {
  const get = (resource: string, ns: string | undefined, name: string): Obj | undefined => {
    const r = client.get(resource, ns, name);
    return r.ok ? (r.value as Obj) : undefined;
  };
  if ('not' in p && p.not) {
    const inner = evaluatePredicate(client, p.not as GoalPredicate, network);
    return { holds: !inner.holds, description: `not (${inner.description})` };
  }
  if ('nodeReady' in p) {
    const node = get('nodes', undefined, p.nodeReady);
    const ready = (node?.status?.conditions ?? []).find((c: Obj) => c.type === 'Ready');
    return { holds: ready?.status === 'True', description: about(node, `node ${p.nodeReady} is Ready`) };
  }
  if ('nodeSchedulable' in p) {
    const node = get('nodes', undefined, p.nodeSchedulable);
    return { holds: !!node && !node.spec?.unschedulable, description: about(node, `node ${p.nodeSchedulable} is schedulable`) };
  }
  if ('podScheduled' in p) {
    const { namespace, name } = p.podScheduled;
    const pod = get('pods', namespace, name);
    return { holds: !!pod?.spec?.nodeName, description: about(pod, `pod ${namespace}/${name} is scheduled`) };
  }
  if ('podRunning' in p) {
    const { namespace, name } = p.podRunning;
    const pod = get('pods', namespace, name);
    return { holds: pod?.status?.phase === 'Running', description: about(pod, `pod ${namespace}/${name} is Running`) };
  }
  if ('podsReady' in p) {
    const { namespace, selector, count } = p.podsReady;
    const list = client.list('pods', namespace, { labelSelector: selector });
    const ready = list.ok ? list.value.items.filter((pod) => isReady(pod) && !pod.metadata.deletionTimestamp).length : 0;
    return { holds: ready >= count, description: `${count} pods matching ${selector} in ${namespace} are Ready (${ready} now)` };
  }
  if ('deploymentAvailable' in p) {
    const { namespace, name, minReplicas } = p.deploymentAvailable;
    const d = get('deployments', namespace, name);
    const available = d?.status?.availableReplicas ?? 0;
    const wanted = minReplicas ?? d?.spec?.replicas ?? 1;
    const condition = (d?.status?.conditions ?? []).find((c: Obj) => c.type === 'Available');
    return { holds: !!d && condition?.status === 'True' && available >= wanted, description: `deployment ${namespace}/${name} is available with ${wanted} replicas (${d ? `${available} now` : NO_SUCH_OBJECT})` };
  }
  if ('serviceHasEndpoints' in p) {
    const { namespace, name } = p.serviceHasEndpoints;
    const ep = get('endpoints', namespace, name);
    const addresses = (ep?.subsets ?? []).reduce((n: number, s: Obj) => n + (s.addresses?.length ?? 0), 0);
    return { holds: addresses > 0, description: about(get('services', namespace, name), `service ${namespace}/${name} has ready endpoints`) };
  }
  if ('serviceAnswers' in p) {
    const { namespace, name, path = '/' } = p.serviceAnswers;
    const svc = get('services', namespace, name);
    const port: number | undefined = p.serviceAnswers.port ?? svc?.spec?.ports?.[0]?.port;
    const description = `service ${namespace}/${name} answers HTTP on port ${port ?? '?'}`;
    const ip: string | undefined = svc?.spec?.clusterIP;
    const from = network && (p.serviceAnswers.from ?? firstWorker(client));
    const said = about(svc, p.serviceAnswers.from ? `${description} from node ${from}` : description);
    if (!network || !from || !ip || ip === 'None' || port === undefined) return { holds: false, description: said };
    const r = network.request({ kind: 'host', node: from }, ip, port, { kind: 'http', method: 'GET', path, host: `${name}.${namespace}`, headers: [] });
    const status = r.ok && r.response?.kind === 'http' ? r.response.status : undefined;
    return { holds: status !== undefined && status >= 200 && status < 300, description: said };
  }
  if ('nodePortAnswers' in p) {
    const { node: name, port, path = '/' } = p.nodePortAnswers;
    const description = `node ${name} answers HTTP on NodePort ${port}`;
    const node = get('nodes', undefined, name);
    const ip = nodeAddress(node);
    if (!network || !ip) return { holds: false, description: about(node, description) };
    // From the workstation, as a client outside the cluster dials a NodePort.
    const r = network.request({ kind: 'workstation' }, ip, port, { kind: 'http', method: 'GET', path, host: `${ip}:${port}`, headers: [] });
    const status = r.ok && r.response?.kind === 'http' ? r.response.status : undefined;
    return { holds: status !== undefined && status >= 200 && status < 300, description };
  }
  if ('apiServerAnswers' in p) {
    const description = 'the API server answers on its kubeconfig address';
    // An HA control plane's kubeconfigs name its endpoint (the load balancer); otherwise the `kubernetes`
    // Endpoints hold the address the API server advertises, which kubeadm's kubeconfigs name too.
    const endpoints = get('endpoints', 'default', 'kubernetes');
    const front = network?.controlPlaneEndpoint;
    const ip: string | undefined = front ? front.ip : endpoints?.subsets?.[0]?.addresses?.[0]?.ip;
    const port: number | undefined = front ? front.port : endpoints?.subsets?.[0]?.ports?.[0]?.port;
    if (!network || !ip || port === undefined) return { holds: false, description };
    const r = network.request({ kind: 'workstation' }, ip, port, { kind: 'http', method: 'GET', path: '/livez', host: `${ip}:${port}`, headers: [] });
    const status = r.ok && r.response?.kind === 'http' ? r.response.status : undefined;
    return { holds: status !== undefined && status >= 200 && status < 300, description };
  }
  if ('noPodsOnNode' in p) {
    const { namespace, selector, node } = p.noPodsOnNode;
    const list = client.list('pods', namespace, { labelSelector: selector });
    const there = list.ok ? list.value.items.filter((pod) => (pod.spec as Obj)?.nodeName === node && !isFinished(pod)).length : 0;
    return { holds: list.ok && there === 0, description: `no pod matching ${selector} in ${namespace} runs on node ${node} (${there} now)` };
  }
  if ('nodeHasTaint' in p) {
    const { node: name, key, value, effect } = p.nodeHasTaint;
    const node = get('nodes', undefined, name);
    const found = ((node?.spec?.taints ?? []) as Obj[]).some(
      (t) => t.key === key && (value === undefined || (t.value ?? '') === value) && (effect === undefined || t.effect === effect),
    );
    const spelled = `${key}${value === undefined ? '' : `=${value}`}${effect === undefined ? '' : `:${effect}`}`;
    return { holds: found, description: about(node, `node ${name} has the taint ${spelled}`) };
  }
  if ('deploymentRunsImage' in p) {
    const { namespace, name, container, image } = p.deploymentRunsImage;
    return deploymentRunsImage(client, namespace, name, container, image);
  }
  if ('objectField' in p) {
    const f = p.objectField;
    const obj = get(f.resource, f.namespace, f.name);
    const value = obj === undefined ? undefined : fieldAt(obj, f.path);
    let holds: boolean;
    let what: string;
    if ('exists' in f && f.exists !== undefined) {
      holds = (value !== undefined) === f.exists;
      what = f.exists ? 'is set' : 'is not set';
    } else if ('lessThan' in f && f.lessThan !== undefined) {
      holds = toNumber(value) < f.lessThan;
      what = `< ${f.lessThan}`;
    } else if ('greaterThan' in f && f.greaterThan !== undefined) {
      holds = toNumber(value) > f.greaterThan;
      what = `> ${f.greaterThan}`;
    } else {
      holds = JSON.stringify(value) === JSON.stringify(f.equals);
      what = `= ${JSON.stringify(f.equals)}`;
    }
    return { holds: obj !== undefined && holds, description: about(obj, `${f.resource} ${f.namespace ? `${f.namespace}/` : ''}${f.name} ${f.path} ${what}`) };
  }
  return { holds: false, description: 'unknown predicate' };
}

/** What a goal on a missing object says, rather than a count or a value it cannot have. */
const NO_SUCH_OBJECT = 'no such object';

/** The description, marked when the object it is about does not exist. */
function about(obj: Obj | undefined, description: string): string {
  return obj === undefined ? `${description} (${NO_SUCH_OBJECT})` : description;
}

/** Evaluates every goal predicate. */
export function evaluateGoal(client: ApiClient, goal: readonly GoalPredicate[], network?: Network): PredicateResult[] {
  return goal.map((p) => evaluatePredicate(client, p, network));
}

/** A Node object's InternalIP. */
function nodeAddress(node: Obj | undefined): string | undefined {
  return ((node?.status?.addresses ?? []) as Obj[]).find((a) => a.type === 'InternalIP')?.address;
}

/** The node a goal's traffic starts from: the first node without the control-plane label (else the first node). */
function firstWorker(client: ApiClient): string | undefined {
  const nodes = client.list('nodes', undefined);
  if (!nodes.ok) return undefined;
  const worker = nodes.value.items.find((n) => !('node-role.kubernetes.io/control-plane' in (n.metadata.labels ?? {})));
  return (worker ?? nodes.value.items[0])?.metadata.name;
}

/**
 * The Deployment's template names the image (however it is spelled) and every
 * running container of its pods really runs it, by the image the kubelet
 * reports (or the digest the runtime resolved).
 */
function deploymentRunsImage(client: ApiClient, namespace: string, name: string, container: string | undefined, image: string): PredicateResult {
  const description = `deployment ${namespace}/${name} runs ${canonicalImage(image)}${container ? ` in container ${container}` : ''}`;
  const r = client.get('deployments', namespace, name);
  if (!r.ok) return { holds: false, description: about(undefined, description) };
  const d = r.value as Obj;
  const containers = (d.spec?.template?.spec?.containers ?? []) as Obj[];
  const target = container === undefined ? containers[0] : containers.find((c) => c.name === container);
  if (!target || typeof target.image !== 'string' || !sameImage(image, target.image)) return { holds: false, description: `${description} (the template names ${target?.image ?? 'no such container'})` };
  // The Deployment's pods, by its whole selector (matchExpressions too).
  const selector = d.spec?.selector as LabelSelector | undefined;
  const list = client.list('pods', namespace);
  const statuses = (list.ok ? list.value.items : [])
    .filter((pod) => matchesLabelSelector(selector, pod.metadata.labels) && !pod.metadata.deletionTimestamp && !isFinished(pod))
    .flatMap((pod) => ((pod.status as Obj)?.containerStatuses ?? []) as Obj[])
    .filter((s) => s.name === target.name && s.state?.running);
  const wrong = statuses.filter((s) => !sameImage(image, String(s.image ?? ''), String(s.imageID ?? '')));
  if (statuses.length === 0) return { holds: false, description: `${description} (no container of it is running)` };
  if (wrong.length > 0) return { holds: false, description: `${description} (${wrong.length} running container${wrong.length === 1 ? '' : 's'} run${wrong.length === 1 ? 's' : ''} ${String(wrong[0].image)})` };
  return { holds: true, description };
}

/** A pod that has finished (Succeeded, or Failed as evicted pods are) occupies no node. */
function isFinished(pod: KubeObject): boolean {
  return isTerminalPod(pod as Pod);
}

function isReady(pod: KubeObject): boolean {
  return ((pod.status as Obj)?.conditions ?? []).some((c: Obj) => c.type === 'Ready' && c.status === 'True');
}

/**
 * A dotted path into an object (`spec.containers.0.image`), own properties only;
 * `\.` is a dot inside a key (`spec.hard.requests\.cpu`, `metadata.labels.app\.kubernetes\.io/name`).
 */
export function fieldAt(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  const keys = path.replace(/^\./, '').split(/(?<!\\)\./).map((k) => k.replaceAll('\\.', '.'));
  for (const key of keys) {
    // Own keys only: a path through `constructor` or `__proto__` names no field of the object.
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, key)) return undefined;
    cur = (cur as Obj)[key];
  }
  return cur;
}

function toNumber(v: unknown): number {
  return typeof v === 'number' ? v : Number(v);
}
