/**
 * IP and port allocators the API server owns: Service ClusterIPs from the
 * service CIDR (10.96.0.0/12, kubeadm's default) and NodePorts from
 * 30000-32767. Picks are random but seeded, like the real bitmap allocator.
 */
import type { Random } from '../clock/random.js';

type Obj = Record<string, any>;

/** Well-known addresses kubeadm clusters always have. */
export const KUBERNETES_SERVICE_IP = '10.96.0.1';
export const KUBE_DNS_SERVICE_IP = '10.96.0.10';

/** Allocates ClusterIPs and NodePorts for Services. */
export class ServiceAllocators {
  /** Never picked at random: kubeadm creates these Services with these IPs. */
  private readonly reservedIPs = new Set<string>([KUBERNETES_SERVICE_IP, KUBE_DNS_SERVICE_IP]);
  private readonly usedIPs = new Set<string>();
  private readonly usedPorts = new Set<number>();

  constructor(private readonly random: Random) {}

  /**
   * Fills spec.clusterIP(s) and nodePorts of a new Service. Returns the field
   * error when a requested ClusterIP is taken (the IP allocator's wording).
   */
  allocate(service: Obj): { field: string; detail: string } | undefined {
    const spec = service.spec ?? {};
    if (spec.type === 'ExternalName') return undefined;
    if (spec.clusterIP && spec.clusterIP !== 'None' && this.usedIPs.has(spec.clusterIP)) {
      return { field: 'spec.clusterIPs', detail: `Invalid value: []string{"${spec.clusterIP}"}: failed to allocate IP ${spec.clusterIP}: provided IP is already allocated` };
    }
    if (!spec.clusterIP) {
      let ip: string;
      do {
        // 10.96.0.0/12 spans 10.96.0.0 - 10.111.255.255.
        ip = `10.${96 + this.random.int(16)}.${this.random.int(256)}.${1 + this.random.int(254)}`;
      } while (this.usedIPs.has(ip) || this.reservedIPs.has(ip));
      spec.clusterIP = ip;
    }
    this.usedIPs.add(spec.clusterIP);
    if (spec.clusterIP !== 'None') spec.clusterIPs ??= [spec.clusterIP];
    else spec.clusterIPs ??= ['None'];
    if (spec.type === 'NodePort' || spec.type === 'LoadBalancer') {
      for (const p of spec.ports ?? []) {
        if (p.nodePort) {
          this.usedPorts.add(p.nodePort);
          continue;
        }
        let port: number;
        do port = 30000 + this.random.int(2768);
        while (this.usedPorts.has(port));
        p.nodePort = port;
        this.usedPorts.add(port);
      }
    }
    return undefined;
  }

  /** Frees a deleted Service's ClusterIP and NodePorts. */
  release(service: Obj): void {
    const spec = service.spec ?? {};
    if (spec.clusterIP && spec.clusterIP !== 'None') this.usedIPs.delete(spec.clusterIP);
    for (const p of spec.ports ?? []) if (p.nodePort) this.usedPorts.delete(p.nodePort);
  }
}
