/**
 * Scenario manifests and node labels as the API server will judge them when
 * the scenario loads: names per kind (plus kubedrill's rule that scenario
 * names hold no shell syntax), label and annotation keys, served kinds,
 * existing namespaces, and finally a create on a scratch API server.
 */
import type { FieldError } from '../cluster/apiserver/errors.js';
import { quote } from '../shell/sanitize.js';
import { resourceForKind } from '../cluster/apiserver/resources.js';
import { ApiServer } from '../cluster/apiserver/server.js';
import { decodeErrorMessage, strictDecodeProblems, strictPath, visitFields } from '../cluster/apiserver/strict-decode.js';
import type { KubeObject } from '../cluster/apiserver/types.js';
import { MAX_REPLICAS, validateMetaMaps, validateObjectName } from '../cluster/apiserver/validation.js';
import { SYSTEM_NAMESPACES } from '../cluster/bootstrap/kubeadm.js';
import { EventQueue } from '../cluster/clock/event-queue.js';
import { Random } from '../cluster/clock/random.js';
import { Store } from '../cluster/store/store.js';
import type { DocPath } from './load.js';
import { fieldSupport, kindSupport, refusal, type FieldContext } from './modelled.js';
import type { ManifestSpec, Scenario } from './schema.js';

/** Records one problem at a document path (at the value, or at the key). */
export type Report = (path: DocPath, message: string, at?: 'key' | 'value') => void;

// Shell syntax a learner would have to quote: the API server lets RBAC names carry it, scenario packs may not.
const SHELL_UNSAFE = /[\s"'`$\\;&|<>(){}[\]*?!#~^]/;

/** Every manifest and node-label check, reported through `report`. */
export function checkManifests(scenario: Scenario, report: Report): void {
  const misnamed = checkNames(scenario, report);
  checkKindsAndNamespaces(scenario, misnamed, report);
}

/**
 * Manifest names: the API server's rules per kind, then kubedrill's: nothing a shell would interpret.
 * Returns the indexes of the manifests whose name, labels or annotations the API server refuses.
 */
function checkNames(scenario: Scenario, report: Report): Set<number> {
  const misnamed = new Set<number>();
  scenario.cluster.manifests.forEach((m, i) => {
    const path: DocPath = ['cluster', 'manifests', i, 'metadata', 'name'];
    const name = m.metadata.name;
    const apiErrors = validateObjectName(m.apiVersion, m.kind, name);
    for (const e of apiErrors) report(path, `cluster.manifests[${i}]: ${m.kind} ${quote(name)} is invalid: ${e.field}: ${e.detail}`);
    if (apiErrors.length === 0 && SHELL_UNSAFE.test(name)) {
      report(path, `cluster.manifests[${i}]: ${m.kind} name ${quote(name)} contains whitespace or shell syntax; learners type object names into a shell, so scenario packs use letters, digits, '-', '.', ':' and '@'`);
    }
    const metaErrors: FieldError[] = [];
    validateMetaMaps(m.metadata, metaErrors);
    for (const e of metaErrors) report(['cluster', 'manifests', i, 'metadata', e.field.split('.')[1]!], `cluster.manifests[${i}]: ${m.kind} ${quote(name)} is invalid: ${e.field}: ${e.detail}`);
    if (apiErrors.length > 0 || metaErrors.length > 0) misnamed.add(i);
  });
  scenario.cluster.nodes.forEach((n, i) => {
    const metaErrors: FieldError[] = [];
    validateMetaMaps({ labels: n.labels }, metaErrors);
    // A `count` entry's labels are those of every node it declares: name the first.
    const name = n.count === undefined ? n.name : `${n.name}-1`;
    for (const e of metaErrors) report(['cluster', 'nodes', i, 'labels'], `cluster.nodes[${i}]: Node ${quote(name)} is invalid: ${e.field}: ${e.detail}`);
  });
  return misnamed;
}

/**
 * Manifests are created in order through the API server when the scenario
 * loads: their kind must be served and their namespace must exist by then (a
 * kubeadm namespace or a Namespace declared earlier), or the scenario cannot start.
 */
function checkKindsAndNamespaces(scenario: Scenario, misnamed: ReadonlySet<number>, report: Report): void {
  const namespaces = new Set(SYSTEM_NAMESPACES);
  // A scratch API server with kubeadm's namespaces: each manifest that passed the checks above is
  // created on it as the scenario start will, so whatever the server refuses is reported here.
  const queue = new EventQueue(0);
  const api = new ApiServer({ store: new Store(queue), queue, random: new Random(1), version: { gitVersion: scenario.cluster.version, major: '1', minor: '32' } });
  const system = api.client({ type: 'loopback', user: 'system:apiserver', groups: ['system:masters'] });
  for (const name of SYSTEM_NAMESPACES) system.create('namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  const declared = declaredObjects(scenario);
  scenario.cluster.manifests.forEach((m, i) => {
    const info = resourceForKind(m.apiVersion, m.kind);
    if (!info) {
      report(['cluster', 'manifests', i, 'kind'], `cluster.manifests[${i}]: no matches for kind ${quote(m.kind)} in version ${quote(m.apiVersion)} (the simulated API server does not serve it)`);
      return;
    }
    const ns = m.metadata.namespace ?? 'default';
    if (info.namespaced && !namespaces.has(ns)) {
      report(['cluster', 'manifests', i, 'metadata', 'namespace'], `cluster.manifests[${i}]: namespaces ${quote(ns)} not found (declare a Namespace before it in cluster.manifests)`);
      return;
    }
    if (m.kind === 'Namespace') namespaces.add(m.metadata.name);
    // Name, label and annotation problems are reported by checkNames, at their fields.
    if (misnamed.has(i)) return;
    // Too many replicas is reported by the scenario limits, in the author's terms.
    const replicas = (m as { spec?: { replicas?: unknown } }).spec?.replicas;
    if (typeof replicas === 'number' && replicas > MAX_REPLICAS) return;
    // The body is decoded into the kind's Go type first, with kubectl's fieldValidation=Strict:
    // each unknown field (at its key) and a wrong-typed value (at the value) is reported where it is written.
    const decodeProblems = strictDecodeProblems(m, m.apiVersion, m.kind);
    if (decodeProblems.length > 0) {
      for (const p of decodeProblems) {
        report(['cluster', 'manifests', i, ...p.path], `cluster.manifests[${i}]: ${decodeErrorMessage(m.apiVersion, m.kind, [p])}`, p.type === 'unknown-field' ? 'key' : 'value');
      }
      return;
    }
    checkModelled(m, i, ns, declared, report);
    let created: ReturnType<typeof system.create>;
    try {
      created = system.create(info.name, info.namespaced ? ns : undefined, structuredClone(m) as unknown as KubeObject);
    } catch {
      // The decoder above knows every served kind; a throw here is a simulation gap, still reported at the manifest.
      report(['cluster', 'manifests', i], `cluster.manifests[${i}]: ${m.kind} ${quote(m.metadata.name)} cannot be decoded: a field holds the wrong type (a scalar, list or mapping where another is expected)`);
      return;
    }
    if (created.ok || created.status.reason === 'AlreadyExists') return;
    // An Invalid status names each field it refuses: report each at that field, as the server words it.
    const causes = created.status.details?.causes?.filter((c) => c.field) ?? [];
    const prefix = created.status.message.slice(0, created.status.message.indexOf(' is invalid: ') + ' is invalid: '.length);
    if (created.status.reason === 'Invalid' && causes.length > 0 && prefix.length > 0) {
      for (const c of causes) report(['cluster', 'manifests', i, ...fieldPathSegments(c.field!)], `cluster.manifests[${i}]: ${prefix}${c.field}: ${c.message}`);
    } else report(['cluster', 'manifests', i], `cluster.manifests[${i}]: ${created.status.message}`);
  });
}

/** An API field path (`spec.containers[0].ports[0].containerPort`, `metadata.labels[app]`) as document path segments. */
function fieldPathSegments(field: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of field.matchAll(/([^.[\]]+)|\[([^\]]*)\]/g)) {
    if (m[1] !== undefined) out.push(m[1]);
    else out.push(/^\d+$/.test(m[2]!) ? Number(m[2]) : m[2]!);
  }
  return out;
}

/** Objects kubeadm creates (bootstrap/kubeadm.ts) that a scenario's pods may name: `Kind/namespace/name`. */
const KUBEADM_OBJECTS = ['ConfigMap/kube-system/coredns', 'ConfigMap/kube-system/kube-proxy', 'ServiceAccount/kube-system/coredns', 'ServiceAccount/kube-system/kube-proxy'];

/** ConfigMaps and ServiceAccounts that exist once the workloads are applied (kubeadm's and the scenario's, in any order): `Kind/namespace/name`. */
function declaredObjects(scenario: Scenario): Set<string> {
  const names = new Set(KUBEADM_OBJECTS);
  for (const m of scenario.cluster.manifests) {
    if (m.apiVersion === 'v1' && (m.kind === 'ConfigMap' || m.kind === 'ServiceAccount')) names.add(`${m.kind}/${m.metadata.namespace ?? 'default'}/${m.metadata.name}`);
  }
  return names;
}

/** Refuses a kind or field the simulation serves but does not model (modelled.ts), by name, where it is written. */
function checkModelled(m: ManifestSpec, i: number, namespace: string, declared: ReadonlySet<string>, report: Report): void {
  const kind = kindSupport(m.apiVersion, m.kind);
  if (kind?.support === 'not-simulated') report(['cluster', 'manifests', i, 'kind'], `cluster.manifests[${i}]: ${m.kind} is not simulated: ${kind.note}`);
  const context: FieldContext = { namespace, exists: (kind, name) => declared.has(`${kind}/${namespace}/${name}`) };
  visitFields(m, m.apiVersion, m.kind, (struct, field, value, path) => {
    const entry = fieldSupport(struct, field);
    if (!entry) return;
    const why = refusal(entry, value, context);
    if (why === undefined) return;
    // A reason about one key of the value (`memory: ...` of resources.limits) is reported at that key.
    const key = /^(\w+): /.exec(why)?.[1];
    const at = key !== undefined && value !== null && typeof value === 'object' && Object.hasOwn(value, key) ? [...path, key] : path;
    const text = key !== undefined && at.length > path.length ? why.slice(key.length + 2) : why;
    report(['cluster', 'manifests', i, ...at], `cluster.manifests[${i}]: ${why === '' ? `${strictPath(at)} is not simulated: ${entry.note}` : `${strictPath(at)}: ${text}`}`, 'key');
  });
}

