/**
 * `kubectl expose (TYPE NAME | TYPE/NAME) [--port=P] [--target-port=T]
 * [--name=N] [--type=T] [--protocol=P] [--selector=S] [-l LABELS]`
 * (kubectl v0.32 pkg/cmd/expose/expose.go): a Service for a pod, a
 * Deployment, a ReplicaSet or another Service, its selector, ports,
 * protocols and labels taken from the object unless given
 * (polymorphichelpers MapBasedSelectorForObject, PortsForObject,
 * ProtocolsForObject), then created like any generator's object.
 */
import type { KubeObject } from '../../cluster/apiserver/types.js';
import type { ExecResult } from '../types.js';
import type { Invocation } from './invocation.js';
import { str } from './flags.js';
import { errorResult, statusMessage } from './errors.js';
import { fetchTargets, parseTargets } from './resolve.js';
import { createOrPrint } from './create-data.js';

type Obj = Record<string, any>;

/** expose.go exposeServiceLong: the kinds that can be exposed. */
const EXPOSABLE = new Set(['Pod', 'Service', 'ReplicationController', 'Deployment', 'ReplicaSet']);

/** A usage error as cmdutil.UsageErrorf prints it. */
function usage(message: string): ExecResult {
  return { stdout: '', stderr: `error: ${message}\nSee 'kubectl expose -h' for help and examples\n`, exitCode: 1 };
}

/** `k=v,k2=v2` as parseLabels reads it; undefined for a malformed one. */
function parseLabels(text: string): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) return undefined;
    out[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return out;
}

/** MapBasedSelectorForObject: the pod labels the object selects, or why it has none in map form. */
function selectorOf(obj: Obj): Record<string, string> | string {
  switch (obj.kind) {
    case 'Pod':
      return obj.metadata?.labels && Object.keys(obj.metadata.labels).length > 0 ? { ...obj.metadata.labels } : 'the pod has no labels and cannot be exposed';
    case 'Service':
      return obj.spec?.selector && Object.keys(obj.spec.selector).length > 0 ? { ...obj.spec.selector } : 'the service has no pod selector set';
    case 'ReplicationController':
      return { ...(obj.spec?.selector ?? {}) };
    default: {
      const selector: Obj = obj.spec?.selector ?? {};
      if ((selector.matchExpressions ?? []).length > 0) return `couldn't convert expressions - "${JSON.stringify(selector.matchExpressions)}" to map-based selector format`;
      return { ...(selector.matchLabels ?? {}) };
    }
  }
}

/** The containers whose ports PortsForObject reads. */
function containersOf(obj: Obj): Obj[] {
  if (obj.kind === 'Pod') return obj.spec?.containers ?? [];
  return obj.spec?.template?.spec?.containers ?? [];
}

/** PortsForObject and ProtocolsForObject: each port as text, and its protocol. */
function portsOf(obj: Obj): { port: string; protocol: string }[] {
  if (obj.kind === 'Service') return ((obj.spec?.ports ?? []) as Obj[]).map((p) => ({ port: String(p.port), protocol: String(p.protocol ?? 'TCP') }));
  return containersOf(obj).flatMap((c) => ((c.ports ?? []) as Obj[]).map((p) => ({ port: String(p.containerPort), protocol: String(p.protocol ?? 'TCP') })));
}

/** Runs `kubectl expose`. */
export function runExpose(inv: Invocation): ExecResult {
  if (inv.args.length === 0) return usage('You must provide one or more resources by argument or filename.');
  const parsed = parseTargets(inv.args);
  if (!parsed.ok) return errorResult(parsed.error);
  const fetched = fetchTargets(inv, parsed.targets, statusMessage);
  if (fetched.failed || fetched.objects.length === 0) return { stdout: '', stderr: fetched.stderr, exitCode: 1 };
  let stdout = '';
  let stderr = '';
  let failed = false;
  for (const { info, obj } of fetched.objects) {
    if (!EXPOSABLE.has(info.kind)) {
      stderr += `error: cannot expose a ${info.kind}${info.group ? `.${info.group}` : ''}\n`;
      failed = true;
      continue;
    }
    const made = serviceFor(inv, obj as Obj);
    if (typeof made === 'string') return usage(made);
    if ('error' in made) return errorResult(made.error);
    const r = createOrPrint(inv, 'services', undefined, made.service, 'exposed');
    stdout += r.stdout;
    stderr += r.stderr;
    failed ||= r.exitCode !== 0;
  }
  return { stdout, stderr, exitCode: failed ? 1 : 0 };
}

/** createService: the Service for `obj`; a string is a usage error, `{ error }` a plain one. */
function serviceFor(inv: Invocation, obj: Obj): { service: KubeObject } | { error: string } | string {
  const selectorFlag = str(inv.flags, 'selector');
  let selector: Record<string, string>;
  if (selectorFlag) {
    const parsed = parseLabels(selectorFlag);
    if (!parsed) return { error: `invalid label spec: ${selectorFlag}` };
    selector = parsed;
  } else {
    const derived = selectorOf(obj);
    if (typeof derived === 'string') return `couldn't retrieve selectors via --selector flag or introspection: ${derived}`;
    selector = derived;
  }
  if (Object.keys(selector).length === 0) return { error: 'selector must be specified' };
  const known = portsOf(obj);
  let ports = str(inv.flags, 'port') ? [str(inv.flags, 'port')!] : known.map((p) => p.port);
  if (ports.length === 0 && str(inv.flags, 'cluster-ip') !== 'None') return "couldn't find port via --port flag or introspection";
  ports = ports.flatMap((p) => p.split(',')).map((p) => p.trim());
  const servicePorts: Obj[] = [];
  for (const [i, port] of ports.entries()) {
    if (!/^[+-]?\d+$/.test(port)) return { error: `strconv.Atoi: parsing ${JSON.stringify(port)}: invalid syntax` };
    // The object's own protocol for a port it declares, unless --protocol says otherwise.
    const protocol = (str(inv.flags, 'protocol') || known.find((k) => k.port === port)?.protocol || 'TCP').toUpperCase();
    servicePorts.push({ ...(ports.length > 1 ? { name: `port-${i + 1}` } : {}), port: Number(port), protocol });
  }
  const target = str(inv.flags, 'target-port');
  for (const p of servicePorts) p.targetPort = target ? (/^\d+$/.test(target) ? Number(target) : target) : p.port;
  const labelsFlag = str(inv.flags, 'labels');
  const labels = labelsFlag ? parseLabels(labelsFlag) : obj.metadata?.labels ? { ...obj.metadata.labels } : undefined;
  if (labelsFlag && !labels) return { error: `invalid label spec: ${labelsFlag}` };
  const spec: Obj = { ports: servicePorts, selector };
  const type = str(inv.flags, 'type');
  if (type) spec.type = type;
  const externalIP = str(inv.flags, 'external-ip');
  if (externalIP) spec.externalIPs = [externalIP];
  const clusterIP = str(inv.flags, 'cluster-ip');
  if (clusterIP) spec.clusterIP = clusterIP;
  // DNS-1035 labels are at most 63 characters: a longer object name is cut.
  const name = str(inv.flags, 'name') || String(obj.metadata?.name ?? '').slice(0, 63);
  const metadata: Obj = { name, ...(labels && Object.keys(labels).length > 0 ? { labels } : {}) };
  return { service: { apiVersion: 'v1', kind: 'Service', metadata, spec, status: { loadBalancer: {} } } as unknown as KubeObject };
}
