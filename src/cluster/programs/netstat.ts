/**
 * busybox `netstat` (networking/netstat.c) over the namespace it runs in:
 * `-l`, `-a`, `-n`, `-t`, `-u`, `-x`, `-p`. It reads /proc/net/tcp, tcp6,
 * udp and udp6 in turn and prints each socket as FMT_NET_CONN_DATA
 * ("%s   %6lu %6lu %-23s %-23s %-12s", then with -p "%.20s" of
 * `PID/name`, `-` for a process of another pid namespace). IPv6 addresses
 * print without brackets (`:::80`); without -n the kubelet's /etc/hosts
 * names 127.0.0.1 and the pod's own address, and busybox images have no
 * /etc/services, so ports stay numeric. No unix sockets are simulated, so
 * that section, when asked for, has its header only (as in most containers).
 */
import type { Program, ProgramContext } from './types.js';
import { ProgramOutput } from './output.js';
import { namespaceOf, type Socket } from './netns.js';

const USAGE = `BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.

Usage: netstat [-ral] [-tuwx] [-enWp]

Display networking information

	-r	Routing table
	-a	All sockets
	-l	Listening sockets
		Else: connected sockets
	-t	TCP sockets
	-u	UDP sockets
	-w	Raw sockets
	-x	Unix sockets
		Else: all socket types
	-e	Other/more information
	-n	Don't resolve names
	-W	Wide display
	-p	Show PID/program name for sockets
`;

const FLAGS = new Set(['l', 'a', 'n', 't', 'u', 'w', 'x', 'p']);

/** `netstat`. */
export const netstat: Program = (argv, ctx) => {
  const out = new ProgramOutput();
  const f = { l: false, a: false, n: false, t: false, u: false, w: false, x: false, p: false };
  for (const arg of argv.slice(1)) {
    if (!arg.startsWith('-') || arg === '-') return out.err(USAGE).done(1, 0);
    for (const l of arg.slice(1)) {
      if (FLAGS.has(l)) f[l as keyof typeof f] = true;
      else if (l === 'e' || l === 'W') continue;
      else if (l === 'r') return out.err('kubedrill: netstat -r is not simulated\n').done(126, 0);
      else return out.err(`netstat: invalid option -- '${l}'\n${USAGE}`).done(1, 0);
    }
  }
  const ns = namespaceOf(ctx.network, ctx.from, ctx.containerId);
  if (!ns) return out.err("netstat: can't open '/proc/net/tcp': No such file or directory\n").done(1, 0);
  const listening = f.l || f.a;
  const connected = !f.l || f.a;
  // No protocol option: all of them (tcp, udp, raw, unix).
  const all = !(f.t || f.u || f.w || f.x);
  const tcp = all || f.t;
  const udp = all || f.u;
  const raw = all || f.w;
  const unix = all || f.x;
  const names = hostNames(ctx);
  let text = '';
  if (tcp || udp || raw) {
    text += `Active Internet connections ${listening && connected ? '(servers and established)' : listening ? '(only servers)' : '(w/o servers)'}`;
    text += `\nProto Recv-Q Send-Q ${'Local Address'.padEnd(23)} ${'Foreign Address'.padEnd(23)} State       ${f.p ? 'PID/Program name    ' : ''}\n`;
    const line = (s: Socket, proto: string) => {
      if (s.peer ? !connected : !listening) return;
      const local = `${host(s.address, f.n, names)}:${s.port}`;
      const remote = s.peer ? `${host(s.peer.address, f.n, names)}:${s.peer.port}` : `${s.family === 4 ? '0.0.0.0' : '::'}:*`;
      const state = s.proto === 'udp' ? '' : s.state === 'SYN-SENT' ? 'SYN_SENT' : s.state === 'ESTAB' ? 'ESTABLISHED' : 'LISTEN';
      // /proc/net/tcp's tx_queue of a listener is 0 (its backlog is only in inet_diag).
      const txq = s.peer ? s.backlog : 0;
      const prg = f.p ? (s.owner ? `${s.owner.pid}/${s.owner.name}` : '-').slice(0, 20) : '';
      text += `${proto}   ${'0'.padStart(6)} ${String(txq).padStart(6)} ${local.padEnd(23)} ${remote.padEnd(23)} ${state.padEnd(12)}${prg}\n`;
    };
    const pass = (proto: 'tcp' | 'udp', family: 4 | 6) => {
      const mine = ns.sockets.filter((s) => s.proto === proto && s.family === family);
      // tcp6 and udp6 lines say tcp and udp too (tcp_do_one, udp_do_one).
      for (const s of [...mine.filter((x) => !x.peer), ...mine.filter((x) => x.peer)]) line(s, proto);
    };
    if (tcp) {
      pass('tcp', 4);
      pass('tcp', 6);
    }
    if (udp) {
      pass('udp', 4);
      pass('udp', 6);
    }
  }
  if (unix) {
    text += `Active UNIX domain sockets ${listening && connected ? '(servers and established)' : listening ? '(only servers)' : '(w/o servers)'}`;
    text += `\nProto RefCnt Flags       Type       State         I-Node ${f.p ? 'PID/Program name    ' : ''}Path\n`;
  }
  return out.out(text).done(0, 0);
};

/** What the resolver answers from the kubelet-managed /etc/hosts (other addresses have no name and print dotted). */
function hostNames(ctx: ProgramContext): Map<string, string> {
  const names = new Map<string, string>();
  for (const line of hostsFile(ctx)) {
    const [addr, name] = line.split(/\s+/);
    if (addr && name && !names.has(addr)) names.set(addr, name);
  }
  return names;
}

/** The lines of the pod's /etc/hosts that name addresses: localhost and the pod itself. */
function hostsFile(ctx: ProgramContext): string[] {
  const lines = ['127.0.0.1\tlocalhost', '::1\tlocalhost'];
  if (ctx.from.kind === 'pod') {
    const sandbox = ctx.network.node(ctx.from.node)?.runtime.sandboxes.get(ctx.from.sandboxId);
    if (sandbox) lines.push(`${sandbox.ip}\t${sandbox.podName}`);
  }
  return lines;
}

/** An address as busybox prints it: its name unless -n, else dotted (IPv6 unbracketed). */
function host(address: string, numeric: boolean, names: Map<string, string>): string {
  return (!numeric && names.get(address)) || address;
}
