/**
 * What every simulated component receives: the clock and queue, the seeded
 * random source, and a way to get an API client for its own identity.
 * Components talk to each other only through the API server.
 */
import type { EventQueue, TimerId } from './clock/event-queue.js';
import type { Random } from './clock/random.js';
import type { ApiClient } from './apiserver/types.js';
import type { Credential } from './apiserver/authn.js';
import { EventRecorder, type EventSource } from './client/event-recorder.js';

/** Shared services for components. */
export interface ComponentContext {
  readonly queue: EventQueue;
  readonly random: Random;
  /** An API client presenting `credential` (a loopback identity, a kubelet's x509 cert, ...). */
  client(credential: Credential): ApiClient;
  /** A client for an in-process control-plane identity (e.g. `system:kube-scheduler`). */
  controlPlaneClient(user: string): ApiClient;
  /** An event recorder writing through `client`. */
  recorder(client: ApiClient, source: EventSource, style?: 'core' | 'events.k8s.io'): EventRecorder;
  /** Registers a callback for warm-up clock jumps (to shift locally remembered times). */
  onJump(callback: (deltaMs: number) => void): void;
}

/** A long-running simulated process. */
export interface Component {
  readonly name: string;
  start(): void;
  stop(): void;
  running(): boolean;
}

/** Builds a ComponentContext over an API server's client factory. */
export function componentContext(queue: EventQueue, random: Random, clientFor: (c: Credential) => ApiClient, jumpHooks: ((d: number) => void)[]): ComponentContext {
  return {
    queue,
    random,
    client: clientFor,
    // kube-apiserver's loopback and the kubeadm component certs are members of privileged groups.
    controlPlaneClient: (user) => clientFor({ type: 'loopback', user, groups: ['system:masters'] }),
    recorder: (client, source, style = 'core') =>
      new EventRecorder(client, source, () => queue.now(), style, () => queue.nextSequence(), {
        skipped: () => queue.skippedMs(),
        timers: { after: (ms, fn) => queue.after(ms, fn), cancel: (id) => queue.cancel(id as TimerId) },
      }),
    onJump: (cb) => jumpHooks.push(cb),
  };
}
