/**
 * OpenBSD netcat (netcat-openbsd 1.218, Ubuntu 22.04 nodes; netcat.c) as a
 * port check: `nc -zv [-w SEC] HOST PORT`. With -v success reads
 * `Connection to HOST PORT port [tcp/SERVICE] succeeded!` (the name from
 * /etc/services, `*` when it has none); failures are warn()'s
 * `nc: connect to HOST port PORT (tcp) failed: Connection refused` and, when
 * -w's timeout passes, `... timed out: Operation now in progress`.
 */
import type { Program } from './types.js';
import { ProgramOutput } from './output.js';
import { resolveHost } from './resolver.js';
import { ncArgs } from './nc.js';
import { ARP_FAILURE_MS, LINUX_CONNECT_TIMEOUT_MS } from './wget.js';
import { SERVICE_NAMES } from './services.js';

/** A few names of Debian's /etc/services. */

/** netcat.c usage(). */
const USAGE = 'usage: nc [-46CDdFhklNnrStUuvZz] [-I length] [-i interval] [-M ttl]\n\t  [-m minttl] [-O length] [-P proxy_username] [-p source_port]\n\t  [-q seconds] [-s sourceaddr] [-T keyword] [-V rtable] [-W recvlimit]\n\t  [-w timeout] [-X proxy_protocol] [-x proxy_address[:port]]\n\t  [destination] [port]\n';

/** `nc` as installed on the nodes. */
export const openbsdNc: Program = (argv, ctx) => {
  const out = new ProgramOutput();
  const { verbose, udp, waitMs, host, portText, badOption } = ncArgs(argv);
  if (badOption) return out.err(`nc: invalid option -- '${badOption}'\n${USAGE}`).done(1, 0);
  if (!host || !portText) return out.err(USAGE).done(1, 0);
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return out.err(`nc: port number invalid: ${portText}\n`).done(1, 0);
  const proto = udp ? 'udp' : 'tcp';
  const resolved = resolveHost(host, ctx);
  if (!resolved.ok) return out.err(`nc: getaddrinfo for host "${host}" port ${port}: ${resolved.failure === 'nxdomain' ? 'Name or service not known' : 'Temporary failure in name resolution'}\n`).done(1, resolved.durationMs);
  const dialed = ctx.network.dial(ctx.from, resolved.ip, port, proto);
  const ms = resolved.durationMs;
  if (dialed.ok) {
    if (verbose) out.err(`Connection to ${host} ${port} port [${proto}/${SERVICE_NAMES.get(port) ?? '*'}] succeeded!\n`);
    return out.done(0, ms + 1);
  }
  const where = `nc: connect to ${host} port ${port} (${proto})`;
  if (dialed.failure === 'refused') return out.err(`${where} failed: Connection refused\n`).done(1, ms + 1);
  const kernel = dialed.failure === 'unreachable' ? ARP_FAILURE_MS : LINUX_CONNECT_TIMEOUT_MS;
  if (waitMs > 0 && waitMs <= kernel) return out.err(`${where} timed out: Operation now in progress\n`).done(1, ms + waitMs);
  return out.err(`${where} failed: ${dialed.failure === 'unreachable' ? 'No route to host' : 'Connection timed out'}\n`).done(1, ms + kernel);
};
