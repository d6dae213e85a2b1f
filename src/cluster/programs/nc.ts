/**
 * busybox 1.36 `nc` (networking/nc_bloaty.c) as a port check: `nc -z [-v]
 * [-w SEC] HOST PORT`. With -v an open port prints `HOST (IP:PORT) open`; a
 * refusal prints only with -vv (nc_bloaty: "if we're scanning at a one -v
 * verbosity level, don't print refusals"); -w's alarm fakes ETIMEDOUT
 * (`Connection timed out`). Without -w a silent peer waits for the kernel's
 * own connect timeout.
 */
import type { Program } from './types.js';
import { ProgramOutput } from './output.js';
import { resolveHost } from './resolver.js';
import { ARP_FAILURE_MS, LINUX_CONNECT_TIMEOUT_MS } from './wget.js';

/**
 * The port-check options both netcats share (busybox's and OpenBSD's):
 * `-v` (counted), `-z`, `-n`, `-u`, `-w SEC`, then HOST PORT; `badOption`
 * is the first unknown one. (-z only says not to send anything, which a
 * simulated check never does.)
 */
export function ncArgs(argv: readonly string[]): { verbose: number; udp: boolean; waitMs: number; host?: string; portText?: string; badOption?: string } {
  let verbose = 0;
  let udp = false;
  let waitMs = 0;
  const rest: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (/^-[vznu]+$/.test(a)) {
      for (const f of a.slice(1)) {
        if (f === 'v') verbose++;
        else if (f === 'u') udp = true;
      }
    } else if (a === '-w' || /^-w\d+$/.test(a)) waitMs = Number(a === '-w' ? argv[++i] : a.slice(2)) * 1000;
    else if (a.startsWith('-') && a.length > 1) return { verbose, udp, waitMs, badOption: a[1] };
    else rest.push(a);
  }
  return { verbose, udp, waitMs, host: rest[0], portText: rest[1] };
}

/** `nc`. */
export const nc: Program = (argv, ctx) => {
  const out = new ProgramOutput();
  const { verbose, udp, waitMs, host, portText, badOption } = ncArgs(argv);
  if (badOption) return out.err(`nc: invalid option -- '${badOption}'\n`).done(1, 0);
  if (!host || !portText) return out.err('BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: nc [OPTIONS] HOST PORT  - connect\nnc [OPTIONS] -l -p PORT [HOST] [PORT]  - listen\n').done(1, 0);
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return out.err(`nc: bad port '${portText}'\n`).done(1, 0);
  const resolved = resolveHost(host, ctx);
  if (!resolved.ok) return out.err(`nc: bad address '${host}'\n`).done(1, resolved.durationMs);
  const where = `${host} (${resolved.ip}:${port})`;
  const dialed = ctx.network.dial(ctx.from, resolved.ip, port, udp ? 'udp' : 'tcp');
  const ms = resolved.durationMs;
  if (dialed.ok) {
    if (verbose) out.err(`${where} open\n`);
    // Without -z nc would hold the connection open and copy stdin; here it has nothing to send and ends.
    return out.done(0, ms + 1);
  }
  if (dialed.failure === 'refused') {
    if (verbose > 1) out.err(`nc: ${where}: Connection refused\n`);
    return out.done(1, ms + 1);
  }
  const kernel = dialed.failure === 'unreachable' ? ARP_FAILURE_MS : LINUX_CONNECT_TIMEOUT_MS;
  const timedOut = waitMs > 0 && waitMs <= kernel;
  if (verbose) out.err(`nc: ${where}: ${timedOut || dialed.failure === 'timeout' ? 'Connection timed out' : 'No route to host'}\n`);
  return out.done(1, ms + (timedOut ? waitMs : kernel));
};
