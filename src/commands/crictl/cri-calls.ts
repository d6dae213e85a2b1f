/**
 * The first CRI call each crictl subcommand makes after connecting, and how
 * crictl v1.32 reports it failing: cri-client logs the failed call as a klog
 * error line (internal/log.go) and the action's wrapped error ends crictl
 * (logrus.Fatal). A hung containerd answers Version (connecting works) but
 * holds every list and status call until crictl's --timeout (2s) runs out.
 */
import type { CriMethod } from '../../cluster/runtime/cri-client.js';
import { klogKV, klogLine } from '../../cluster/host/journal.js';
import { parseGoDuration } from '../kubectl/logs.js';

/** The parsed options the call depends on. */
export interface CallOptions {
  all: boolean;
  state?: string;
  id?: string;
  pod?: string;
  args: readonly string[];
}

/** The call, the klog line's message and fields, and the error chain crictl prints. */
export interface FirstCall {
  method: CriMethod;
  logMessage: string;
  logFields: Record<string, string>;
  /** Wraps the gRPC error as the action returns it. */
  wrap(error: string): string;
}

const CONTAINER_STATES: Record<string, string> = { created: 'CONTAINER_CREATED', running: 'CONTAINER_RUNNING', exited: 'CONTAINER_EXITED', unknown: 'CONTAINER_UNKNOWN' };
const SANDBOX_STATES: Record<string, string> = { ready: 'SANDBOX_READY', notready: 'SANDBOX_NOTREADY' };

/** The generated String() of a state filter value (nil when unset). */
function stateValue(type: string, state: string | undefined): string {
  return state ? `&${type}{State:${state},}` : 'nil';
}

/** The first locking call of `sub`, if it makes one. */
export function firstCall(sub: string, o: CallOptions): FirstCall | undefined {
  switch (sub) {
    case 'ps': {
      // Running containers unless -a, --state, or --latest/--last say otherwise.
      const state = o.state ? CONTAINER_STATES[o.state.toLowerCase()] : o.all ? undefined : 'CONTAINER_RUNNING';
      const filter = `&ContainerFilter{Id:${o.id ?? ''},State:${stateValue('ContainerStateValue', state)},PodSandboxId:${o.pod ?? ''},LabelSelector:map[string]string{},}`;
      return { method: 'ListContainers', logMessage: 'ListContainers with filter from runtime service failed', logFields: { filter }, wrap: (e) => `listing containers: list containers: call list containers RPC: ${e}` };
    }
    case 'pods': {
      const state = o.state ? SANDBOX_STATES[o.state.toLowerCase()] : undefined;
      const filter = `&PodSandboxFilter{Id:${o.id ?? ''},State:${stateValue('PodSandboxStateValue', state)},LabelSelector:map[string]string{},}`;
      return { method: 'ListPodSandbox', logMessage: 'ListPodSandbox with filter from runtime service failed', logFields: { filter }, wrap: (e) => `listing pod sandboxes: list pod sandboxes: call list sandboxes RPC: ${e}` };
    }
    case 'inspect':
      if (o.args.length === 0) return undefined;
      return { method: 'ContainerStatus', logMessage: 'ContainerStatus from runtime service failed', logFields: { containerID: o.args[0] }, wrap: (e) => `get the status of containers: get container status: ${e}` };
    case 'logs':
      if (o.args.length === 0) return undefined;
      return { method: 'ContainerStatus', logMessage: 'ContainerStatus from runtime service failed', logFields: { containerID: o.args[0] }, wrap: (e) => e };
    case 'info':
      return { method: 'Status', logMessage: 'Status from runtime service failed', logFields: {}, wrap: (e) => `getting status of runtime: ${e}` };
    default:
      return undefined;
  }
}

/** The klog error line cri-client writes to crictl's stderr for a failed call. */
export function failedCallLog(call: FirstCall, error: string, time: number, pid: number): string {
  return `${klogLine('E', time, pid, 'log.go:32', klogKV(call.logMessage, { err: error, ...call.logFields }))}\n`;
}

/** crictl's --timeout: a Go duration; 0, less, or unparsable is the 2s default. */
export function crictlTimeoutMs(value: string | undefined): number {
  const seconds = value === undefined ? undefined : parseGoDuration(value);
  return seconds !== undefined && seconds > 0 ? seconds * 1000 : 2_000;
}
