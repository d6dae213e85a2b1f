/**
 * The chain trace: the path a request for the scenario's goal takes through
 * the cluster's components — kubectl → API server → etcd → controllers →
 * scheduler → kubelet → runtime → probes → Endpoints → kube-proxy → CoreDNS —
 * each link judged from what the simulation recorded (objects, their
 * conditions and the events the components wrote), with the lines that show a
 * broken link. Nothing here comes from the scenario's text: the goal only
 * names the object to follow.
 */
import type { ApiClient } from '../cluster/apiserver/types.js';
import { matchesLabelSelector, type LabelSelector } from '../cluster/apiserver/selectors.js';
import type { GoalPredicate } from '../scenario/schema.js';
import type { Network, NetSource } from '../cluster/network/network.js';

type Obj = Record<string, any>;

/** How a link of the chain stands. */
export type LinkState = 'ok' | 'broken' | 'not-reached';

/** One component on the request's path. */
export interface TraceLink {
  readonly name: string;
  readonly state: LinkState;
  /** What shows a broken link: the components' own event messages and the objects' recorded state. */
  readonly lines: readonly string[];
}

/** The request followed, and its links in path order. */
export interface ChainTrace {
  /** What was followed, e.g. `deployment default/web` or `node node-2`. */
  readonly subject: string;
  readonly links: readonly TraceLink[];
}

/** The most lines shown for one broken link. */
const MAX_LINES = 4;

/** Container waiting reasons that mean the runtime (or the kubelet's preparation of it) failed. */
const RUNTIME_FAILURES = new Set(['ErrImagePull', 'ImagePullBackOff', 'InvalidImageName', 'CreateContainerConfigError', 'CreateContainerError', 'RunContainerError', 'CrashLoopBackOff', 'StartError']);

/** What the goal asks about: a set of pods (and maybe the Service in front of them), or a node. */
type Subject =
  | { kind: 'pods'; label: string; namespace: string; selector?: LabelSelector; podName?: string; deployment?: string; service?: Obj; request?: Request }
  | { kind: 'node'; label: string; node: string };

/** The request a goal makes through the network, to follow to its end. */
interface Request {
  from: NetSource;
  fromLabel: string;
  ip: string;
  port: number;
}

/** The node a Service's traffic starts from by default: the first worker (as the goal predicates choose it). */
function firstWorker(client: ApiClient): string | undefined {
  const nodes = client.list('nodes', undefined);
  if (!nodes.ok) return undefined;
  const worker = nodes.value.items.find((n) => !('node-role.kubernetes.io/control-plane' in (n.metadata.labels ?? {})));
  return (worker ?? nodes.value.items[0])?.metadata.name;
}

/** The first goal predicate that names something to follow. */
function subjectOf(client: ApiClient, goal: readonly GoalPredicate[]): Subject | undefined {
  const get = (resource: string, ns: string | undefined, name: string): Obj | undefined => {
    const r = client.get(resource, ns, name);
    return r.ok ? (r.value as Obj) : undefined;
  };
  for (const p of goal) {
    if ('deploymentAvailable' in p || 'deploymentRunsImage' in p) {
      const { namespace, name } = 'deploymentAvailable' in p ? p.deploymentAvailable : p.deploymentRunsImage;
      const d = get('deployments', namespace, name);
      return { kind: 'pods', label: `deployment ${namespace}/${name}`, namespace, selector: d?.spec?.selector, deployment: name, service: serviceFor(client, namespace, d?.spec?.template?.metadata?.labels) };
    }
    if ('podsReady' in p) {
      const { namespace, selector } = p.podsReady;
      const labels = Object.fromEntries(selector.split(',').map((kv) => kv.split('=') as [string, string]));
      return { kind: 'pods', label: `pods ${selector} in ${namespace}`, namespace, selector: { matchLabels: labels }, service: serviceFor(client, namespace, labels) };
    }
    if ('podScheduled' in p || 'podRunning' in p) {
      const { namespace, name } = 'podScheduled' in p ? p.podScheduled : p.podRunning;
      return { kind: 'pods', label: `pod ${namespace}/${name}`, namespace, podName: name };
    }
    if ('serviceHasEndpoints' in p || 'serviceAnswers' in p) {
      const { namespace, name } = 'serviceHasEndpoints' in p ? p.serviceHasEndpoints : p.serviceAnswers;
      const svc = get('services', namespace, name);
      let request: Request | undefined;
      if ('serviceAnswers' in p && svc?.spec?.clusterIP && svc.spec.clusterIP !== 'None') {
        const node = p.serviceAnswers.from ?? firstWorker(client);
        const port = p.serviceAnswers.port ?? svc.spec.ports?.[0]?.port;
        if (node && port !== undefined) request = { from: { kind: 'host', node }, fromLabel: `node ${node}`, ip: svc.spec.clusterIP, port };
      }
      return { kind: 'pods', label: `service ${namespace}/${name}`, namespace, selector: svc?.spec?.selector ? { matchLabels: svc.spec.selector } : undefined, service: svc ?? { metadata: { name, namespace } }, request };
    }
    if ('nodePortAnswers' in p) {
      const { node, port } = p.nodePortAnswers;
      const services = client.list('services', undefined);
      const svc = (services.ok ? (services.value.items as Obj[]) : []).find((s) => (s.spec?.ports ?? []).some((sp: Obj) => sp.nodePort === port));
      const address = ((get('nodes', undefined, node)?.status?.addresses ?? []) as Obj[]).find((a) => a.type === 'InternalIP')?.address;
      const request: Request | undefined = address ? { from: { kind: 'workstation' }, fromLabel: 'the workstation', ip: address, port } : undefined;
      const namespace = svc?.metadata?.namespace ?? 'default';
      return { kind: 'pods', label: svc ? `service ${namespace}/${svc.metadata.name} (NodePort ${port} on ${node})` : `NodePort ${port} on ${node}`, namespace, selector: svc?.spec?.selector ? { matchLabels: svc.spec.selector } : undefined, service: svc, request };
    }
    if ('nodeReady' in p || 'nodeSchedulable' in p) {
      const node = 'nodeReady' in p ? p.nodeReady : p.nodeSchedulable;
      return { kind: 'node', label: `node ${node}`, node };
    }
  }
  return undefined;
}

/** The Service whose selector picks pods with `labels`, if any. */
function serviceFor(client: ApiClient, namespace: string, labels: Record<string, string> | undefined): Obj | undefined {
  if (!labels) return undefined;
  const list = client.list('services', namespace);
  if (!list.ok) return undefined;
  return list.value.items.find((s) => {
    const selector = (s.spec as Obj | undefined)?.selector as Record<string, string> | undefined;
    return selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v);
  });
}

/** Events about an object, newest first: `Reason: message` lines of the given type. */
function eventLines(events: readonly Obj[], kind: string, namespace: string | undefined, name: string, type?: string): string[] {
  const mine = events.filter((e) => e.involvedObject?.kind === kind && e.involvedObject?.name === name && (namespace === undefined || e.involvedObject?.namespace === namespace) && (!type || e.type === type));
  // Newest first; RFC 3339 stamps compare as text (code units: localeCompare would follow the locale and start ICU's collator).
  const stamp = (e: Obj) => String(e.lastTimestamp ?? e.eventTime ?? '');
  mine.sort((a, b) => (stamp(b) < stamp(a) ? -1 : stamp(b) > stamp(a) ? 1 : 0));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const e of mine) {
    const line = `${e.reason}: ${e.message}`;
    if (seen.has(line)) continue;
    seen.add(line);
    out.push(line);
  }
  return out;
}

const ok = (name: string): TraceLink => ({ name, state: 'ok', lines: [] });
const notReached = (name: string): TraceLink => ({ name, state: 'not-reached', lines: [] });
const broken = (name: string, lines: readonly string[]): TraceLink => ({ name, state: 'broken', lines: lines.slice(0, MAX_LINES) });

function isReady(pod: Obj): boolean {
  return (pod.status?.conditions ?? []).some((c: Obj) => c.type === 'Ready' && c.status === 'True');
}

/** The node links: the kubelet (its Ready condition) for each node that matters. */
function kubeletLink(nodes: readonly Obj[], events: readonly Obj[]): TraceLink {
  const down = nodes.filter((n) => (n.status?.conditions ?? []).find((c: Obj) => c.type === 'Ready')?.status !== 'True');
  if (down.length === 0) return ok('kubelet');
  return broken(
    'kubelet',
    down.flatMap((n) => {
      const ready = (n.status?.conditions ?? []).find((c: Obj) => c.type === 'Ready');
      return [`node ${n.metadata.name}: Ready=${ready?.status ?? 'Unknown'} (${ready?.reason ?? 'no status'}): ${ready?.message ?? ''}`.trimEnd(), ...eventLines(events, 'Node', undefined, n.metadata.name).slice(0, 1)];
    }),
  );
}

/** Follows the goal's request through the cluster as it stands now. */
export function chainTrace(client: ApiClient, goal: readonly GoalPredicate[], network?: Network): ChainTrace | undefined {
  const namespaces = client.list('namespaces', undefined);
  if (!namespaces.ok) {
    // Nothing answers past a dead API server (or the etcd behind it).
    const etcd = /etcd/i.test(namespaces.status.message);
    return { subject: 'the cluster', links: [etcd ? ok('API server') : broken('API server', [namespaces.status.message]), etcd ? broken('etcd', [namespaces.status.message]) : notReached('etcd')] };
  }
  const subject = subjectOf(client, goal);
  if (!subject) return undefined;
  const links: TraceLink[] = [ok('API server'), ok('etcd')];
  const eventList = client.list('events', undefined);
  const events = eventList.ok ? (eventList.value.items as Obj[]) : [];
  const nodeList = client.list('nodes', undefined);
  const nodes = nodeList.ok ? (nodeList.value.items as Obj[]) : [];

  if (subject.kind === 'node') {
    const node = nodes.find((n) => n.metadata.name === subject.node);
    links.push(node ? kubeletLink([node], events) : broken('kubelet', [`node ${subject.node} is not registered`]));
    if (node?.spec?.unschedulable) links.push(broken('scheduler', [`node ${subject.node}: spec.unschedulable=true (cordoned)`]));
    return { subject: subject.label, links };
  }

  const podList = client.list('pods', subject.namespace);
  const pods = (podList.ok ? (podList.value.items as Obj[]) : []).filter((p) => !p.metadata.deletionTimestamp && (subject.podName ? p.metadata.name === subject.podName : subject.selector ? matchesLabelSelector(subject.selector, p.metadata.labels) : false));

  // Controllers: the Deployment's ReplicaSet made the pods it wants.
  if (subject.deployment) {
    const d = client.get('deployments', subject.namespace, subject.deployment);
    const want = d.ok ? ((d.value.spec as Obj)?.replicas ?? 1) : 0;
    if (pods.length >= want) links.push(ok('controllers'));
    else {
      const rsList = client.list('replicasets', subject.namespace);
      const rs = (rsList.ok ? (rsList.value.items as Obj[]) : []).filter((r) => (r.metadata.ownerReferences ?? []).some((o: Obj) => o.kind === 'Deployment' && o.name === subject.deployment));
      const lines = rs.flatMap((r) => eventLines(events, 'ReplicaSet', subject.namespace, r.metadata.name, 'Warning'));
      links.push(broken('controllers', lines.length ? lines : [`deployment ${subject.namespace}/${subject.deployment}: ${pods.length} of ${want} pods exist${rs.length ? '' : ', and no ReplicaSet'}`]));
    }
  }

  // Scheduler: every pod is bound to a node.
  const unscheduled = pods.filter((p) => !p.spec?.nodeName);
  if (pods.length === 0) links.push(notReached('scheduler'));
  else if (unscheduled.length === 0) links.push(ok('scheduler'));
  else {
    const said = unscheduled.flatMap((p) => eventLines(events, 'Pod', subject.namespace, p.metadata.name, 'Warning')).filter((l) => l.startsWith('FailedScheduling')).slice(0, 1);
    // No scheduler wrote anything: the pods wait for one that does not serve them.
    const silent = said.length ? [] : [`no scheduler has acted on ${unscheduled.length === 1 ? 'it' : 'them'} (schedulerName: ${unscheduled[0].spec?.schedulerName ?? 'default-scheduler'})`];
    links.push(broken('scheduler', [`${unscheduled.length} of ${pods.length} pods are Pending, not bound to a node`, ...said, ...silent]));
  }

  // Kubelet and runtime: on the nodes the pods were bound to.
  const scheduled = pods.filter((p) => p.spec?.nodeName);
  if (scheduled.length === 0) links.push(notReached('kubelet'), notReached('containers'), notReached('probes'));
  else {
    const bound = new Set(scheduled.map((p) => p.spec.nodeName));
    links.push(kubeletLink(nodes.filter((n) => bound.has(n.metadata.name)), events));
    const failing = scheduled.filter((p) => {
      const statuses = [...(p.status?.initContainerStatuses ?? []), ...(p.status?.containerStatuses ?? [])] as Obj[];
      const waiting = statuses.map((s) => s.state?.waiting?.reason).filter(Boolean);
      return waiting.some((r) => RUNTIME_FAILURES.has(r)) || (statuses.length === 0 && p.status?.phase === 'Pending') || waiting.some((r) => r === 'ContainerCreating' || r === 'PodInitializing');
    });
    if (failing.length === 0) links.push(ok('containers'));
    else {
      const lines = failing.flatMap((p) => eventLines(events, 'Pod', subject.namespace, p.metadata.name, 'Warning'));
      links.push(broken('containers', [...failing.slice(0, 1).map(waitingLine), ...new Set(lines)]));
    }
    const running = scheduled.filter((p) => p.status?.phase === 'Running');
    const unready = running.filter((p) => !isReady(p));
    if (running.length === 0) links.push(notReached('probes'));
    else if (unready.length === 0) links.push(ok('probes'));
    else {
      const unhealthy = unready.flatMap((p) => eventLines(events, 'Pod', subject.namespace, p.metadata.name, 'Warning')).filter((l) => l.startsWith('Unhealthy'));
      links.push(broken('probes', [`${unready.length} of ${running.length} running pods are not Ready`, ...new Set(unhealthy)]));
    }
  }

  // Behind a Service: its endpoints, the nodes' kube-proxy, and the DNS name.
  const svc = subject.service;
  if (svc) {
    const name = svc.metadata?.name as string;
    const slices = client.list('endpointslices', subject.namespace, { labelSelector: `kubernetes.io/service-name=${name}` });
    const endpoints = (slices.ok ? (slices.value.items as Obj[]) : []).flatMap((s) => (s.endpoints ?? []) as Obj[]);
    const readyEndpoints = endpoints.filter((e) => e.conditions?.ready !== false);
    if (readyEndpoints.length > 0) links.push(ok('Endpoints'));
    else {
      const selector = Object.entries((svc.spec?.selector ?? {}) as Record<string, string>).map(([k, v]) => `${k}=${v}`).join(',');
      links.push(broken('Endpoints', [`service ${subject.namespace}/${name}: selector ${selector || '<none>'}; ${endpoints.length ? `${endpoints.length} endpoints, none ready` : 'no endpoints'}`]));
    }
    links.push(componentLink(client, events, 'kube-proxy', 'k8s-app=kube-proxy'));
    links.push(componentLink(client, events, 'CoreDNS', 'k8s-app=kube-dns'));
  }
  // The request itself, through each node's rules, NetworkPolicy and host firewalls, to what listens.
  const request = subject.request;
  if (request && network) {
    const r = network.look(request.from, request.ip, request.port);
    const target = `a connection to ${request.ip}:${request.port} from ${request.fromLabel}`;
    if (r.ok) links.push(ok('request'));
    else links.push(broken('request', [`${target}: ${r.failure === 'timeout' ? 'no answer (timed out)' : r.failure === 'refused' ? 'connection refused' : 'no route to host'}`]));
  }
  return { subject: subject.label, links };
}

/** Why a pod's containers are not running: its first waiting (or unfinished init) container. */
function waitingLine(pod: Obj): string {
  const init = ((pod.status?.initContainerStatuses ?? []) as Obj[]).find((s) => !(s.state?.terminated?.exitCode === 0));
  if (init) return `pod ${pod.metadata.name}: init container ${init.name} ${init.state?.running ? 'still running' : (init.state?.waiting?.reason ?? 'not started')}`;
  const waiting = ((pod.status?.containerStatuses ?? []) as Obj[]).find((s) => s.state?.waiting);
  if (waiting) return `pod ${pod.metadata.name}: container ${waiting.name} ${waiting.state.waiting.reason}${waiting.state.waiting.message ? `: ${waiting.state.waiting.message}` : ''}`;
  return `pod ${pod.metadata.name}: ${pod.status?.phase ?? 'Pending'}, no container created yet`;
}

/** A kube-system component run as pods: broken when one of its pods is not Running and Ready. */
function componentLink(client: ApiClient, events: readonly Obj[], name: string, selector: string): TraceLink {
  const list = client.list('pods', 'kube-system', { labelSelector: selector });
  const pods = list.ok ? (list.value.items as Obj[]) : [];
  if (pods.length === 0) return broken(name, [`no ${name} pod in kube-system (${selector})`]);
  const down = pods.filter((p) => p.status?.phase !== 'Running' || !isReady(p));
  if (down.length === 0) return ok(name);
  return broken(
    name,
    down.flatMap((p) => {
      const waiting = ((p.status?.containerStatuses ?? []) as Obj[]).map((s) => s.state?.waiting?.reason ?? (s.state?.terminated ? 'Terminated' : undefined)).filter(Boolean);
      return [`pod ${p.metadata.name}: ${waiting[0] ?? p.status?.phase ?? 'Pending'}`, ...eventLines(events, 'Pod', 'kube-system', p.metadata.name, 'Warning').slice(0, 1)];
    }),
  );
}

/** The links that broke. */
export function brokenLinks(trace: ChainTrace): TraceLink[] {
  return trace.links.filter((l) => l.state === 'broken');
}
