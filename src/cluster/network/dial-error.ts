/**
 * A failed dial as Go's net package words it after `dial tcp IP:PORT: ` (the
 * text client-go, the API server's kubelet client and kube-proxy's reflectors
 * put into their errors): `i/o timeout` when nothing came back before the
 * client's deadline, syscall.ECONNREFUSED and EHOSTUNREACH behind `connect:`.
 */
import type { DialFailure } from './network.js';

/** The words after `dial tcp IP:PORT: ` for a dial that failed so. */
export function goDialError(failure: DialFailure): string {
  return failure === 'timeout' ? 'i/o timeout' : failure === 'refused' ? 'connect: connection refused' : 'connect: no route to host';
}
