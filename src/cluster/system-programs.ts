/**
 * Which images are programs (principle 1): a container started from one of
 * these repositories runs the simulated component, which reads its own
 * flags and configuration and talks to the API server like any client.
 * Every other image is behaviour data from the catalog.
 */
import type { ComponentContext } from './component.js';
import type { ContainerProcess, ProgramLauncher } from './runtime/process.js';
import type { ContainerRuntime, RuntimeContainer, Sandbox } from './runtime/runtime.js';
import type { NodeHost } from './host/node-host.js';
import type { Network } from './network/network.js';
import type { Certificate } from './host/certs.js';
import { parseImageRef } from './workloads/catalog.js';
import { coreDNSProgram } from './dns/coredns.js';
import { launchClientProgram } from './programs/in-container.js';
import { kubeProxyProgram } from './proxy/kube-proxy.js';
import { etcdProgram } from './etcd/etcd-program.js';
import type { EtcdMember } from './etcd/member.js';
import type { ApiServer } from './apiserver/server.js';
import { CONTROL_PLANE_PROGRAMS } from './control-plane/programs.js';
import type { ApiServerPeers } from './control-plane/endpoint-reconciler.js';
import { flannelCniPluginProgram, flannelProgram } from './flannel/programs.js';
import { calicoCniProgram, calicoNodeProgram } from './calico/programs.js';

/** What a system program is started with. */
export interface LaunchContext {
  readonly ctx: ComponentContext;
  readonly network: Network;
  readonly node: { readonly name: string; readonly ip: string; readonly host: NodeHost; readonly runtime: ContainerRuntime };
  readonly container: RuntimeContainer;
  readonly sandbox: Sandbox;
  /** The cluster's pod network (kube-proxy's clusterCIDR). */
  readonly podSubnet: string;
  /** The etcd member whose data dir is on this node (the control-plane node's /var/lib/etcd). */
  readonly etcd?: EtcdMember;
  /** The API server's request pipeline (what a kube-apiserver process serves while it runs). */
  readonly api?: ApiServer;
  /** The serving certificate the API server presents at true time `now` (what clients' TLS judges). */
  readonly apiServerCertificate: (now: number) => Certificate;
  /** Of an HA control plane: where an API server reports that it serves or stopped (the `kubernetes` endpoints). */
  readonly apiServerPeers?: ApiServerPeers;
}

/** A program an image runs. */
export interface SystemProgram {
  /** The normalized image repository, e.g. `registry.k8s.io/kube-proxy`. */
  readonly repository: string;
  launch(launch: LaunchContext): ContainerProcess | undefined;
}

/** The system programs, by repository. */
const PROGRAMS: readonly SystemProgram[] = [kubeProxyProgram, coreDNSProgram, etcdProgram, ...CONTROL_PLANE_PROGRAMS, flannelProgram, flannelCniPluginProgram, calicoCniProgram, calicoNodeProgram];

/** The launcher of one node's runtime. */
export function systemProgramLauncher(base: Omit<LaunchContext, 'container' | 'sandbox'>): ProgramLauncher {
  return (container, sandbox) => {
    const repository = parseImageRef(container.image).repository;
    const program = PROGRAMS.find((p) => p.repository === repository);
    if (program) return program.launch({ ...base, container, sandbox });
    // Not a component: maybe its command is a client program (wget, curl, ...) that runs and exits.
    return launchClientProgram({ queue: base.ctx.queue, network: base.network, runtime: base.node.runtime, node: base.node.name, resolvConf: (s) => s.resolvConf }, container, sandbox);
  };
}
