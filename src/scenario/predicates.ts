/**
 * The goal vocabulary: named predicates over the simulated cluster's state,
 * read through the API server like any client would.
 */
import type { ApiClient, KubeObject } from '../cluster/apiserver/types.js';
import type { GoalPredicate } from './schema.js';

type Obj = Record<string, any>;

/** One evaluated predicate. */
export interface PredicateResult {
  holds: boolean;
  /** A short human description, e.g. `pod default/batch is scheduled`. */
  description: string;
}

/** Evaluates one goal predicate. */
export function evaluatePredicate(client: ApiClient, p: GoalPredicate): PredicateResult {
  const get = (resource: string, ns: string | undefined, name: string): Obj | undefined => {
    const r = client.get(resource, ns, name);
    return r.ok ? (r.value as Obj) : undefined;
  };
  if ('not' in p && p.not) {
    const inner = evaluatePredicate(client, p.not as GoalPredicate);
    return { holds: !inner.holds, description: `not (${inner.description})` };
  }
  if ('nodeReady' in p) {
    const node = get('nodes', undefined, p.nodeReady);
    const ready = (node?.status?.conditions ?? []).find((c: Obj) => c.type === 'Ready');
    return { holds: ready?.status === 'True', description: `node ${p.nodeReady} is Ready` };
  }
  if ('nodeSchedulable' in p) {
    const node = get('nodes', undefined, p.nodeSchedulable);
    return { holds: !!node && !node.spec?.unschedulable, description: `node ${p.nodeSchedulable} is schedulable` };
  }
  if ('podScheduled' in p) {
    const { namespace, name } = p.podScheduled;
    const pod = get('pods', namespace, name);
    return { holds: !!pod?.spec?.nodeName, description: `pod ${namespace}/${name} is scheduled` };
  }
  if ('podRunning' in p) {
    const { namespace, name } = p.podRunning;
    const pod = get('pods', namespace, name);
    return { holds: pod?.status?.phase === 'Running', description: `pod ${namespace}/${name} is Running` };
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
    return { holds: !!d && condition?.status === 'True' && available >= wanted, description: `deployment ${namespace}/${name} is available with ${wanted} replicas (${available} now)` };
  }
  if ('serviceHasEndpoints' in p) {
    const { namespace, name } = p.serviceHasEndpoints;
    const ep = get('endpoints', namespace, name);
    const addresses = (ep?.subsets ?? []).reduce((n: number, s: Obj) => n + (s.addresses?.length ?? 0), 0);
    return { holds: addresses > 0, description: `service ${namespace}/${name} has ready endpoints` };
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
    return { holds: obj !== undefined && holds, description: `${f.resource} ${f.namespace ? `${f.namespace}/` : ''}${f.name} ${f.path} ${what}` };
  }
  return { holds: false, description: 'unknown predicate' };
}

/** Evaluates every goal predicate. */
export function evaluateGoal(client: ApiClient, goal: readonly GoalPredicate[]): PredicateResult[] {
  return goal.map((p) => evaluatePredicate(client, p));
}

function isReady(pod: KubeObject): boolean {
  return ((pod.status as Obj)?.conditions ?? []).some((c: Obj) => c.type === 'Ready' && c.status === 'True');
}

function fieldAt(obj: Obj, path: string): unknown {
  let cur: unknown = obj;
  for (const key of path.replace(/^\./, '').split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Obj)[key];
  }
  return cur;
}

function toNumber(v: unknown): number {
  return typeof v === 'number' ? v : Number(v);
}
