/**
 * A CRI client's view of containerd (k8s.io/cri-client remote_runtime.go):
 * what one gRPC call costs and how it fails. Calls that take containerd's
 * task lock (lists, statuses) wait out a hung task; Version does not. A call
 * gives up at its deadline with gRPC's DeadlineExceeded; a stopped
 * containerd refuses the connection at once.
 */
import type { ContainerRuntime } from './runtime.js';
import { CRI_DEADLINE_EXCEEDED } from '../kubelet/pleg.js';

/** The CRI methods the node tools call. */
export type CriMethod = 'Version' | 'ListContainers' | 'ListPodSandbox' | 'ContainerStatus' | 'PodSandboxStatus' | 'Status' | 'ListImages' | 'ImageStatus';

/** Methods that wait for containerd's task state (what a hung task blocks). */
const LOCKING: ReadonlySet<CriMethod> = new Set(['ListContainers', 'ListPodSandbox', 'ContainerStatus', 'PodSandboxStatus', 'Status']);

/** The outcome of one call: how long it took, and its gRPC error if it failed. */
export type CriCallResult = { ok: true; tookMs: number } | { ok: false; tookMs: number; error: string };

/** One call with a deadline of `timeoutMs` (the client's --timeout). */
export function criCall(runtime: ContainerRuntime, method: CriMethod, timeoutMs: number): CriCallResult {
  if (!runtime.up) return { ok: false, tookMs: 0, error: 'rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: connection refused"' };
  const latency = LOCKING.has(method) ? runtime.latencyMs : 0;
  if (latency >= timeoutMs) return { ok: false, tookMs: timeoutMs, error: CRI_DEADLINE_EXCEEDED };
  return { ok: true, tookMs: latency };
}
