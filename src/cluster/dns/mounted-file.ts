/**
 * A file a container sees through a ConfigMap volume: the kubelet's
 * configMap volume plugin (pkg/volume/configmap) projects the ConfigMap's
 * keys (or the `items` it lists) as files under the volumeMount's path. The
 * kubelet reads the pod and the ConfigMap with its node identity, as the
 * Node authorizer lets it for pods bound to its node.
 */
import type { ApiClient } from '../apiserver/types.js';

type Obj = Record<string, any>;

/** The pod, container and node a file is read for. */
export interface MountContext {
  /** The API client of the node's kubelet. */
  client: ApiClient;
  namespace: string;
  pod: string;
  container: string;
}

/** The outcome of reading a file. */
export type MountedFile = { ok: true; text: string } | { ok: false; error: string };

/** The container's spec as stored, an app or init container (undefined when the pod is gone). */
export function containerSpec(m: MountContext): { pod: Obj; container: Obj } | undefined {
  const r = m.client.get('pods', m.namespace, m.pod);
  if (!r.ok) return undefined;
  const pod = r.value as Obj;
  const container = [...((pod.spec?.containers as Obj[]) ?? []), ...((pod.spec?.initContainers as Obj[]) ?? [])].find((c) => c.name === m.container);
  return container ? { pod, container } : undefined;
}

/** Reads `path` inside the container: from a ConfigMap volume mounted over it, else not found (Go's os.ReadFile wording). */
export function readMountedFile(m: MountContext, path: string): MountedFile {
  const missing: MountedFile = { ok: false, error: `open ${path}: no such file or directory` };
  const found = containerSpec(m);
  if (!found) return missing;
  for (const mount of (found.container.volumeMounts as Obj[]) ?? []) {
    const dir = String(mount.mountPath ?? '').replace(/\/$/, '');
    if (!path.startsWith(`${dir}/`)) continue;
    const rel = path.slice(dir.length + 1);
    const volume = ((found.pod.spec?.volumes as Obj[]) ?? []).find((v) => v.name === mount.name);
    const source = volume?.configMap as Obj | undefined;
    if (!source) continue;
    const cm = m.client.get('configmaps', m.namespace, String(source.name));
    if (!cm.ok) return missing;
    const data = ((cm.value as Obj).data ?? {}) as Record<string, string>;
    const items = source.items as Obj[] | undefined;
    const key = items ? items.find((i) => i.path === rel)?.key : rel;
    if (key === undefined || !Object.hasOwn(data, key)) return missing;
    return { ok: true, text: data[key] };
  }
  return missing;
}
