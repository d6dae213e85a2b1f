/** `kubectl get endpoints`: printEndpoints/formatEndpoints of pkg/printers/internalversion/printers.go. */
import type { Endpoints } from 'kubernetes-types/core/v1.js';
import type { TableDefinition } from '../output/table.js';
import { translateTimestampSince } from '../output/duration.js';

/** Go's net.JoinHostPort: IPv6 hosts are bracketed. */
export const joinHostPort = (host: string, port: number | string): string =>
  host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;

/**
 * `formatEndpoints(endpoints, ports)`: the first 3 ready `ip:port` values then ` + N more...`;
 * `<none>` with no subsets. `portNames` restricts to named ports (describe service uses it).
 */
export function formatEndpoints(endpoints: Endpoints, portNames?: ReadonlySet<string>): string {
  const subsets = endpoints.subsets ?? [];
  if (subsets.length === 0) return '<none>';
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const ss of subsets) {
    const addresses = ss.addresses ?? [];
    const ports = ss.ports ?? [];
    if (ports.length === 0) {
      // Headless services may have no ports.
      count += addresses.length;
      for (const a of addresses) {
        if (list.length === max) {
          more = true;
          break;
        }
        list.push(a.ip);
      }
      continue;
    }
    for (const port of ports) {
      if (portNames === undefined || portNames.has(port.name ?? '')) {
        count += addresses.length;
        for (const a of addresses) {
          if (list.length === max) {
            more = true;
            break;
          }
          list.push(joinHostPort(a.ip, port.port));
        }
      }
    }
  }
  const ret = list.join(',');
  return more ? `${ret} + ${count - max} more...` : ret;
}

/** Endpoints: NAME ENDPOINTS AGE. */
export const endpointsPrinter: TableDefinition<Endpoints> = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Endpoints', priority: 0 },
    { name: 'Age', priority: 0 },
  ],
  row(ep, { now }) {
    return [ep.metadata?.name ?? '', formatEndpoints(ep), translateTimestampSince(ep.metadata?.creationTimestamp, now)];
  },
};
