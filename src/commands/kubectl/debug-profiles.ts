/**
 * kubectl debug's profiles (pkg/cmd/debug/profiles.go, kubectl 1.32): what
 * each one changes in the pod it builds, by debugging style. A node debugging
 * pod gets the host's namespaces (and its root at /host) from legacy,
 * general and sysadmin; netadmin gives host namespaces without the mount;
 * baseline and restricted keep the pod in its own namespaces.
 */

type Obj = Record<string, any>;

/** How the debugged object is reached: a pod on a node, an ephemeral container, or a copy of the pod (profiles.go debugStyle). */
export type DebugStyle = 'node' | 'ephemeral' | 'copy';

/** What a copy keeps of the original pod (profiles.go KeepFlags: --keep-labels, --keep-annotations, …). */
export interface KeepFlags {
  labels: boolean;
  annotations: boolean;
  liveness: boolean;
  readiness: boolean;
  startup: boolean;
  initContainers: boolean;
}

/** The profiles `--profile` accepts, in the order its help lists them. */
export const PROFILES = ['legacy', 'general', 'baseline', 'netadmin', 'restricted', 'sysadmin'] as const;

/** A profile name. */
export type Profile = (typeof PROFILES)[number];

/** Is `name` a profile (NewProfileApplier's switch)? */
export function isProfile(name: string): name is Profile {
  return (PROFILES as readonly string[]).includes(name);
}

/** Applies `profile` to `pod` (the node debugging pod, the pod with the new ephemeral container, or the copy) for container `name`. */
export function applyProfile(profile: Profile, style: DebugStyle, pod: Obj, name: string, keep: KeepFlags = KEEP_ALL): void {
  const c = containerNamed(pod, name);
  if (!c) return;
  const node = style === 'node';
  const copy = style === 'copy';
  switch (profile) {
    case 'legacy':
      if (node) {
        mountRootPartition(pod, c);
        useHostNamespaces(pod);
      }
      // The legacy profile drops a copy's labels whatever --keep-labels says.
      if (copy) delete pod.metadata.labels;
      return;
    case 'general':
      if (node) {
        mountRootPartition(pod, c);
        delete c.securityContext;
        useHostNamespaces(pod);
      } else addCapability(c, 'SYS_PTRACE');
      if (copy) prepareCopy(pod, keep);
      return;
    case 'baseline':
      delete c.securityContext;
      if (copy) prepareCopy(pod, keep);
      return;
    case 'restricted': {
      delete c.securityContext;
      const sc = (c.securityContext = {} as Obj);
      sc.runAsNonRoot = true;
      sc.capabilities = { drop: ['ALL'] };
      sc.allowPrivilegeEscalation = false;
      sc.seccompProfile = { type: 'RuntimeDefault' };
      if (copy) prepareCopy(pod, keep);
      return;
    }
    case 'netadmin':
      addCapability(c, 'NET_ADMIN');
      addCapability(c, 'NET_RAW');
      if (node) useHostNamespaces(pod);
      if (copy) prepareCopy(pod, keep);
      return;
    case 'sysadmin':
      (c.securityContext ??= {}).privileged = true;
      if (node) {
        useHostNamespaces(pod);
        mountRootPartition(pod, c);
      }
      if (copy) prepareCopy(pod, keep);
      return;
  }
}

const KEEP_ALL: KeepFlags = { labels: true, annotations: true, liveness: true, readiness: true, startup: true, initContainers: true };

/** The podCopy case of every profile but legacy: what the copy does not keep, and one process namespace for all its containers. */
function prepareCopy(pod: Obj, keep: KeepFlags): void {
  if (!keep.labels) delete pod.metadata.labels;
  if (!keep.annotations) delete pod.metadata.annotations;
  for (const c of (pod.spec.containers ?? []) as Obj[]) {
    if (!keep.liveness) delete c.livenessProbe;
    if (!keep.readiness) delete c.readinessProbe;
    if (!keep.startup) delete c.startupProbe;
  }
  if (!keep.initContainers) delete pod.spec.initContainers;
  pod.spec.shareProcessNamespace ??= true;
}

function containerNamed(pod: Obj, name: string): Obj | undefined {
  const spec = pod.spec as Obj;
  return [...(spec.containers ?? []), ...(spec.initContainers ?? []), ...(spec.ephemeralContainers ?? [])].find((c: Obj) => c.name === name);
}

/** The node's root filesystem at /host (profiles.go mountRootPartition). */
function mountRootPartition(pod: Obj, c: Obj): void {
  pod.spec.volumes = [...(pod.spec.volumes ?? []), { name: 'host-root', hostPath: { path: '/' } }];
  c.volumeMounts = [...(c.volumeMounts ?? []), { mountPath: '/host', name: 'host-root' }];
}

/** The node's network, PID and IPC namespaces (profiles.go useHostNamespaces). */
function useHostNamespaces(pod: Obj): void {
  pod.spec.hostNetwork = true;
  pod.spec.hostPID = true;
  pod.spec.hostIPC = true;
}

function addCapability(c: Obj, capability: string): void {
  const sc = (c.securityContext ??= {});
  const caps = (sc.capabilities ??= {});
  caps.add = [...(caps.add ?? []), capability];
}
