/**
 * The node IPAM controller with the RangeAllocator
 * (pkg/controller/nodeipam/ipam/range_allocator.go, cidrset/cidr_set.go):
 * gives each node without one a /24 (--node-cidr-mask-size) of the cluster
 * CIDR (--cluster-cidr, kubeadm's podSubnet, 10.244.0.0/16 by default) in
 * spec.podCIDR and spec.podCIDRs. When every /24 is taken the node gets none
 * and a `CIDRNotAvailable` event, again on every later update of the node.
 */
import type { KubeObject } from '../apiserver/types.js';
import type { Informer } from '../client/informer.js';
import type { EventRecorder } from '../client/event-recorder.js';
import { DEFAULT_POD_SUBNET, nodeCidr, nodeCidrCount, nodeCidrIndex, parseCidr, type Cidr } from '../ipv4.js';
import type { Controller, ControllerContext } from './controller.js';
import { WorkQueue } from './work-queue.js';
import type { Obj } from './util.js';

/** Allocates pod CIDRs to nodes. */
export class NodeIpamController implements Controller {
  readonly name = 'node-ipam-controller';
  private readonly nodes: Informer;
  private readonly queue: WorkQueue;
  private readonly used = new Set<number>();
  private readonly recorder: EventRecorder;
  private readonly subnet: Cidr;
  private readonly maxCidrs: number;
  /** cidr_set.go nextCandidate: allocation goes round the range, it does not refill the lowest hole first. */
  private nextCandidate = 0;

  /** `clusterCidr` is --cluster-cidr (a valid IPv4 block; the schema checks scenarios' podSubnet). */
  constructor(private readonly c: ControllerContext, clusterCidr: string = DEFAULT_POD_SUBNET) {
    this.subnet = parseCidr(clusterCidr) ?? parseCidr(DEFAULT_POD_SUBNET)!;
    this.maxCidrs = nodeCidrCount(this.subnet);
    this.nodes = c.informers.informer('nodes');
    this.recorder = c.recorder('cidrAllocator');
    this.queue = new WorkQueue(c.ctx.queue, (name) => this.allocate(name));
    this.nodes.on((type, node) => {
      const index = this.cidrIndex(node);
      if (type === 'DELETED') {
        if (index !== undefined) this.used.delete(index);
        return;
      }
      if (index !== undefined) this.used.add(index);
      else this.queue.add(node.metadata.name!);
    });
  }

  start(): void {}

  stop(): void {
    this.queue.stop();
  }

  private allocate(name: string): void {
    const node = this.nodes.get(undefined, name);
    if (!node || this.cidrIndex(node) !== undefined || (node.spec as Obj | undefined)?.podCIDR) return;
    const index = this.allocateNext();
    if (index === undefined) {
      // nodeutil.RecordNodeStatusChange(recorder, node, "CIDRNotAvailable")
      this.recorder.record({ apiVersion: 'v1', kind: 'Node', metadata: { name, uid: node.metadata.uid } }, 'Normal', 'CIDRNotAvailable', `Node ${name} status is now: CIDRNotAvailable`);
      return;
    }
    const cidr = nodeCidr(this.subnet, index);
    const r = this.c.client.patch('nodes', undefined, name, 'merge', { spec: { podCIDR: cidr, podCIDRs: [cidr] } });
    if (!r.ok) {
      // updateCIDRsAllocation releases what it reserved when the patch fails.
      this.used.delete(index);
      if (r.status.reason !== 'NotFound') this.queue.addAfter(name, 1000);
    }
  }

  /** cidr_set.go AllocateNext: the first free index from nextCandidate on, wrapping; undefined when full. */
  private allocateNext(): number | undefined {
    if (this.used.size >= this.maxCidrs) return undefined;
    let candidate = this.nextCandidate;
    for (let i = 0; i < this.maxCidrs && this.used.has(candidate); i++) candidate = (candidate + 1) % this.maxCidrs;
    this.nextCandidate = (candidate + 1) % this.maxCidrs;
    this.used.add(candidate);
    return candidate;
  }

  private cidrIndex(node: KubeObject): number | undefined {
    const cidr = (node.spec as Obj | undefined)?.podCIDR;
    return typeof cidr === 'string' ? nodeCidrIndex(this.subnet, cidr) : undefined;
  }
}
