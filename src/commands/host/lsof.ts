/**
 * `lsof -i` on a node (lsof 4.93.2, Ubuntu 22.04): the Internet sockets of
 * the node's network namespace that a process holds (the socket model of
 * src/cluster/programs/netns-sockets.ts, the one `ss` reads), one line per
 * socket, sorted by PID then FD. Columns as lsof prints them: COMMAND (9
 * characters of the process name) left-aligned, PID and USER right-aligned,
 * FD as number + mode + lock in a 4-wide field, TYPE, DEVICE (the socket's
 * inode), SIZE/OFF `0t0`, NODE (TCP/UDP) and NAME (`*:22 (LISTEN)`,
 * `a:p->b:q (ESTABLISHED)`, UDP with a trailing space). Selection by `-i
 * [46][TCP|UDP][@host][:port[-port]]` (several -i are ORed), `-s TCP:STATE`,
 * `-p PID`, `-c NAME`, `-a`; `-n`/`-P` keep addresses and ports numeric; `-t`
 * prints PIDs only. Other open files (regular files, pipes, UNIX sockets)
 * are not simulated.
 */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { namespaceOf, type Socket } from '../../cluster/programs/netns.js';
import { SERVICE_NAMES } from '../../cluster/programs/services.js';
import { hash } from '../../cluster/programs/fnv.js';
import { nodeOf } from './lib/host-context.js';

/** The login names of the system services that do not run as root (Ubuntu 22.04's base system). */
const SERVICE_USERS = new Map<string, string>([
  ['systemd-resolve', 'systemd-resolve'],
  ['systemd-network', 'systemd-network'],
  ['chronyd', '_chrony'],
]);

/** One `-i` selection. */
interface InetSpec {
  family?: 4 | 6;
  proto?: 'tcp' | 'udp';
  host?: string;
  ports?: [number, number];
}

/** lsof's TCP state names (the `-s TCP:` filter and the NAME column). */
const STATES: Readonly<Record<string, string>> = { ESTAB: 'ESTABLISHED', 'SYN-SENT': 'SYN_SENT' };

/** What lsof prints after a refused option (usage()); the version is Ubuntu 22.04's. */
const USAGE_HINT = `lsof 4.93.2
 latest revision: https://github.com/lsof-org/lsof
 latest FAQ: https://github.com/lsof-org/lsof/blob/master/00FAQ
 latest (non-formatted) man page: https://github.com/lsof-org/lsof/blob/master/Lsof.8
 usage: [-?abhKlnNoOPRtUvVX] [+|-c c] [+|-d s] [+D D] [+|-E] [+|-e s] [+|-f[gG]]
 [-F [f]] [-g [s]] [-i [i]] [+|-L [l]] [+m [m]] [+|-M] [-o [o]] [-p s]
 [+|-r [t]] [-s [p:s]] [-S [t]] [-T [t]] [-u s] [+|-w] [-x [fl]] [--] [names]
Use the \`\`-h'' option to get more help information.
`;

/** Parses `-i`'s address (`4TCP@10.0.0.1:22`, `:8080`, `UDP:53-60`), or says why lsof refuses it. */
function parseInet(text: string): InetSpec | string {
  const m = /^([46])?([a-z]*)(?:@([^:]+|\[[^\]]+\]))?(?::([0-9a-z-]+))?$/i.exec(text);
  if (!m) return `unacceptable Internet address: ${text}`;
  if (m[2] && !/^(tcp|udp)$/i.test(m[2])) return `unknown protocol name (${m[2]}) in: -i ${text}`;
  const spec: InetSpec = {};
  if (m[1]) spec.family = Number(m[1]) as 4 | 6;
  if (m[2]) spec.proto = m[2].toLowerCase() as 'tcp' | 'udp';
  if (m[3]) spec.host = m[3].replace(/^\[|\]$/g, '');
  if (m[4]) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(m[4]);
    if (range) spec.ports = [Number(range[1]), Number(range[2] ?? range[1])];
    else {
      const port = [...SERVICE_NAMES].find(([, name]) => name === m[4])?.[0];
      if (port === undefined) return `unknown service ${m[4]} in: -i ${text}`;
      spec.ports = [port, port];
    }
  }
  return spec;
}

/** Does `s` match one `-i` selection? */
function matches(s: Socket, spec: InetSpec): boolean {
  if (spec.family && s.family !== spec.family) return false;
  if (spec.proto && s.proto !== spec.proto) return false;
  const ends = [{ address: s.address, port: s.port }, ...(s.peer ? [s.peer] : [])];
  return ends.some((e) => (!spec.host || e.address === spec.host || e.address === `::ffff:${spec.host}`) && (!spec.ports || (e.port >= spec.ports[0] && e.port <= spec.ports[1])));
}

/** Runs lsof on the current node. */
export function runLsof(args: readonly string[], ctx: CommandContext): ExecResult {
  const node = nodeOf(ctx);
  const network = ctx.cluster.net?.();
  if (!node || !network) return { stdout: '', stderr: 'kubedrill: lsof: no machine to read\n', exitCode: 1 };
  const o = { inet: false, specs: [] as InetSpec[], numericHost: false, numericPort: false, terse: false, and: false, states: undefined as Set<string> | undefined, pids: undefined as Set<number> | undefined, commands: undefined as string[] | undefined };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '-i' || a.startsWith('-i')) {
      o.inet = true;
      // The address is the rest of the word, or the next word when that does not start with `-`.
      let value = a.slice(2);
      if (value === '' && args[i + 1] !== undefined && !args[i + 1].startsWith('-')) value = args[++i];
      if (value === '') continue;
      const spec = parseInet(value);
      if (typeof spec === 'string') return { stdout: '', stderr: `lsof: ${spec}\n${USAGE_HINT}`, exitCode: 1 };
      o.specs.push(spec);
    } else if (a === '-s' || a.startsWith('-s')) {
      const value = a.length > 2 ? a.slice(2) : args[++i];
      const m = /^tcp:(\^?[a-z_]+(?:,\^?[a-z_]+)*)$/i.exec(value ?? '');
      if (!m) return { stdout: '', stderr: `kubedrill: lsof -s ${value ?? ''} is not simulated (use -s TCP:STATE)\n`, exitCode: 126 };
      o.states = new Set(m[1].toUpperCase().split(','));
    } else if (a === '-p' || a === '-c') {
      const value = args[++i];
      if (value === undefined) return { stdout: '', stderr: `lsof: no ${a === '-p' ? 'process ID' : 'command'} specified\n${USAGE_HINT}`, exitCode: 1 };
      if (a === '-p') o.pids = new Set(value.split(',').map(Number));
      else (o.commands ??= []).push(value);
    } else if (/^-[nPtal]+$/.test(a)) {
      for (const l of a.slice(1)) {
        if (l === 'n') o.numericHost = true;
        else if (l === 'P') o.numericPort = true;
        else if (l === 't') o.terse = true;
        else if (l === 'a') o.and = true;
      }
    } else if (a === '-v' || a === '-V' || a === '-h' || a === '-?') {
      return { stdout: '', stderr: `kubedrill: lsof ${a} is not simulated\n`, exitCode: 126 };
    } else if (a.startsWith('-') || a.startsWith('+')) {
      return { stdout: '', stderr: `lsof: illegal option character: ${a[1] ?? a}\n${USAGE_HINT}`, exitCode: 1 };
    } else {
      return { stdout: '', stderr: `kubedrill: lsof ${a}: open files other than Internet sockets are not simulated\n`, exitCode: 126 };
    }
  }
  if (!o.inet) return { stdout: '', stderr: 'kubedrill: lsof without -i is not simulated: it lists only Internet sockets (lsof -i)\n', exitCode: 126 };
  const ns = namespaceOf(network, { kind: 'host', node: node.spec.name });
  const held = (ns?.sockets ?? []).filter((s): s is Socket & { owner: NonNullable<Socket['owner']> } => s.owner !== undefined);
  const selected = held.filter((s) => {
    const inet = o.specs.length === 0 || o.specs.some((spec) => matches(s, spec));
    const state = !o.states || s.proto !== 'tcp' || stateMatches(o.states, tcpState(s));
    const process = [o.pids ? o.pids.has(s.owner.pid) : undefined, o.commands ? o.commands.some((c) => s.owner.name.startsWith(c)) : undefined].filter((x) => x !== undefined);
    // Process selections are ORed with the -i selection unless -a ANDs them (lsof's default is OR).
    if (process.length === 0) return inet && state;
    return o.and ? inet && state && process.every(Boolean) : (inet && state) || process.some(Boolean);
  });
  selected.sort((x, y) => x.owner.pid - y.owner.pid || x.owner.fd - y.owner.fd);
  if (selected.length === 0) return { stdout: '', stderr: '', exitCode: 1 };
  if (o.terse) return { stdout: [...new Set(selected.map((s) => s.owner.pid))].map((p) => `${p}\n`).join(''), stderr: '', exitCode: 0 };
  const host = (address: string): string => {
    if (o.numericHost) return address.includes(':') ? `[${address}]` : address;
    if (address === '127.0.0.1') return 'localhost';
    if (address === '127.0.0.53') return '_localdnsstub';
    if (address === node.spec.ip) return node.spec.name;
    return address.includes(':') ? `[${address}]` : address;
  };
  const port = (p: number): string => (o.numericPort ? String(p) : (SERVICE_NAMES.get(p) ?? String(p)));
  const rows = selected.map((s) => {
    const wildcard = s.address === '0.0.0.0' || s.address === '::';
    let name = `${wildcard ? '*' : host(s.address)}:${port(s.port)}`;
    if (s.peer) name += `->${host(s.peer.address)}:${port(s.peer.port)}`;
    name += s.proto === 'tcp' ? ` (${tcpState(s)})` : ' ';
    const user = SERVICE_USERS.get(s.owner.name) ?? 'root';
    const device = String(10_000 + (hash(`socket/${node.spec.name}/${s.owner.pid}/${s.owner.fd}/${s.port}`) % 90_000));
    return { command: s.owner.name.slice(0, 9), pid: String(s.owner.pid), user, fd: String(s.owner.fd), type: s.family === 4 ? 'IPv4' : 'IPv6', device, node: s.proto.toUpperCase(), name };
  });
  const width = (key: keyof (typeof rows)[number], header: string, min = header.length): number => Math.max(min, ...rows.map((r) => r[key].length));
  const w = { command: width('command', 'COMMAND'), pid: width('pid', 'PID'), user: width('user', 'USER'), fd: width('fd', 'FD', 4), type: width('type', 'TYPE'), device: width('device', 'DEVICE'), node: width('node', 'NODE') };
  const line = (r: { command: string; pid: string; user: string; fd: string; type: string; device: string; size: string; node: string; name: string }, fdTail: string): string =>
    `${r.command.padEnd(w.command)} ${r.pid.padStart(w.pid)} ${r.user.padStart(w.user)} ${r.fd.padStart(w.fd)}${fdTail} ${r.type.padEnd(w.type)} ${r.device.padStart(w.device)} ${r.size.padStart(8)} ${r.node.padStart(w.node)} ${r.name}\n`;
  let stdout = line({ command: 'COMMAND', pid: 'PID', user: 'USER', fd: 'FD', type: 'TYPE', device: 'DEVICE', size: 'SIZE/OFF', node: 'NODE', name: 'NAME' }, '  ');
  for (const r of rows) stdout += line({ ...r, size: '0t0' }, 'u ');
  return { stdout, stderr: '', exitCode: 0 };
}

/** The TCP state lsof names: LISTEN for a listening socket, else its connection state. */
function tcpState(s: Socket): string {
  if (!s.peer) return 'LISTEN';
  return STATES[s.state ?? 'ESTAB'] ?? 'ESTABLISHED';
}

/** `-s TCP:LISTEN,^CLOSED`: a state listed, or not excluded when only exclusions are given. */
function stateMatches(states: ReadonlySet<string>, state: string): boolean {
  const wanted = [...states].filter((s) => !s.startsWith('^'));
  if (states.has(`^${state}`)) return false;
  return wanted.length === 0 || wanted.includes(state);
}

/** The lsof command. */
export const lsofCommand: Command = { name: 'lsof', execute: runLsof };
