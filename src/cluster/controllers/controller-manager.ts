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
import { LeaderElectedProcess, type LeaderElectionTiming } from '../client/leader-election.js';
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
  /** --leader-elect-* timings. */
  leaderElection?: LeaderElectionTiming;
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
    super(ctx, ctx.controlPlaneClient('system:kube-controller-manager'), { namespace: 'kube-system', name: 'kube-controller-manager', hostName: options.hostName, timing: options.leaderElection });
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
