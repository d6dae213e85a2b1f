/**
 * The simulated kube-controller-manager: campaigns for the
 * kube-system/kube-controller-manager Lease and, while it leads, runs its
 * controllers over shared informers with its own API identity
 * (cmd/kube-controller-manager/app/controllermanager.go).
 */
import type { Component, ComponentContext } from '../component.js';
import type { ApiClient } from '../apiserver/types.js';
import type { Controller, ControllerContext } from './controller.js';
import { InformerFactory } from './informer-factory.js';
import { LeaderElector, DEFAULT_LEADER_ELECTION, type LeaderElectionTiming } from './leader-election.js';
import { ReplicaSetController } from './replicaset.js';
import { DeploymentController } from './deployment.js';
import { EndpointsController } from './endpoints.js';
import { EndpointSliceController } from './endpointslice.js';
import { NodeLifecycleController, type NodeLifecycleOptions } from './node-lifecycle.js';
import { TaintEvictionController } from './taint-eviction.js';
import { GarbageCollector } from './garbage-collector.js';
import { DaemonSetController } from './daemonset.js';
import { NamespaceController } from './namespace.js';
import { NodeIpamController } from './node-ipam.js';
import { CsrSigningController } from './csr-signing.js';
import { CsrApprovingController } from './csr-approving.js';

/** Every controller this controller-manager can run, by upstream name, in start order. */
export const CONTROLLER_NAMES = [
  'namespace-controller',
  'garbage-collector-controller',
  'replicaset-controller',
  'deployment-controller',
  'daemonset-controller',
  'endpoints-controller',
  'endpointslice-controller',
  'node-ipam-controller',
  'node-lifecycle-controller',
  'taint-eviction-controller',
  'certificatesigningrequest-signing-controller',
  'certificatesigningrequest-approving-controller',
] as const;

/** One controller name. */
export type ControllerName = (typeof CONTROLLER_NAMES)[number];

const FACTORIES: Record<ControllerName, (c: ControllerContext, o: ControllerManagerOptions) => Controller> = {
  'namespace-controller': (c) => new NamespaceController(c),
  'garbage-collector-controller': (c) => new GarbageCollector(c),
  'replicaset-controller': (c) => new ReplicaSetController(c),
  'deployment-controller': (c) => new DeploymentController(c),
  'daemonset-controller': (c) => new DaemonSetController(c),
  'endpoints-controller': (c) => new EndpointsController(c),
  'endpointslice-controller': (c) => new EndpointSliceController(c),
  'node-ipam-controller': (c) => new NodeIpamController(c),
  'node-lifecycle-controller': (c, o) => new NodeLifecycleController(c, o.nodeLifecycle),
  'taint-eviction-controller': (c) => new TaintEvictionController(c),
  'certificatesigningrequest-signing-controller': (c) => new CsrSigningController(c),
  'certificatesigningrequest-approving-controller': (c) => new CsrApprovingController(c),
};

/** Options of the controller-manager (its command-line flags). */
export interface ControllerManagerOptions {
  /** The host it runs on; the leader identity is `<host>_<uuid>`. */
  hostName: string;
  /** --controllers: which to run (default all). */
  controllers?: readonly ControllerName[];
  /** --leader-elect-* timings. */
  leaderElection?: LeaderElectionTiming;
  /** --node-monitor-period, --node-monitor-grace-period, ... */
  nodeLifecycle?: Partial<NodeLifecycleOptions>;
}

/** The kube-controller-manager process. */
export class ControllerManager implements Component {
  readonly name = 'kube-controller-manager';
  private readonly client: ApiClient;
  private elector: LeaderElector | undefined;
  private informers: InformerFactory | undefined;
  private active: Controller[] = [];
  private isRunning = false;
  private identityValue = '';

  constructor(private readonly ctx: ComponentContext, private readonly options: ControllerManagerOptions) {
    this.client = ctx.controlPlaneClient('system:kube-controller-manager');
    ctx.onJump((delta) => this.elector?.shift(delta));
  }

  /** Starts the process: campaigns for leadership; controllers start once it leads. */
  start(): void {
    if (this.isRunning) return;
    this.isRunning = true;
    // Each process start has a fresh identity, as leaderelection uses hostname + "_" + uuid.
    this.identityValue = `${this.options.hostName}_${this.ctx.random.uuid()}`;
    this.elector = new LeaderElector(this.client, this.ctx.queue, 'kube-system', 'kube-controller-manager', this.identityValue, {
      onStartedLeading: () => this.startControllers(),
      onStoppedLeading: () => this.stopControllers(),
    }, this.options.leaderElection ?? DEFAULT_LEADER_ELECTION);
    this.elector.run();
  }

  /** Stops the process: controllers stop, the Lease is left to expire. */
  stop(): void {
    if (!this.isRunning) return;
    this.isRunning = false;
    this.elector?.stop();
    this.elector = undefined;
    this.stopControllers();
  }

  /** Is the process running? */
  running(): boolean {
    return this.isRunning;
  }

  /** Does it hold the leader Lease? */
  isLeader(): boolean {
    return this.elector?.isLeader() ?? false;
  }

  /** The leader-election identity of the current process (`cp-1_<uuid>`). */
  identity(): string {
    return this.identityValue;
  }

  /** Names of the controllers running now (empty unless leading). */
  runningControllers(): string[] {
    return this.active.map((c) => c.name);
  }

  private startControllers(): void {
    if (this.active.length) return;
    const informers = new InformerFactory(this.client);
    const context: ControllerContext = {
      ctx: this.ctx,
      client: this.client,
      informers,
      recorder: (component) => this.ctx.recorder(this.client, { component }),
    };
    const enabled = new Set<string>(this.options.controllers ?? CONTROLLER_NAMES);
    this.active = CONTROLLER_NAMES.filter((n) => enabled.has(n)).map((n) => FACTORIES[n](context, this.options));
    this.informers = informers;
    informers.start();
    for (const c of this.active) c.start();
  }

  private stopControllers(): void {
    for (const c of this.active) c.stop();
    this.active = [];
    this.informers?.stop();
    this.informers = undefined;
  }
}
