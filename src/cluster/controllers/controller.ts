/**
 * What every controller of the simulated kube-controller-manager gets and
 * exposes. Controllers read through shared informers, write through the
 * controller-manager's own API client, and record events as their upstream
 * counterparts do (`From replicaset-controller`, ...).
 */
import type { ApiClient } from '../apiserver/types.js';
import type { ComponentContext } from '../component.js';
import type { EventRecorder } from '../client/event-recorder.js';
import type { InformerFactory } from './informer-factory.js';

/** Shared services for one controller. */
export interface ControllerContext {
  readonly ctx: ComponentContext;
  /** The controller-manager's client (`system:kube-controller-manager`). */
  readonly client: ApiClient;
  readonly informers: InformerFactory;
  /** A core/v1 event recorder reporting as `component` (e.g. `deployment-controller`). */
  recorder(component: string): EventRecorder;
}

/** A controller: registers informer handlers on construction, runs between start() and stop(). */
export interface Controller {
  /** The upstream controller name, as `--controllers` lists it (e.g. `deployment-controller`). */
  readonly name: string;
  /** Called after the shared informers started (initial ADDED events already delivered). */
  start(): void;
  stop(): void;
}
