/**
 * hostPath volumes as a container sees them: the node's own files under the
 * volume's path, at the mount's path (a node debugging pod's /host is the
 * node's /). What `cat` and `cd` in the container reach through them.
 */

type Obj = Record<string, any>;

/** One hostPath volume mounted in a container. */
export interface HostPathMount {
  /** Where the container sees it (`/host`). */
  readonly mountPath: string;
  /** The node's directory it shows (`/`). */
  readonly hostPath: string;
}

/** The hostPath mounts of `container` (an app, init or ephemeral container of `pod`), longest mount path first. */
export function hostPathMounts(pod: object, container: string): HostPathMount[] {
  const spec = ((pod as Obj).spec ?? {}) as Obj;
  const c = [...(spec.containers ?? []), ...(spec.initContainers ?? []), ...(spec.ephemeralContainers ?? [])].find((x: Obj) => x?.name === container) as Obj | undefined;
  const out: HostPathMount[] = [];
  for (const m of (c?.volumeMounts ?? []) as Obj[]) {
    const volume = ((spec.volumes ?? []) as Obj[]).find((v) => v?.name === m.name);
    const hostPath = volume?.hostPath?.path;
    if (typeof hostPath === 'string' && typeof m.mountPath === 'string') out.push({ mountPath: m.mountPath.replace(/\/+$/, '') || '/', hostPath });
  }
  return out.sort((a, b) => b.mountPath.length - a.mountPath.length);
}

/** The node's path behind the container's absolute `path`, if a hostPath mount covers it. */
export function nodePathOf(path: string, mounts: readonly HostPathMount[]): string | undefined {
  for (const m of mounts) {
    if (path !== m.mountPath && !path.startsWith(`${m.mountPath}/`)) continue;
    const rest = path.slice(m.mountPath.length).replace(/^\/+/, '');
    return rest ? `${m.hostPath.replace(/\/+$/, '')}/${rest}` : m.hostPath;
  }
  return undefined;
}
