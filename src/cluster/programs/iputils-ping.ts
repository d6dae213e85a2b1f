/**
 * iputils `ping` (20211215, Ubuntu 22.04 nodes; ping/ping.c and
 * ping_common.c): `PING host (ip) 56(84) bytes of data.`, `icmp_seq` from 1,
 * `N received`, the `time Nms` of the run and the `rtt min/avg/max/mdev`
 * line. An unknown name ends with getaddrinfo's `Name or service not known`
 * (exit 2); no answer exits 1. Without -c it stops after four, as if
 * Ctrl+C came then.
 */
import type { Program } from './types.js';
import { ProgramOutput } from './output.js';
import { resolveHost } from './resolver.js';
import { pingArgs } from './ping.js';

/** `ping` as installed on the nodes. */
export const iputilsPing: Program = (argv, ctx) => {
  const out = new ProgramOutput();
  const { count, host, badOption } = pingArgs(argv);
  if (badOption) return out.err(`ping: invalid option -- '${badOption}'\n`).done(2, 0);
  if (!host) return out.err('ping: usage error: Destination address required\n').done(2, 0);
  if (!Number.isInteger(count) || count < 1) return out.err(`ping: invalid argument: '${count}': out of range: 1 <= value <= 9223372036854775807\n`).done(1, 0);
  const resolved = resolveHost(host, ctx);
  if (!resolved.ok) return out.err(`ping: ${host}: ${resolved.failure === 'nxdomain' ? 'Name or service not known' : 'Temporary failure in name resolution'}\n`).done(2, resolved.durationMs);
  const ip = resolved.ip;
  out.out(`PING ${host} (${ip}) 56(84) bytes of data.\n`);
  const answers = ctx.network.ping(ctx.from, ip);
  const target = ctx.network.sandboxByIP(ip);
  const local = ctx.network.sourceIP(ctx.from) === ip;
  const sameNode = local || (ctx.from.kind !== 'workstation' && (!target || target.node.name === ctx.from.node));
  const ttl = sameNode ? 64 : 63;
  const rtt = local ? '0.031' : target && !sameNode ? '0.512' : '0.081';
  for (let seq = 1; seq <= count && answers; seq++) out.out(`64 bytes from ${ip}: icmp_seq=${seq} ttl=${ttl} time=${rtt} ms\n`);
  const received = answers ? count : 0;
  const spanMs = (count - 1) * 1000 + (answers ? 2 : 27 + 13 * count);
  out.out(`\n--- ${host} ping statistics ---\n${count} packets transmitted, ${received} received, ${received ? 0 : 100}% packet loss, time ${spanMs}ms\n`);
  out.out(received ? `rtt min/avg/max/mdev = ${rtt}/${rtt}/${rtt}/0.000 ms\n` : '\n');
  return out.done(received ? 0 : 1, resolved.durationMs + spanMs + (received ? 0 : 10_000));
};
