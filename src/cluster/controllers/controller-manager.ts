/**
 * The simulated kube-controller-manager: campaigns for the
 * kube-system/kube-controller-manager Lease and, while it leads, runs its
 * controllers over shared informers with its own API identity
 * (cmd/kube-controller-manager/app/controllermanager.go).
 */
import type { ComponentContext } from '../component.js';
import type { ApiClient } from '../apiserver/types.js';
import type { Controller, ControllerContext } from './controller.js';
import { InformerFactory } from './informer-factory.js';
import { LeaderElectedProcess, type ElectionHooks, type LeaderElectionTiming } from '../client/leader-election.js';
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
import { RootCaPublisher } from './root-ca-publisher.js';
import { ServiceAccountsController } from './serviceaccounts.js';
import { ResourceQuotaController } from './resource-quota.js';
import type { ControllerStart } from '../control-plane/controller-catalog.js';
import { klogKV } from '../host/journal.js';

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
  'root-ca-certificate-publisher-controller',
  'serviceaccount-controller',
  'resourcequota-controller',
] as const;

/** One controller name. */
export type ControllerName = (typeof CONTROLLER_NAMES)[number];

const FACTORIES: Record<ControllerName, (c: ControllerContext, o: ControllerManagerOptions) => Controller | undefined> = {
  'namespace-controller': (c) => new NamespaceController(c),
  'garbage-collector-controller': (c) => new GarbageCollector(c),
  'replicaset-controller': (c) => new ReplicaSetController(c),
  'deployment-controller': (c) => new DeploymentController(c),
  'daemonset-controller': (c) => new DaemonSetController(c),
  'endpoints-controller': (c) => new EndpointsController(c),
  'endpointslice-controller': (c) => new EndpointSliceController(c),
  'node-ipam-controller': (c, o) => new NodeIpamController(c, o.clusterCidr),
  'node-lifecycle-controller': (c, o) => new NodeLifecycleController(c, o.nodeLifecycle),
  'taint-eviction-controller': (c) => new TaintEvictionController(c),
  'certificatesigningrequest-signing-controller': (c) => new CsrSigningController(c),
  'certificatesigningrequest-approving-controller': (c) => new CsrApprovingController(c),
  'root-ca-certificate-publisher-controller': (c, o) => (o.rootCA ? new RootCaPublisher(c, o.rootCA) : undefined),
  'serviceaccount-controller': (c) => new ServiceAccountsController(c),
  'resourcequota-controller': (c) => new ResourceQuotaController(c),
};

/** Options of the controller-manager (its command-line flags). */
export interface ControllerManagerOptions {
  /** The host it runs on; the leader identity is `<host>_<uuid>`. */
  hostName: string;
  /** --controllers: which to run (default all). */
  controllers?: readonly ControllerName[];
  /** What StartController logs for every upstream controller when they start (--controllers as a program reads it). */
  starts?: readonly ControllerStart[];
  /** --leader-elect (default true): false runs the controllers at once, with no Lease. */
  leaderElect?: boolean;
  /** --leader-elect-* timings. */
  leaderElection?: LeaderElectionTiming;
  /** The client its kubeconfig gives it (default: an in-process control-plane identity, for tests). */
  client?: ApiClient;
  /** Its container's log and exit on a lost lease, when it runs as a program. */
  election?: ElectionHooks;
  /** --node-monitor-period, --node-monitor-grace-period, ... */
  nodeLifecycle?: Partial<NodeLifecycleOptions>;
  /** --cluster-cidr: the pod network the node IPAM controller carves into /24s (default 10.244.0.0/16). */
  clusterCidr?: string;
  /** The contents of --root-ca-file (kubeadm: /etc/kubernetes/pki/ca.crt), published as kube-root-ca.crt in every namespace. */
  rootCA?: string;
}

/** The kube-controller-manager process. */
export class ControllerManager extends LeaderElectedProcess {
  readonly name = 'kube-controller-manager';
  private informers: InformerFactory | undefined;
  private active: Controller[] = [];

  constructor(ctx: ComponentContext, private readonly options: ControllerManagerOptions) {
    super(ctx, options.client ?? ctx.controlPlaneClient('system:kube-controller-manager'), { namespace: 'kube-system', name: 'kube-controller-manager', hostName: options.hostName, timing: options.leaderElection, leaderElect: options.leaderElect ?? true, ...options.election });
  }

  protected startLeading(): void {
    this.startControllers();
  }

  protected stopLeading(): void {
    this.stopControllers();
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
    this.active = CONTROLLER_NAMES.filter((n) => enabled.has(n)).flatMap((n) => FACTORIES[n](context, this.options) ?? []);
    this.informers = informers;
    this.logStarts();
    informers.start();
    for (const c of this.active) c.start();
  }

  /**
   * StartController's line for each controller (controllermanager.go v1.32:
   * 717 feature gate, 723 cloud provider, 728 disabled, 743 skipped, 765 started).
   */
  private logStarts(): void {
    const log = this.options.election?.log;
    if (!log) return;
    for (const s of this.options.starts ?? []) {
      const controller = { controller: s.name };
      if (s.outcome === 'feature-gate') log('I', 'controllermanager.go:717', klogKV('Controller is disabled by a feature gate', { ...controller, requiredFeatureGates: [...s.gates] }));
      else if (s.outcome === 'cloud') log('I', 'controllermanager.go:723', klogKV('Skipping a cloud provider controller', controller));
      else if (s.outcome === 'disabled') log('I', 'controllermanager.go:728', klogKV('Warning: controller is disabled', controller));
      else if (s.outcome === 'skipped') log('I', 'controllermanager.go:743', klogKV('Warning: skipping controller', controller));
      else log('I', 'controllermanager.go:765', klogKV('Started controller', controller));
    }
  }

  private stopControllers(): void {
    for (const c of this.active) c.stop();
    this.active = [];
    this.informers?.stop();
    this.informers = undefined;
  }
}
