/**
 * Builds a pod's status from what the kubelet knows of its containers, as
 * pkg/kubelet/kubelet_pods.go generateAPIPodStatus and getPhase do.
 */
import { isoSeconds } from '../clock/time-text.js';
import { qosClass } from '../apiserver/qos.js';
import { flatConcat } from '../flat-string.js';
import { spreadWith } from '../shallow-copy.js';

type Obj = Record<string, any>;

/** What the kubelet tracks for one container of a pod. */
export interface ContainerRecord {
  name: string;
  image: string;
  imageRef?: string;
  containerId?: string;
  state: { running?: { startedAt: number }; waiting?: { reason: string; message?: string }; terminated?: TerminatedState };
  lastTerminated?: TerminatedState;
  restartCount: number;
  ready: boolean;
  started: boolean;
  /** A sidecar: an init container with restartPolicy Always, which keeps running beside the app containers. */
  restartable?: boolean;
}

/** A terminated container state. */
export interface TerminatedState {
  exitCode: number;
  reason: string;
  message?: string;
  startedAt: number;
  finishedAt: number;
  containerId: string;
}

/** Inputs of a pod status. */
export interface PodStatusInput {
  pod: Obj;
  containers: ContainerRecord[];
  /** The pod's init containers, in spec order (absent or empty: none). */
  initContainers?: ContainerRecord[];
  /** The pod's ephemeral containers (absent or empty: none); they count for neither phase nor readiness. */
  ephemeralContainers?: ContainerRecord[];
  sandboxReady: boolean;
  podIP?: string;
  hostIP: string;
  startTime: number;
  now: number;
  /** Transition times remembered from the previous status, by condition type. */
  previous: Obj | undefined;
}

const NO_NAMES: readonly string[] = Object.freeze([]);

/** The full `.status` object. */
export function buildPodStatus(input: PodStatusInput): Obj {
  const { pod, containers, previous } = input;
  const inits = input.initContainers ?? [];
  const restartPolicy = pod.spec.restartPolicy ?? 'Always';
  // status/generate.go GenerateContainersReadyCondition: sidecars count, before the app containers.
  // (Most pods have no init containers, and most statuses are of ready pods: nothing is listed for them.)
  const sidecars = inits.length ? inits.filter((c) => c.restartable) : inits;
  const readyOnes = sidecars.length ? [...sidecars, ...containers] : containers;
  const allReady = containers.length > 0 && readyOnes.every((c) => c.ready);
  const prevConditions: Obj[] = previous?.conditions ?? [];
  const cond = (type: string, ok: boolean, reason?: string, message?: string): Obj => {
    const prev = prevConditions.find((c) => c.type === type);
    const status = ok ? 'True' : 'False';
    const lastTransitionTime = prev && prev.status === status ? prev.lastTransitionTime : isoSeconds(input.now);
    // Literals in v1.PodCondition's key order, not spreads of optional parts (V8's slow copy path, at every status built).
    if (message && reason) return { lastProbeTime: null, lastTransitionTime, message, reason, status, type };
    if (message) return { lastProbeTime: null, lastTransitionTime, message, status, type };
    if (reason) return { lastProbeTime: null, lastTransitionTime, reason, status, type };
    return { lastProbeTime: null, lastTransitionTime, status, type };
  };
  const scheduled = prevConditions.find((c) => c.type === 'PodScheduled') ?? { lastProbeTime: null, lastTransitionTime: isoSeconds(input.startTime), status: 'True', type: 'PodScheduled' };
  const readyMessage = allReady ? undefined : `containers with unready status: [${readyOnes.filter((c) => !c.ready).map((c) => c.name).join(' ')}]`;
  // pkg/kubelet/status/generate.go GeneratePodInitializedCondition: init containers that have not exited 0
  // (sidecars: not started); a pod one of whose app containers has started was initialized.
  const incomplete: readonly string[] = !inits.length || anyAppStarted(containers) ? NO_NAMES : inits.filter((c) => (c.restartable ? !(c.started && c.state.running) : !initCompleted(c))).map((c) => c.name);
  const conditions = [
    cond('PodReadyToStartContainers', input.sandboxReady),
    incomplete.length ? cond('Initialized', false, 'ContainersNotInitialized', `containers with incomplete status: [${incomplete.join(' ')}]`) : cond('Initialized', true),
    cond('Ready', allReady, allReady ? undefined : 'ContainersNotReady', allReady ? undefined : readyMessage),
    cond('ContainersReady', allReady, allReady ? undefined : 'ContainersNotReady', allReady ? undefined : readyMessage),
    { ...scheduled, status: 'True' },
  ];
  // Keys added in v1.PodStatus's order (the stored object's key order), the optional ones only when present.
  const status: Obj = { conditions, containerStatuses: containers.map(containerStatus) };
  if (input.ephemeralContainers?.length) status.ephemeralContainerStatuses = input.ephemeralContainers.map(ephemeralContainerStatus);
  status.hostIP = input.hostIP;
  status.hostIPs = [{ ip: input.hostIP }];
  if (inits.length) status.initContainerStatuses = inits.map(initContainerStatus);
  status.phase = podPhase(containers, restartPolicy, inits);
  if (input.podIP) {
    status.podIP = input.podIP;
    status.podIPs = [{ ip: input.podIP }];
  }
  status.qosClass = previous?.qosClass ?? qosClass(pod.spec);
  status.startTime = isoSeconds(input.startTime);
  return status;
}

function containerStatus(c: ContainerRecord): Obj {
  const state: Obj = {};
  if (c.state.running) state.running = { startedAt: isoSeconds(c.state.running.startedAt) };
  else if (c.state.waiting) state.waiting = { ...(c.state.waiting.message ? { message: c.state.waiting.message } : {}), reason: c.state.waiting.reason };
  else if (c.state.terminated) state.terminated = terminated(c.state.terminated);
  // spreadWith, not a leading spread: every status would get a hidden class of its own (shallow-copy.ts).
  return spreadWith(c.containerId ? { containerID: flatConcat('containerd://', c.containerId) } : {}, {
    image: c.image,
    imageID: c.imageRef ?? '',
    lastState: c.lastTerminated ? { terminated: terminated(c.lastTerminated) } : {},
    name: c.name,
    ready: c.ready,
    restartCount: c.restartCount,
    // prober_manager UpdatePodStatus: a container that is not running is not started.
    started: c.started && !!c.state.running,
    state,
  });
}

/**
 * The prober manager sets ready and started only for app and init
 * containers: an ephemeral container is never ready and has no `started`.
 */
function ephemeralContainerStatus(c: ContainerRecord): Obj {
  const status = containerStatus(c);
  status.ready = false;
  delete status.started;
  return status;
}

/** An init container has run to completion (exit 0). */
export function initCompleted(c: ContainerRecord): boolean {
  return c.state.terminated?.exitCode === 0;
}

/**
 * prober_manager.go UpdatePodStatus: a (non-restartable) init container is
 * started while it runs and ready once it has exited 0.
 */
function initContainerStatus(c: ContainerRecord): Obj {
  const status = containerStatus(c);
  status.ready = c.restartable ? c.ready && !!c.state.running : initCompleted(c);
  return status;
}

/** kubecontainer.HasAnyRegularContainerStarted: an app container is running or has run. */
function anyAppStarted(containers: readonly ContainerRecord[]): boolean {
  return containers.some((c) => !!c.state.running || !!c.state.terminated || !!c.lastTerminated);
}

function terminated(t: TerminatedState): Obj {
  return {
    containerID: `containerd://${t.containerId}`,
    exitCode: t.exitCode,
    finishedAt: isoSeconds(t.finishedAt),
    ...(t.message ? { message: t.message } : {}),
    reason: t.reason,
    startedAt: isoSeconds(t.startedAt),
  };
}

/**
 * getPhase (pkg/kubelet/kubelet_pods.go): Pending while an init container is
 * pending or a container waits that never ran; Failed when initialization
 * failed under restartPolicy Never; Running once all have started (or will restart).
 */
export function podPhase(containers: ContainerRecord[], restartPolicy: string, inits: readonly ContainerRecord[] = []): string {
  let pendingInitialization = 0;
  let pendingSidecars = 0;
  let failedInitialization = 0;
  for (const c of inits) {
    if (c.restartable) {
      // A sidecar is pending until it has started; once it has run, its restarts do not matter.
      if (c.state.running ? !c.started : !c.state.terminated && !c.lastTerminated) pendingSidecars++;
      continue;
    }
    if (c.state.running) pendingInitialization++;
    else if (c.state.terminated) {
      if (c.state.terminated.exitCode !== 0) failedInitialization++;
    } else if (c.lastTerminated) {
      if (c.lastTerminated.exitCode !== 0) failedInitialization++;
    } else pendingInitialization++;
  }
  let running = 0;
  let waiting = 0;
  let stopped = 0;
  let succeeded = 0;
  for (const c of containers) {
    if (c.state.running) running++;
    else if (c.state.terminated) {
      stopped++;
      if (c.state.terminated.exitCode === 0) succeeded++;
    } else if (c.state.waiting) {
      if (c.lastTerminated) stopped++;
      else waiting++;
    } else waiting++;
  }
  if (failedInitialization > 0 && restartPolicy === 'Never') return 'Failed';
  if (pendingInitialization > 0 || (pendingSidecars > 0 && !anyAppStarted(containers)) || waiting > 0) return 'Pending';
  if (running > 0) return 'Running';
  if (stopped > 0) {
    if (restartPolicy === 'Always') return 'Running';
    if (stopped === succeeded) return 'Succeeded';
    return restartPolicy === 'Never' ? 'Failed' : 'Running';
  }
  return 'Pending';
}

