/**
 * Shared types of the simulated scheduler's pure core, after
 * `kubernetes/kubernetes pkg/scheduler/framework/interface.go` (Code, Status)
 * and `framework/types.go` (NodeInfo, Resource).
 */
import type { Node, Pod, Taint } from 'kubernetes-types/core/v1.js';

/** A plugin result code; only the ones the simulation produces. */
export type StatusCode = 'Success' | 'Unschedulable' | 'UnschedulableAndUnresolvable' | 'Error';

/** What a plugin answered for one pod on one node. */
export interface Status {
  /** Upstream code: Unschedulable may be fixed by preemption, UnschedulableAndUnresolvable never. */
  readonly code: StatusCode;
  /** Human-readable reasons; each one is counted separately in the FitError histogram. */
  readonly reasons: readonly string[];
  /** The plugin that set the status (framework records it for non-success codes). */
  readonly plugin?: string;
}

/** The success status, shared. */
export const SUCCESS: Status = Object.freeze({ code: 'Success', reasons: Object.freeze([]) as readonly string[] });

/** Builds a status. */
export function status(code: StatusCode, reasons: readonly string[], plugin?: string): Status {
  return plugin === undefined ? { code, reasons } : { code, reasons, plugin };
}

/** True when a status rejects the node (as framework.Status.IsRejected). */
export function isRejected(s: Status): boolean {
  return s.code === 'Unschedulable' || s.code === 'UnschedulableAndUnresolvable';
}

/** Resource amounts as the scheduler counts them (framework.Resource). */
export interface Resources {
  /** CPU in millicores. */
  milliCpu: number;
  /** Memory in bytes. */
  memory: number;
  /** Ephemeral storage in bytes. */
  ephemeralStorage: number;
  /** Extended and hugepages resources by name, as integer Value()s. */
  scalar: Record<string, number>;
}

/** A host port in use on a node (protocol defaults to TCP, hostIP to 0.0.0.0). */
export interface HostPort {
  readonly protocol: string;
  readonly hostIP: string;
  readonly port: number;
}

/** A node with what the scheduler's cache knows about it (framework.NodeInfo). */
export interface NodeInfo {
  readonly node: Node;
  /** Pods assigned to the node that are not terminal (Succeeded/Failed). */
  readonly pods: readonly Pod[];
  /** Sum of the pods' effective requests. */
  readonly requested: Resources;
  /** Same, with 100m CPU / 200Mi memory for containers that request none (used by scoring). */
  readonly nonZeroRequested: Resources;
  /** status.allocatable of the node (falls back to capacity). */
  readonly allocatable: Resources;
  /** status.allocatable.pods of the node. */
  readonly allowedPodNumber: number;
  /** Host ports used by the pods. */
  readonly usedPorts: readonly HostPort[];
  /** Images present on the node (normalized name → size in bytes). */
  readonly images: ReadonlyMap<string, number>;
  /** The scheduler cache's generation when this node or its pods last changed (0 outside a cache). */
  readonly generation: number;
  /**
   * Flat copies of what the per-node Filter and Score loops read, so that a
   * node costs one object read instead of five (node, spec, pods, requested,
   * allocatable): the copies equal pods.length, node.spec.taints (a shared
   * empty list when none), node.spec.unschedulable, and the cpu, memory and
   * ephemeral-storage of allocatable, requested and nonZeroRequested. Only
   * node-info.ts changes a NodeInfo, and it keeps them in step.
   */
  readonly numPods: number;
  readonly taints: readonly Taint[];
  readonly unschedulable: boolean;
  readonly allocMilliCpu: number;
  readonly allocMemory: number;
  readonly allocEphemeralStorage: number;
  readonly reqMilliCpu: number;
  readonly reqMemory: number;
  readonly reqEphemeralStorage: number;
  readonly nonZeroMilliCpu: number;
  readonly nonZeroMemory: number;
}

/** A seeded random source returning numbers in [0, 1). */
export type RandomSource = () => number;
