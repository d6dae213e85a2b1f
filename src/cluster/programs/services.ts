/**
 * Service names from /etc/services (Debian/Ubuntu netbase) for the ports the
 * simulation serves, as getservbyport(3) gives them to ss, nc and lsof.
 */

/** Port → service name (TCP and UDP share these entries in netbase). */
export const SERVICE_NAMES: ReadonlyMap<number, string> = new Map<number, string>([
  [22, 'ssh'],
  [53, 'domain'],
  [80, 'http'],
  [443, 'https'],
  [3306, 'mysql'],
  [5432, 'postgresql'],
  [6379, 'redis'],
  [8080, 'http-alt'],
]);
