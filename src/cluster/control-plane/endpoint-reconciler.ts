/**
 * The `kubernetes` Service's endpoints in an HA control plane, as the API
 * servers' lease endpoint reconciler keeps them
 * (pkg/controlplane/reconcilers/lease.go): an API server adds its advertise
 * address once it serves and removes it when it shuts down
 * (RemoveEndpoints on graceful termination), so the Endpoints and the
 * EndpointSlice list exactly the API servers that run. Addresses are sorted
 * as strings, as the reconciler sorts the IPs it read from its leases.
 */
import type { ApiClient } from '../apiserver/types.js';

/** What an API server program tells the reconciler. */
export interface ApiServerPeers {
  /** The API server advertising `ip` serves. */
  serving(ip: string): void;
  /** The API server advertising `ip` stopped. */
  stopped(ip: string): void;
}

/** Keeps default/kubernetes Endpoints and EndpointSlice in step with the API servers that serve. */
export class EndpointReconciler implements ApiServerPeers {
  private readonly live: Set<string>;

  /**
   * @param client a privileged client (the API server writes its own endpoints).
   * @param initial the addresses the objects hold at bootstrap.
   * @param defer runs a write outside the caller's event (a program's start or stop).
   */
  constructor(
    private readonly client: ApiClient,
    initial: readonly string[],
    private readonly defer: (fn: () => void) => void,
  ) {
    this.live = new Set(initial);
  }

  serving(ip: string): void {
    if (this.live.has(ip)) return;
    this.live.add(ip);
    this.defer(() => this.write());
  }

  stopped(ip: string): void {
    if (!this.live.delete(ip)) return;
    this.defer(() => this.write());
  }

  private write(): void {
    const ips = [...this.live].sort();
    const ep = this.client.get('endpoints', 'default', 'kubernetes');
    if (ep.ok) {
      const subsets = ips.length ? [{ addresses: ips.map((ip) => ({ ip })), ports: [{ name: 'https', port: 6443, protocol: 'TCP' }] }] : [];
      this.client.update('endpoints', 'default', { ...ep.value, subsets });
    }
    const slice = this.client.get('endpointslices', 'default', 'kubernetes');
    if (slice.ok) this.client.update('endpointslices', 'default', { ...slice.value, endpoints: ips.map((ip) => ({ addresses: [ip], conditions: { ready: true } })) });
  }
}
