/**
 * The environment the kubelet gives a container (pkg/kubelet/kubelet_pods.go
 * makeEnvironmentVariables): the variables of the Services its pod may see
 * (envvars.go FromServices: `WEB_SERVICE_HOST`, `WEB_PORT_80_TCP_ADDR`, ...),
 * then the container's `envFrom` and `env`, each resolved from its source
 * (a literal with `$(VAR)` references, a ConfigMap or Secret key, a field of
 * the pod). A source that cannot be read stops the container from being
 * created: the error becomes CreateContainerConfigError and the `Error: …`
 * event, worded as the kubelet's ConfigMap and Secret managers word it
 * (`configmap "app-config" not found`, `couldn't find key url in ConfigMap
 * default/app-config`).
 *
 * Upstream appends from Go maps, so a real container's order varies between
 * runs; here the declared variables keep their declaration order and the
 * Services' follow by name, so the same run always prints the same `env`.
 */
import type { ApiResult, KubeObject } from '../apiserver/types.js';

type Obj = Record<string, any>;

/** What the kubelet reads to build an environment. */
export interface EnvSources {
  get(resource: 'configmaps' | 'secrets', namespace: string, name: string): ApiResult<KubeObject>;
  /** The Services of a namespace (undefined: they cannot be listed now). */
  services(namespace: string): readonly KubeObject[] | undefined;
}

/** The resolved environment, in the order the container sees it, or why it cannot be built. */
export type ContainerEnv = { ok: true; env: [string, string][] } | { ok: false; error: string };

/** Services whose variables every pod gets, enableServiceLinks or not (kubelet_pods.go masterServices). */
const MASTER_SERVICES = new Set(['kubernetes']);

/** envvars.go makeEnvVariableName. */
function envName(name: string): string {
  return name.replace(/-/g, '_').toUpperCase();
}

/** envvars.go FromServices for one Service. */
function serviceVariables(svc: Obj): [string, string][] {
  const ip: string | undefined = svc.spec?.clusterIP;
  const ports: Obj[] = svc.spec?.ports ?? [];
  if (!ip || ip === 'None' || ports.length === 0) return [];
  const prefix = envName(String(svc.metadata?.name ?? ''));
  const out: [string, string][] = [[`${prefix}_SERVICE_HOST`, ip], [`${prefix}_SERVICE_PORT`, String(ports[0].port)]];
  for (const p of ports) if (p.name) out.push([`${prefix}_SERVICE_PORT_${envName(p.name)}`, String(p.port)]);
  ports.forEach((p, i) => {
    const protocol = String(p.protocol ?? 'TCP');
    const url = `${protocol.toLowerCase()}://${ip}:${p.port}`;
    if (i === 0) out.push([`${prefix}_PORT`, url]);
    const portPrefix = `${prefix}_PORT_${p.port}_${protocol.toUpperCase()}`;
    out.push([portPrefix, url], [`${portPrefix}_PROTO`, protocol.toLowerCase()], [`${portPrefix}_PORT`, String(p.port)], [`${portPrefix}_ADDR`, ip]);
  });
  return out;
}

/**
 * serviceVariables of each stored Service (never changed once written), made once and
 * shared, frozen, by the environments of every container created while it stands: the
 * kubelet builds these for every container of every pod.
 */
const variablesOf = new WeakMap<object, readonly (readonly [string, string])[]>();

function sharedServiceVariables(svc: Obj): readonly (readonly [string, string])[] {
  let made = variablesOf.get(svc);
  if (!made) variablesOf.set(svc, (made = Object.freeze(serviceVariables(svc).map((pair) => Object.freeze(pair)))));
  return made;
}

/**
 * kubelet_pods.go getServiceEnvVarMap: the Services of the pod's namespace (with service links), and the API server's from default.
 * Each variable maps to its (shared) name and value pair.
 */
function serviceEnv(pod: KubeObject, sources: EnvSources): ReadonlyMap<string, readonly [string, string]> {
  const namespace = pod.metadata.namespace ?? 'default';
  const links = (pod.spec as Obj | undefined)?.enableServiceLinks !== false;
  // One list of default's Services serves both uses of it below (nothing runs between the two reads).
  const defaults = sources.services('default') ?? NO_SERVICES;
  const own = links ? (namespace === 'default' ? defaults : (sources.services(namespace) ?? NO_SERVICES)) : NO_SERVICES;
  // Every container of every pod asks: while the stored Services are the same objects, so is the map.
  const last = lastServiceEnv;
  if (last && sameItems(last.defaults, defaults) && sameItems(last.own, own)) return last.env;
  const chosen = new Map<string, Obj>();
  for (const svc of defaults) if (MASTER_SERVICES.has(svc.metadata.name ?? '')) chosen.set(svc.metadata.name!, svc);
  for (const svc of own) chosen.set(svc.metadata.name!, svc);
  const names = [...chosen.keys()].sort();
  const env = new Map<string, readonly [string, string]>();
  for (const name of names) for (const pair of sharedServiceVariables(chosen.get(name)!)) env.set(pair[0], pair);
  lastServiceEnv = { defaults, own, env };
  return env;
}

const NO_SERVICES: readonly KubeObject[] = Object.freeze([]);

/** The last environment {@link serviceEnv} built, with the stored Services it was built from (the map is a function of them). */
let lastServiceEnv: { defaults: readonly KubeObject[]; own: readonly KubeObject[]; env: ReadonlyMap<string, readonly [string, string]> } | undefined;

/** The environment of a container that declares nothing, made last, and the Services' map it was made from. */
let lastServicesOnly: { services: ReadonlyMap<string, readonly [string, string]>; env: ContainerEnv } | undefined;

/**
 * The Services' variables in the map's order (what containerEnv makes when nothing is declared), shared, frozen,
 * by every such container while the map is the same (serviceEnv keeps it while the stored Services are).
 */
function servicesOnly(services: ReadonlyMap<string, readonly [string, string]>): ContainerEnv {
  const last = lastServicesOnly;
  if (last && last.services === services) return last.env;
  const env: ContainerEnv = Object.freeze({ ok: true as const, env: Object.freeze([...services.values()]) as [string, string][] });
  lastServicesOnly = { services, env };
  return env;
}

/** Do two lists hold the very same objects, in order? */
function sameItems(a: readonly KubeObject[], b: readonly KubeObject[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** third_party/forked/golang/expansion: `$(VAR)` from what is defined so far, `$$` an escaped `$`, unknown references kept. */
function expand(value: string, lookup: (name: string) => string | undefined): string {
  return value.replace(/\$\$|\$\(([^)]*)\)/g, (match, name: string | undefined) => {
    if (match === '$$') return '$';
    return lookup(name ?? '') ?? match;
  });
}

/** A pod field a `fieldRef` names (pkg/fieldpath and podFieldSelectorRuntimeValue). */
function podField(pod: KubeObject, path: string): string | undefined {
  const meta = pod.metadata as Obj;
  const spec = (pod.spec ?? {}) as Obj;
  const status = (pod.status ?? {}) as Obj;
  const label = /^metadata\.(labels|annotations)\['(.*)'\]$/.exec(path);
  if (label) return meta[label[1]]?.[label[2]] ?? '';
  switch (path) {
    case 'metadata.name':
      return meta.name;
    case 'metadata.namespace':
      return meta.namespace;
    case 'metadata.uid':
      return meta.uid;
    case 'spec.nodeName':
      return spec.nodeName;
    case 'spec.serviceAccountName':
      return spec.serviceAccountName;
    case 'status.hostIP':
      return status.hostIP;
    case 'status.podIP':
      return status.podIP;
    case 'status.podIPs':
      return (status.podIPs ?? []).map((p: Obj) => p.ip).join(',');
  }
  return undefined;
}

/** The data of a ConfigMap or Secret (a Secret's values decoded), or the manager's error. */
function readSource(kind: 'configmap' | 'secret', namespace: string, name: string, sources: EnvSources, cache: Map<string, Map<string, string> | string>): Map<string, string> | string {
  const key = `${kind}/${name}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const r = sources.get(kind === 'configmap' ? 'configmaps' : 'secrets', namespace, name);
  let found: Map<string, string> | string;
  // watch_based_manager.go: NewNotFound(corev1.Resource("configmap"|"secret"), name).
  if (!r.ok) found = r.status.code === 404 ? `${kind} "${name}" not found` : r.status.message;
  else {
    const obj = r.value as Obj;
    found = new Map(Object.entries((obj.data ?? {}) as Record<string, string>).map(([k, v]) => [k, kind === 'secret' ? Buffer.from(String(v), 'base64').toString('utf8') : String(v)]));
    if (kind === 'configmap') for (const [k, v] of Object.entries((obj.binaryData ?? {}) as Record<string, string>)) found.set(k, Buffer.from(String(v), 'base64').toString('latin1'));
  }
  cache.set(key, found);
  return found;
}

/** The environment of `container` in `pod`. */
export function containerEnv(pod: KubeObject, container: Obj, sources: EnvSources): ContainerEnv {
  const namespace = pod.metadata.namespace ?? 'default';
  const services = serviceEnv(pod, sources);
  // A container that declares no variables has the Services' alone: one frozen environment per map of them.
  if (!container.envFrom?.length && !container.env?.length) return servicesOnly(services);
  const declared = new Map<string, string>();
  const cache = new Map<string, Map<string, string> | string>();
  for (const from of (container.envFrom ?? []) as Obj[]) {
    const ref = from.configMapRef ?? from.secretRef;
    if (!ref) continue;
    const kind = from.configMapRef ? 'configmap' : 'secret';
    const data = readSource(kind, namespace, String(ref.name ?? ''), sources, cache);
    if (typeof data === 'string') {
      if (ref.optional === true && data.endsWith('not found')) continue;
      return { ok: false, error: data };
    }
    for (const k of [...data.keys()].sort()) declared.set(`${from.prefix ?? ''}${k}`, data.get(k)!);
  }
  for (const e of (container.env ?? []) as Obj[]) {
    const name = String(e.name ?? '');
    if (e.valueFrom === undefined) {
      declared.set(name, expand(String(e.value ?? ''), (ref) => declared.get(ref) ?? services.get(ref)?.[1]));
      continue;
    }
    const v = e.valueFrom as Obj;
    const keyRef = v.configMapKeyRef ?? v.secretKeyRef;
    if (keyRef) {
      const kind = v.configMapKeyRef ? 'configmap' : 'secret';
      const data = readSource(kind, namespace, String(keyRef.name ?? ''), sources, cache);
      const optional = keyRef.optional === true;
      if (typeof data === 'string') {
        if (optional && data.endsWith('not found')) continue;
        return { ok: false, error: data };
      }
      const value = data.get(String(keyRef.key));
      if (value === undefined) {
        if (optional) continue;
        return { ok: false, error: `couldn't find key ${keyRef.key} in ${kind === 'configmap' ? 'ConfigMap' : 'Secret'} ${namespace}/${keyRef.name}` };
      }
      declared.set(name, value);
    } else if (v.fieldRef) {
      declared.set(name, podField(pod, String(v.fieldRef.fieldPath ?? '')) ?? '');
    }
  }
  const env: [string, string][] = [...declared];
  // The Services' pairs are shared between containers (nothing changes a container's env once made).
  for (const [k, pair] of services) if (!declared.has(k)) env.push(pair as [string, string]);
  return { ok: true, env };
}
