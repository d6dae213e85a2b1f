/**
 * kube-proxy's IPVS mode (pkg/proxy/ipvs/proxier.go syncProxyRules), the
 * part the data path needs: one virtual service per Service port on its
 * ClusterIP and, for NodePorts, on the node's address, with the scheduler
 * from the configuration; the usable endpoints are its real servers (Masq,
 * weight 1). The ipsets and iptables rules IPVS mode also writes, and
 * kube-ipvs0, are not modelled.
 */
import type { IpvsTable, VirtualService } from '../network/ipvs.js';
import type { ProxierState } from './iptables-proxier.js';
import { portKey, usableEndpoints } from './service-ports.js';

/** Programs the host's IPVS table for `state`. */
export function syncIpvs(table: IpvsTable, state: ProxierState, nodeIP: string, scheduler: string): void {
  const services: Omit<VirtualService, 'next'>[] = [];
  for (const svc of state.services) {
    const protocol = svc.protocol.toUpperCase() as VirtualService['protocol'];
    const realServers = usableEndpoints(state.endpoints.get(portKey(svc.service, svc.portName, svc.protocol)) ?? []).map((e) => ({ ip: e.ip, port: Number(e.endpoint.slice(e.endpoint.lastIndexOf(':') + 1)), weight: 1 }));
    services.push({ protocol, ip: svc.clusterIP, port: svc.port, scheduler, realServers });
    if (svc.nodePort) services.push({ protocol, ip: nodeIP, port: svc.nodePort, scheduler, realServers });
  }
  table.replace(services);
}
