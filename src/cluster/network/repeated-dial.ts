/**
 * A node's connections to one address, dialled before every request by a
 * caller that reads only whether they are answered: the API transport of the
 * kubelet and of the control-plane components (tens of thousands of dials in
 * a 100-node warm-up, nearly all alike).
 *
 * An answered dial is confirmed instead of made again while nothing it went
 * by has changed: the network still remembers the same path to the node it
 * reached (no table on either end changed since, see
 * {@link Network.isRemembered}), and the container that answered still
 * serves the port from a host-network sandbox of that node. A dial would then
 * replay that path and ask the node who serves the port, and at least that
 * container does, so it would be answered too (by it, or by a container the
 * node lists before it: the peer is what a confirmation cannot tell, and the
 * caller does not ask for it). Anything else (a failure, a path through a
 * load balancer, an answer from a host daemon) is dialled each time.
 */
import type { RuntimeContainer, ContainerRuntime } from '../runtime/runtime.js';
import type { DialFailure, Network, NetSource, RememberedPathEntry } from './network.js';

/** What an answered dial went by. */
interface Answered {
  entry: RememberedPathEntry;
  runtime: ContainerRuntime;
  container: RuntimeContainer;
  /** The node address the connection reached (a process may listen on some addresses only). */
  localIP: string;
}

/** Repeated TCP connections from a node to ip:port. */
export class RepeatedDial {
  private answered?: Answered;
  private readonly from: NetSource;

  constructor(
    private readonly network: Network,
    private readonly node: string,
    private readonly ip: string,
    private readonly port: number,
  ) {
    this.from = { kind: 'host', node };
  }

  /** Why a connection now fails, or undefined when it is answered: `network.dial(...)`'s outcome, without its peer. */
  failure(): DialFailure | undefined {
    if (this.answered && this.stillAnswered(this.answered)) return undefined;
    this.answered = undefined;
    const result = this.network.dial(this.from, this.ip, this.port);
    if (!result.ok) return result.failure;
    const peer = result.peer;
    if (peer.kind === 'container' && peer.sandbox.hostNetwork) {
      const path = this.network.rememberedHostPath(this.node, this.ip, this.port);
      if (path && path.host.name === peer.node) this.answered = { entry: path.entry, runtime: path.host.runtime, container: peer.container, localIP: path.host.ip };
    }
    return undefined;
  }

  private stillAnswered(a: Answered): boolean {
    const c = a.container;
    // A container is listed only while its sandbox is (removing a sandbox removes its containers first),
    // and a sandbox's host networking is fixed when it is created: the sandbox needs no second look.
    return this.network.isRemembered(a.entry) && a.runtime.containers.get(c.id) === c && a.runtime.serving(c, this.port, a.localIP);
  }
}
