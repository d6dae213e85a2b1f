/**
 * `kubectl get pods`: podColumnDefinitions and printPod of
 * kubernetes/kubernetes pkg/printers/internalversion/printers.go.
 */
import type { Container, Pod, PodCondition } from 'kubernetes-types/core/v1.js';
import type { TableDefinition } from '../output/table.js';
import { parseTimestamp, translateTimestampSince, humanDuration } from '../output/duration.js';

/** A sidecar: an init container with restartPolicy Always. */
export const isRestartableInitContainer = (c: Container | undefined): boolean => c?.restartPolicy === 'Always';

const hasPodReadyCondition = (conds: readonly PodCondition[] | undefined): boolean =>
  (conds ?? []).some((c) => c.type === 'Ready' && c.status === 'True');

const isPodInitializedConditionTrue = (conds: readonly PodCondition[] | undefined): boolean =>
  (conds ?? []).some((c) => c.type === 'Initialized' && c.status === 'True');

/** The READY, STATUS and RESTARTS cells of a pod, as printPod computes them. */
export function podStatusCells(pod: Pod, now: number): { ready: string; status: string; restarts: string } {
  const spec = pod.spec ?? { containers: [] };
  const status = pod.status ?? {};
  let restarts = 0;
  let restartableInitContainerRestarts = 0;
  let totalContainers = (spec.containers ?? []).length;
  let readyContainers = 0;
  // Zero time = undefined; comparisons use ms.
  let lastRestartDate: number | undefined;
  let lastRestartableInitContainerRestartDate: number | undefined;
  const later = (a: number | undefined, b: string | undefined): number | undefined => {
    const t = parseTimestamp(b);
    if (t === undefined) return a;
    return a === undefined || a < t ? t : a;
  };

  let reason: string = status.phase ?? '';
  if (status.reason) reason = status.reason;
  for (const c of status.conditions ?? []) {
    if (c.type === 'PodScheduled' && c.reason === 'SchedulingGated') reason = 'SchedulingGated';
  }

  const initContainers = new Map<string, Container>();
  for (const c of spec.initContainers ?? []) {
    initContainers.set(c.name, c);
    if (isRestartableInitContainer(c)) totalContainers++;
  }

  let initializing = false;
  const initStatuses = status.initContainerStatuses ?? [];
  for (let i = 0; i < initStatuses.length; i++) {
    const container = initStatuses[i];
    restarts += container.restartCount ?? 0;
    const lastTerm = container.lastState?.terminated;
    if (lastTerm) lastRestartDate = later(lastRestartDate, lastTerm.finishedAt);
    const restartable = isRestartableInitContainer(initContainers.get(container.name));
    if (restartable) {
      restartableInitContainerRestarts += container.restartCount ?? 0;
      if (lastTerm) lastRestartableInitContainerRestartDate = later(lastRestartableInitContainerRestartDate, lastTerm.finishedAt);
    }
    const term = container.state?.terminated;
    const waiting = container.state?.waiting;
    if (term && term.exitCode === 0) continue;
    if (restartable && container.started === true) {
      if (container.ready) readyContainers++;
      continue;
    }
    if (term) {
      if (!term.reason) {
        reason = term.signal ? `Init:Signal:${term.signal}` : `Init:ExitCode:${term.exitCode}`;
      } else {
        reason = `Init:${term.reason}`;
      }
    } else if (waiting && waiting.reason && waiting.reason !== 'PodInitializing') {
      reason = `Init:${waiting.reason}`;
    } else {
      reason = `Init:${i}/${(spec.initContainers ?? []).length}`;
    }
    initializing = true;
    break;
  }

  if (!initializing || isPodInitializedConditionTrue(status.conditions)) {
    restarts = restartableInitContainerRestarts;
    lastRestartDate = lastRestartableInitContainerRestartDate;
    let hasRunning = false;
    const statuses = status.containerStatuses ?? [];
    // Last to first, so the first container's state wins.
    for (let i = statuses.length - 1; i >= 0; i--) {
      const container = statuses[i];
      restarts += container.restartCount ?? 0;
      const lastTerm = container.lastState?.terminated;
      if (lastTerm) lastRestartDate = later(lastRestartDate, lastTerm.finishedAt);
      const waiting = container.state?.waiting;
      const term = container.state?.terminated;
      if (waiting && waiting.reason) {
        reason = waiting.reason;
      } else if (term && term.reason) {
        reason = term.reason;
      } else if (term && !term.reason) {
        reason = term.signal ? `Signal:${term.signal}` : `ExitCode:${term.exitCode}`;
      } else if (container.ready && container.state?.running) {
        hasRunning = true;
        readyContainers++;
      }
    }
    if (reason === 'Completed' && hasRunning) {
      reason = hasPodReadyCondition(status.conditions) ? 'Running' : 'NotReady';
    }
  }

  const deleting = pod.metadata?.deletionTimestamp != null;
  if (deleting && status.reason === 'NodeLost') {
    reason = 'Unknown';
  } else if (deleting && status.phase !== 'Succeeded' && status.phase !== 'Failed') {
    reason = 'Terminating';
  }

  let restartsStr = String(restarts);
  if (restarts !== 0 && lastRestartDate !== undefined) {
    restartsStr = `${restarts} (${humanDuration(now - lastRestartDate)} ago)`;
  }
  return { ready: `${readyContainers}/${totalContainers}`, status: reason, restarts: restartsStr };
}

/** Pods: NAME READY STATUS RESTARTS AGE, wide IP NODE NOMINATED NODE READINESS GATES. */
export const podPrinter: TableDefinition<Pod> = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Ready', priority: 0 },
    { name: 'Status', priority: 0 },
    { name: 'Restarts', priority: 0 },
    { name: 'Age', priority: 0 },
    { name: 'IP', priority: 1 },
    { name: 'Node', priority: 1 },
    { name: 'Nominated Node', priority: 1 },
    { name: 'Readiness Gates', priority: 1 },
  ],
  row(pod, { now }) {
    const { ready, status, restarts } = podStatusCells(pod, now);
    const podIP = pod.status?.podIPs?.[0]?.ip || '<none>';
    const nodeName = pod.spec?.nodeName || '<none>';
    const nominated = pod.status?.nominatedNodeName || '<none>';
    let readinessGates = '<none>';
    const gates = pod.spec?.readinessGates ?? [];
    if (gates.length > 0) {
      let trueConditions = 0;
      for (const gate of gates) {
        const cond = (pod.status?.conditions ?? []).find((c) => c.type === gate.conditionType);
        if (cond?.status === 'True') trueConditions++;
      }
      readinessGates = `${trueConditions}/${gates.length}`;
    }
    return [
      pod.metadata?.name ?? '',
      ready,
      status,
      restarts,
      translateTimestampSince(pod.metadata?.creationTimestamp, now),
      podIP,
      nodeName,
      nominated,
      readinessGates,
    ];
  },
};
