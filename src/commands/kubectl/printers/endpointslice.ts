/** `kubectl get endpointslices`: printEndpointSlice of pkg/printers/internalversion/printers.go. */
import type { EndpointSlice, Endpoint, EndpointPort } from 'kubernetes-types/discovery/v1.js';
import type { TableDefinition } from '../output/table.js';
import { translateTimestampSince } from '../output/duration.js';

/** `listWithMoreString`: ` + N more...` past `max`, `<unset>` for an empty list. */
export function listWithMoreString(list: readonly string[], more: boolean, count: number, max: number): string {
  const ret = list.join(',');
  if (more) return `${ret} + ${count - max} more...`;
  return ret === '' ? '<unset>' : ret;
}

/** `formatDiscoveryPorts`: port numbers, else names, else `*`. */
export function formatDiscoveryPorts(ports: readonly EndpointPort[] | undefined): string {
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const p of ports ?? []) {
    if (list.length < max) list.push(p.port != null ? String(p.port) : p.name != null ? p.name : '*');
    else if (list.length === max) more = true;
    count++;
  }
  return listWithMoreString(list, more, count, max);
}

/** `formatDiscoveryEndpoints`: all addresses, ready or not. */
export function formatDiscoveryEndpoints(endpoints: readonly Endpoint[] | undefined): string {
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const e of endpoints ?? []) {
    for (const a of e.addresses ?? []) {
      if (list.length < max) list.push(a);
      else if (list.length === max) more = true;
      count++;
    }
  }
  return listWithMoreString(list, more, count, max);
}

/** EndpointSlices: NAME ADDRESSTYPE PORTS ENDPOINTS AGE. */
export const endpointSlicePrinter: TableDefinition<EndpointSlice> = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'AddressType', priority: 0 },
    { name: 'Ports', priority: 0 },
    { name: 'Endpoints', priority: 0 },
    { name: 'Age', priority: 0 },
  ],
  row(s, { now }) {
    return [
      s.metadata?.name ?? '',
      s.addressType ?? '',
      formatDiscoveryPorts(s.ports),
      formatDiscoveryEndpoints(s.endpoints),
      translateTimestampSince(s.metadata?.creationTimestamp, now),
    ];
  },
};
