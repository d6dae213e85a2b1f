/**
 * busybox 1.36 `ping` (networking/ping.c): `ping [-c COUNT] [-W SEC] HOST`.
 * A pod or node address answers; a Service's ClusterIP never does, since
 * kube-proxy translates only the Service's ports (a classic trap: the
 * Service works while ping says 100% packet loss). Without -c busybox pings
 * until interrupted; here it stops after four, as if Ctrl+C came then.
 */
import type { Program } from './types.js';
import { ProgramOutput } from './output.js';
import { resolveHost } from './resolver.js';

/**
 * The options both pings share (busybox's and iputils'): `-c COUNT`
 * (default: four, as if Ctrl+C came then), the host, and the options with a
 * value they accept and ignore; `badOption` is the first unknown one.
 */
export function pingArgs(argv: readonly string[]): { count: number; host?: string; badOption?: string } {
  let count = 4;
  let host: string | undefined;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-c') count = Number(argv[++i]);
    else if (/^-c\d+$/.test(a)) count = Number(a.slice(2));
    else if (a === '-W' || a === '-w' || a === '-s' || a === '-i' || a === '-I') i++;
    else if (a.startsWith('-') && a.length > 1) return { count, badOption: a[1] };
    else host = a;
  }
  return { count, host };
}

/** `ping`. */
export const ping: Program = (argv, ctx) => {
  const out = new ProgramOutput();
  const args = pingArgs(argv);
  if (args.badOption) return out.err(`ping: invalid option -- '${args.badOption}'\n`).done(1, 0);
  const host = args.host;
  let count = args.count;
  if (!host) return out.err('BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: ping [OPTIONS] HOST\n').done(1, 0);
  if (!Number.isInteger(count) || count < 1) count = 1;
  const resolved = resolveHost(host, ctx);
  if (!resolved.ok) return out.err(`ping: bad address '${host}'\n`).done(1, resolved.durationMs);
  const ip = resolved.ip;
  out.out(`PING ${host} (${ip}): 56 data bytes\n`);
  const answers = ctx.network.ping(ctx.from, ip);
  const local = ctx.network.sourceIP(ctx.from) === ip;
  const target = ctx.network.sandboxByIP(ip);
  const sameNode = local || (ctx.from.kind !== 'workstation' && target?.node.name === ctx.from.node);
  const ttl = local || sameNode ? 64 : target ? 62 : 63;
  const rtt = local ? '0.045' : sameNode ? '0.081' : '0.512';
  let received = 0;
  for (let seq = 0; seq < count; seq++) {
    if (!answers) continue;
    out.out(`64 bytes from ${ip}: seq=${seq} ttl=${ttl} time=${rtt} ms\n`);
    received++;
  }
  const loss = Math.round(((count - received) * 100) / count);
  out.out(`\n--- ${host} ping statistics ---\n${count} packets transmitted, ${received} packets received, ${loss}% packet loss\n`);
  if (received) out.out(`round-trip min/avg/max = ${rtt}/${rtt}/${rtt} ms\n`);
  // One echo a second; with no answer busybox waits 10 s (-W) after the last one.
  return out.done(received ? 0 : 1, resolved.durationMs + (count - 1) * 1000 + (received ? 1 : 10_000));
};
