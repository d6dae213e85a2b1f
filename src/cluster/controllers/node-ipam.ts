/**
 * The node IPAM controller with the RangeAllocator
 * (pkg/controller/nodeipam/ipam/range_allocator.go): gives each node without
 * one the lowest free /24 of the cluster CIDR 10.244.0.0/16 (kubeadm with
 * flannel-style --cluster-cidr) in spec.podCIDR and spec.podCIDRs.
 */
import type { KubeObject } from '../apiserver/types.js';
import type { Informer } from '../client/informer.js';
import type { EventRecorder } from '../client/event-recorder.js';
import type { Controller, ControllerContext } from './controller.js';
import { WorkQueue } from './work-queue.js';
import type { Obj } from './util.js';

const CIDR_PATTERN = /^10\.244\.(\d+)\.0\/24$/;
const MAX_SUBNETS = 256;

/** Allocates pod CIDRs to nodes. */
export class NodeIpamController implements Controller {
  readonly name = 'node-ipam-controller';
  private readonly nodes: Informer;
  private readonly queue: WorkQueue;
  private readonly used = new Set<number>();
  private readonly recorder: EventRecorder;

  constructor(private readonly c: ControllerContext) {
    this.nodes = c.informers.informer('nodes');
    this.recorder = c.recorder('cidrAllocator');
    this.queue = new WorkQueue(c.ctx.queue, (name) => this.allocate(name));
    this.nodes.on((type, node) => {
      const index = cidrIndex(node);
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
    if (!node || cidrIndex(node) !== undefined || (node.spec as Obj | undefined)?.podCIDR) return;
    let index = 0;
    while (this.used.has(index) && index < MAX_SUBNETS) index++;
    if (index >= MAX_SUBNETS) {
      this.recorder.record({ apiVersion: 'v1', kind: 'Node', metadata: { name, uid: name } }, 'Normal', 'CIDRNotAvailable', `Node ${name} status is now: CIDRNotAvailable`);
      return;
    }
    const cidr = `10.244.${index}.0/24`;
    const r = this.c.client.patch('nodes', undefined, name, 'merge', { spec: { podCIDR: cidr, podCIDRs: [cidr] } });
    if (r.ok) this.used.add(index);
    else if (r.status.reason !== 'NotFound') this.queue.addAfter(name, 1000);
  }
}

function cidrIndex(node: KubeObject): number | undefined {
  const m = String((node.spec as Obj | undefined)?.podCIDR ?? '').match(CIDR_PATTERN);
  return m ? Number(m[1]) : undefined;
}
