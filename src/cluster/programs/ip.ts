/**
 * `ip` (`address`, `route`, `link`) over the namespace it runs in. Two
 * builds print it: iproute2 5.15 on the nodes (Ubuntu 22.04) and in
 * nicolaka/netshoot, formatted as ip/ipaddress.c (print_linkinfo,
 * print_addrinfo, print_linkinfo_brief), ip/iproute.c (print_route) and
 * ip/ip.c (option and object parsing) do; and busybox's applet
 * (networking/libiproute/ipaddress.c and iproute.c) in busybox and other
 * images, which words its lines slightly differently: no `group`, `M-DOWN`
 * on a veth whose peer lives in another namespace, no `proto`, and routes of
 * every family in `ip route`. Supported: `ip [-4|-6|-0|-br] address|link
 * [show] [dev] NAME [up] [master DEV] [type KIND]`, `ip route [show] [dev
 * DEV] [PREFIX]`, `ip route get ADDR`; changes are refused in containers
 * (no CAP_NET_ADMIN) and not simulated on nodes.
 */
import type { Program, ProgramContext, ProgramRun } from './types.js';
import { ProgramOutput } from './output.js';
import { namespaceOf, routePrefix, type Link, type LinkAddress, type NetNamespace, type Route } from './netns.js';
import { parseImageRef } from '../workloads/catalog.js';
import { formatIPv4, parseIPv4 } from '../ipv4.js';

/** Images whose `ip` is iproute2 rather than busybox's applet. */
const IPROUTE2_IMAGES = new Set(['docker.io/nicolaka/netshoot']);

/** Does this run use iproute2's `ip`/`ss` (a host's own binaries, or an image that installs iproute2)? */
export function runsIproute2(ctx: ProgramContext): boolean {
  return ctx.image === undefined || IPROUTE2_IMAGES.has(parseImageRef(ctx.image).repository);
}

type Family = 0 | 4 | 6 | 'link';

/** -f/-family names (a Map: the names come from the command line). */
const FAMILIES = new Map<string, Family>([['inet', 4], ['inet6', 6], ['link', 'link']]);

/** iproute2 options that exist but whose output is not simulated (JSON, one-line, timestamps, batches, other namespaces). */
const UNSIMULATED_OPTIONS = ['-stats', '-statistics', '-details', '-loops', '-timestamp', '-tshort', '-force', '-batch', '-json', '-pretty', '-rcvbuf', '-netns', '-all', '-M', '-B'];

/** iproute2's matches(): `word` is a non-empty prefix of `full`. */
function matches(word: string, full: string): boolean {
  return word.length > 0 && full.startsWith(word);
}

/** Objects in ip/ip.c's cmds[] order (the first one a prefix matches wins). */
const OBJECTS = ['address', 'addrlabel', 'maddress', 'route', 'rule', 'neighbor', 'neighbour', 'ntable', 'ntbl', 'link', 'l2tp', 'fou', 'ila', 'macsec', 'tunnel', 'tunl', 'tuntap', 'tap', 'token', 'tcpmetrics', 'tcp_metrics', 'monitor', 'xfrm', 'mroute', 'mrule', 'netns', 'netconf', 'vrf', 'sr', 'nexthop', 'mptcp', 'ioam', 'help'];

const IPROUTE2_USAGE = `Usage: ip [ OPTIONS ] OBJECT { COMMAND | help }
       ip [ -force ] -batch filename
where  OBJECT := { address | addrlabel | fou | help | ila | ioam | l2tp | link |
                   macsec | maddress | monitor | mptcp | mroute | mrule |
                   neighbor | neighbour | netconf | netns | nexthop | ntable |
                   ntbl | route | rule | sr | tap | tcpmetrics |
                   token | tunnel | tuntap | vrf | xfrm }
       OPTIONS := { -V[ersion] | -s[tatistics] | -d[etails] | -r[esolve] |
                    -h[uman-readable] | -iec | -j[son] | -p[retty] |
                    -f[amily] { inet | inet6 | mpls | bridge | link } |
                    -4 | -6 | -M | -B | -0 |
                    -l[oops] { maximum-addr-flush-attempts } | -br[ief] |
                    -o[neline] | -t[imestamp] | -ts[hort] | -b[atch] [filename] |
                    -rc[vbuf] [size] | -n[etns] name | -N[umeric] | -a[ll] |
                    -c[olor]}
`;

/** busybox's usage of `ip` (networking/ip.c, with the default FEATURE_IP_* set). */
const BUSYBOX_USAGE = `BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.

Usage: ip [OPTIONS] address|route|link|tunnel|neigh|rule [ARGS]

OPTIONS := -f[amily] inet|inet6|link | -o[neline]

ip addr add|del IFADDR dev IFACE | show|flush [dev IFACE] [to PREFIX]
ip route list|flush|add|del|change|append|replace|test ROUTE
ip link set IFACE [up|down] [arp on|off] [multicast on|off]
	[promisc on|off] [mtu NUM] [name NAME] [qlen NUM] [address MAC]
	[master IFACE | nomaster] [netns PID] [type TYPE ARGS]
ip tunnel add|change|del|show [NAME]
	[mode ipip|gre|sit] [remote ADDR] [local ADDR] [ttl TTL]
ip neigh show|flush [to PREFIX] [dev DEV] [nud STATE]
ip rule [list] | add|del SELECTOR ACTION
`;

/** `ip`. */
export const ip: Program = (argv, ctx) => {
  const out = new ProgramOutput();
  const ns = namespaceOf(ctx.network, ctx.from, ctx.containerId);
  if (!ns) return out.err('Cannot open netlink socket: Protocol not supported\n').done(1, 0);
  return runsIproute2(ctx) ? iproute2(argv.slice(1), ns, out, ctx) : busybox(argv.slice(1), ns, out, ctx);
};

interface Opts {
  family: Family;
  brief: boolean;
  /** -o: each record on one line, its line breaks written as `\` (_SL_). */
  oneline?: boolean;
}

function iproute2(args: readonly string[], ns: NetNamespace, out: ProgramOutput, ctx: ProgramContext): ProgramRun {
  const o: Opts = { family: 0, brief: false };
  let i = 0;
  for (; i < args.length; i++) {
    let opt = args[i];
    if (opt === '--') {
      i++;
      break;
    }
    if (!opt.startsWith('-')) break;
    if (opt[1] === '-') opt = opt.slice(1);
    if (matches(opt, '-family')) {
      const name = args[++i];
      if (name === undefined || name === 'help') return out.err(IPROUTE2_USAGE).done(255, 0);
      const family = FAMILIES.get(name);
      if (family === undefined) return out.err(`Error: argument "${name}" is wrong: invalid protocol family\n`).done(255, 0);
      o.family = family;
    } else if (opt === '-4') o.family = 4;
    else if (opt === '-6') o.family = 6;
    else if (opt === '-0') o.family = 'link';
    else if (matches(opt, '-Version')) return out.out('ip utility, iproute2-5.15.0, libbpf 0.5.0\n').done(0, 0);
    else if (matches(opt, '-brief') && opt.length >= 3) o.brief = true;
    else if (matches(opt, '-oneline')) o.oneline = true;
    // Numeric protocol names, resolved hosts and colours change nothing in what is printed here.
    // -h is -human (ip.c tests it before -help): like -iec, it only formats statistics.
    else if (matches(opt, '-Numeric') || matches(opt, '-resolve') || matches(opt, '-human') || matches(opt, '-human-readable') || matches(opt, '-iec') || /^-c(olor|olour)?(=.*)?$/.test(opt)) continue;
    else if (matches(opt, '-help')) return out.err(IPROUTE2_USAGE).done(255, 0);
    else if (UNSIMULATED_OPTIONS.some((o) => matches(opt, o))) return out.err(`kubedrill: ip ${args[i]} is not simulated\n`).done(126, 0);
    else return out.err(`Option "${args[i]}" is unknown, try "ip -help".\n`).done(255, 0);
  }
  const object = args[i];
  if (object === undefined) return out.err(IPROUTE2_USAGE).done(255, 0);
  const name = OBJECTS.find((o) => matches(object, o));
  if (!name) return out.err(`Object "${object}" is unknown, try "ip help".\n`).done(1, 0);
  const rest = args.slice(i + 1);
  switch (name) {
    case 'address':
      return addressCommand(rest, ns, out, ctx, o, 'address', iproute2Links);
    case 'link':
      return addressCommand(rest, ns, out, ctx, { ...o, family: 'link' }, 'link', iproute2Links);
    case 'route':
      return routeCommand(rest, ns, out, ctx, o, true);
    case 'help':
      return out.err(IPROUTE2_USAGE).done(255, 0);
    default:
      return out.err(`kubedrill: \`ip ${name}\` is not simulated\n`).done(126, 0);
  }
}

function busybox(args: readonly string[], ns: NetNamespace, out: ProgramOutput, ctx: ProgramContext): ProgramRun {
  const o: Opts = { family: 0, brief: false };
  let i = 0;
  for (; i < args.length && args[i].startsWith('-'); i++) {
    const opt = args[i];
    if (opt === '-4') o.family = 4;
    else if (opt === '-6') o.family = 6;
    else if (opt === '-0') o.family = 'link';
    else if (opt === '-o' || opt === '-oneline') o.oneline = true;
    else if (opt === '-f' || opt === '-family') {
      const family = FAMILIES.get(args[++i] ?? '');
      if (family === undefined) return out.err(BUSYBOX_USAGE).done(1, 0);
      o.family = family;
    } else return out.err(BUSYBOX_USAGE).done(1, 0);
  }
  // busybox index_in_substrings over "address route r link tunnel tunl rule neigh".
  const object = args[i];
  const names = ['address', 'route', 'r', 'link', 'tunnel', 'tunl', 'rule', 'neigh'];
  const found = object === undefined ? undefined : names.find((n) => n.startsWith(object));
  const rest = args.slice(i + 1);
  if (found === 'address') return addressCommand(rest, ns, out, ctx, o, 'address', busyboxLinks);
  if (found === 'link') return addressCommand(rest, ns, out, ctx, { ...o, family: 'link' }, 'link', busyboxLinks);
  if (found === 'route' || found === 'r') return routeCommand(rest, ns, out, ctx, o, false);
  if (found) return out.err(`kubedrill: \`ip ${found}\` is not simulated\n`).done(126, 0);
  return out.err(BUSYBOX_USAGE).done(1, 0);
}

/** Prints the chosen links; `all` are the namespace's links (for resolving a peer's index). */
type LinkPrinter = (links: readonly Link[], o: Opts, all: readonly Link[]) => string;

/** `ip address [show] [dev] NAME [up]` and `ip link [show] ...`. */
function addressCommand(args: readonly string[], ns: NetNamespace, out: ProgramOutput, ctx: ProgramContext, o: Opts, object: 'address' | 'link', print: LinkPrinter): ProgramRun {
  const iproute2 = runsIproute2(ctx);
  // busybox's link commands fail with status 2 (xfunc_error_retval), its address commands with 1.
  const bbStatus = object === 'link' ? 2 : 1;
  let rest = args;
  const sub = rest[0];
  if (sub !== undefined) {
    if (['list', 'show', 'lst'].some((w) => matches(sub, w))) rest = rest.slice(1);
    else if (['add', 'change', 'replace', 'delete', 'flush', 'set'].some((w) => matches(sub, w)) || sub === 'chg') return changeRefused(out, ctx);
    else if (iproute2) return out.err(`Command "${sub}" is unknown, try "ip ${object} help".\n`).done(255, 0);
    // busybox takes only its keywords here (index_in_substrings): `ip a eth0` is refused.
    else return out.err(`ip: invalid argument '${sub}' to 'ip'\n`).done(bbStatus, 0);
  }
  let dev: string | undefined;
  let up = false;
  let master: string | undefined;
  let kind: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === 'up') up = true;
    else if (iproute2 && (a === 'master' || a === 'type')) {
      const value = rest[++i];
      if (value === undefined) return out.err('Command line is not complete. Try option "help"\n').done(255, 0);
      if (a === 'master') {
        // invarg("Device does not exist\n", ...): the message's own newline, then invarg's.
        if (!ns.links.some((l) => l.name === value)) return out.err(`Error: argument "${value}" is wrong: Device does not exist\n\n`).done(255, 0);
        master = value;
      } else kind = value;
    } else if (a === 'dev' || !['to', 'scope', 'label'].includes(a)) {
      const name = a === 'dev' ? rest[++i] : a;
      if (name === undefined) return out.err('Command line is not complete. Try option "help"\n').done(255, 0);
      if (dev !== undefined) return out.err(`Error: either "dev" is duplicate, or "${name}" is a garbage.\n`).done(255, 0);
      dev = name;
    } else i++;
  }
  let links = ns.links;
  if (dev !== undefined) {
    links = links.filter((l) => l.name === dev);
    if (links.length === 0) return out.err(iproute2 ? `Device "${dev}" does not exist.\n` : `ip: can't find device '${dev}'\n`).done(iproute2 ? 1 : bbStatus, 0);
  }
  if (up) links = links.filter((l) => l.flags.includes('UP'));
  if (master !== undefined) links = links.filter((l) => l.master === master);
  if (kind !== undefined) links = links.filter((l) => l.kind === kind);
  if (o.family === 4 || o.family === 6) links = links.filter((l) => l.addresses.some((a) => a.family === o.family));
  return out.out(print(links, o, ns.links)).done(0, 0);
}

/** Changing the namespace: a container has no CAP_NET_ADMIN; on a node the change itself is not simulated. */
function changeRefused(out: ProgramOutput, ctx: ProgramContext): ProgramRun {
  if (ctx.containerId !== undefined) return out.err(runsIproute2(ctx) ? 'RTNETLINK answers: Operation not permitted\n' : 'ip: RTNETLINK answers: Operation not permitted\n').done(runsIproute2(ctx) ? 2 : 1, 0);
  return out.err('kubedrill: changing links, addresses and routes is not simulated\n').done(126, 0);
}

/** The name with its link: `eth0@if7` (a veth's peer index), `tunl0@NONE`, as print_name_and_link writes it. */
function nameAndLink(l: Link): string {
  return l.peer ? `${l.name}@${l.peer.index ? `if${l.peer.index}` : 'NONE'}` : l.name;
}

/** The link-layer broadcast address `link/<type>` shows. */
function linkBroadcast(l: Link): string {
  return l.type === 'loopback' ? '00:00:00:00:00:00' : l.type === 'ipip' ? '0.0.0.0' : 'ff:ff:ff:ff:ff:ff';
}

function iproute2Links(links: readonly Link[], o: Opts): string {
  let text = '';
  const isLink = o.family === 'link';
  for (const l of links) {
    if (o.brief) {
      text += `${nameAndLink(l).padEnd(16)} ${l.state.padEnd(14)} `;
      if (isLink) text += `${l.mac} <${l.flags.join(',')}> \n`;
      else text += `${l.addresses.filter((a) => !o.family || a.family === o.family).map((a) => `${a.address}/${a.prefix} `).join('')}\n`;
      continue;
    }
    const nl = o.oneline ? '\\' : '\n';
    // "ip -oneline a" prints no link records, only one line per address.
    if (!(o.oneline && !isLink)) {
      text += `${l.index}: ${nameAndLink(l)}: <${l.flags.join(',')}> mtu ${l.mtu} qdisc ${l.qdisc} ${l.master ? `master ${l.master} ` : ''}state ${l.state} ${isLink ? 'mode DEFAULT ' : ''}group default ${l.qlen ? `qlen ${l.qlen}` : ''}`;
      if (!o.family || isLink) {
        text += `${nl}    link/${l.type} ${l.mac} brd ${linkBroadcast(l)}`;
        if (l.peer?.netns) text += ` link-netns ${l.peer.netns}`;
        else if (l.peer?.netnsId !== undefined) text += ` link-netnsid ${l.peer.netnsId}`;
      }
      if (l.altname) text += `${nl}    altname ${l.altname}`;
      text += '\n';
    }
    if (!isLink) for (const a of l.addresses) if (!o.family || a.family === o.family) text += addressLines(a, l, o.oneline);
  }
  return text;
}

function busyboxLinks(links: readonly Link[], o: Opts, all: readonly Link[]): string {
  let text = '';
  const isLink = o.family === 'link';
  for (const l of links) {
    // busybox looks the peer's index up in this namespace (ll_index_to_name, ll_index_to_flags): in a pod it is
    // not there (`if<N>`, no flags: M-DOWN); on a node index 2 is the NIC, so a veth reads `vethX@ens3`.
    const here = l.peer ? all.find((x) => x.index === l.peer!.index) : undefined;
    const name = !l.peer ? l.name : `${l.name}@${!l.peer.index ? 'NONE' : here ? here.name : `if${l.peer.index}`}`;
    const mdown = l.peer && l.peer.index !== 0 && !here?.flags.includes('UP');
    // busybox: `(oneline && family != AF_PACKET)` skips the link record.
    if (!(o.oneline && !isLink)) {
      text += `${l.index}: ${name}: <${l.flags.join(',')}${mdown ? ',M-DOWN' : ''}> mtu ${l.mtu} qdisc ${l.qdisc} ${l.master ? `master ${l.master} ` : ''}state ${l.state} ${l.qlen ? `qlen ${l.qlen}` : ''}`;
      if (!o.family || isLink) text += `${o.oneline ? '\\' : '\n'}    link/${l.type} ${l.mac} brd ${linkBroadcast(l)}`;
      text += '\n';
    }
    if (!isLink) for (const a of l.addresses) if (!o.family || a.family === o.family) text += addressLines(a, l, o.oneline);
  }
  return text;
}

/** print_addrinfo: (with -o, "%u: %s" first) family, local/prefix, brd, scope, the label (IPv4), then the lifetimes. */
function addressLines(a: LinkAddress, l: Link, oneline = false): string {
  const brd = a.broadcast ? `brd ${a.broadcast} ` : '';
  const label = a.family === 4 ? l.name : '';
  const head = oneline ? `${l.index}: ${l.name}` : '';
  return `${head}    ${a.family === 4 ? 'inet' : 'inet6'} ${a.address}/${a.prefix} ${brd}scope ${a.scope} ${label}${oneline ? '\\' : '\n'}       valid_lft forever preferred_lft forever\n`;
}

/** `ip route [list|show] [dev NAME] [PREFIX]`. */
function routeCommand(args: readonly string[], ns: NetNamespace, out: ProgramOutput, ctx: ProgramContext, o: Opts, iproute2: boolean): ProgramRun {
  let rest = args;
  const sub = rest[0];
  if (sub !== undefined) {
    if (['list', 'show', 'lst'].some((w) => matches(sub, w))) rest = rest.slice(1);
    else if (['add', 'change', 'replace', 'prepend', 'append', 'delete', 'flush', 'test'].some((w) => matches(sub, w)) || sub === 'chg') return changeRefused(out, ctx);
    else if (matches(sub, 'get')) return routeGet(rest.slice(1), ns, out, iproute2);
    else if (iproute2) return out.err(`Command "${sub}" is unknown, try "ip route help".\n`).done(255, 0);
    else return out.err(`ip: invalid argument '${sub}' to 'ip'\n`).done(1, 0);
  }
  let dev: string | undefined;
  let dst: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === 'dev' || a === 'oif') dev = rest[++i];
    else if (a === 'table') {
      const t = rest[++i];
      if (t !== 'main') return out.err(`kubedrill: \`ip route show table ${t}\` is not simulated\n`).done(126, 0);
    } else if (['to', 'exact', 'match', 'root'].includes(a)) dst = rest[++i];
    else dst = a;
  }
  if (dev !== undefined && !ns.links.some((l) => l.name === dev)) return out.err(iproute2 ? `Cannot find device "${dev}"\n` : `ip: can't find device '${dev}'\n`).done(1, 0);
  // iproute2 shows IPv4 unless asked for IPv6; busybox dumps every family of the main table.
  const family = o.family === 6 ? 6 : o.family === 4 || iproute2 ? 4 : 0;
  const routes = ns.routes.filter((r) => (!family || r.family === family) && (dev === undefined || r.dev === dev) && (dst === undefined || r.dst === dst || (dst === '0/0' && r.dst === 'default')));
  return out.out(routes.map((r) => (iproute2 ? iproute2Route(r, dev !== undefined) : busyboxRoute(r))).join('')).done(0, 0);
}

/** ip/iproute.c print_route: dst, via, dev (left out when filtered by it), proto unless boot, scope unless global, src, metric, flags, pref. */
function iproute2Route(r: Route, devFiltered: boolean): string {
  let line = `${r.type ? `${r.type} ` : ''}${r.dst} `;
  if (r.via) line += `via ${r.via} `;
  if (!devFiltered && r.dev) line += `dev ${r.dev} `;
  if (r.proto !== 'boot') line += `proto ${r.proto} `;
  if (r.scope) line += `scope ${r.scope} `;
  if (r.src) line += `src ${r.src} `;
  if (r.metric !== undefined) line += `metric ${r.metric} `;
  if (r.onlink) line += 'onlink ';
  if (r.linkdown) line += 'linkdown ';
  if (r.pref) line += `pref ${r.pref}`;
  return `${line}\n`;
}

/** busybox print_route: no proto, ` src X ` and ` metric N ` with their extra spaces, no linkdown or pref. */
function busyboxRoute(r: Route): string {
  let line = `${r.type ? `${r.type} ` : ''}${r.dst} `;
  if (r.via) line += `via ${r.via} `;
  if (r.dev) line += `dev ${r.dev} `;
  if (r.scope) line += `scope ${r.scope} `;
  if (r.src) line += ` src ${r.src} `;
  if (r.metric !== undefined) line += ` metric ${r.metric} `;
  if (r.onlink) line += 'onlink ';
  return `${line}\n`;
}

/**
 * `ip route get ADDR`: the route the kernel picks (longest prefix) and the
 * source it would use; iproute2 prints the cloned route with `uid 0` and its
 * `cache` line, busybox print_route's own spacing. Own addresses are local.
 */
function routeGet(args: readonly string[], ns: NetNamespace, out: ProgramOutput, iproute2: boolean): ProgramRun {
  const words = args[0] === 'to' ? args.slice(1) : args;
  const target = words[0];
  if (target === undefined) return out.err(iproute2 ? 'need at least a destination address\n' : 'ip: need at least destination address\n').done(1, 0);
  const n = parseIPv4(target.split('/')[0]);
  if (n === undefined) return out.err(iproute2 ? `Error: any valid address is expected rather than "${target}".\n` : `ip: an inet prefix is expected rather than "${target}"\n`).done(1, 0);
  const addr = formatIPv4(n);
  const local = ns.links.flatMap((l) => l.addresses).find((a) => a.family === 4 && (a.address === addr || (a.address === '127.0.0.1' && n >>> 24 === 127)));
  if (local) {
    const src = local.address === '127.0.0.1' ? '127.0.0.1' : addr;
    return out.out(iproute2 ? `local ${addr} dev lo table local src ${src} uid 0 \n    cache <local> \n` : `local ${addr} dev lo table local  src ${src} \n`).done(0, 0);
  }
  let best: Route | undefined;
  let bestPrefix = -1;
  for (const r of ns.routes) {
    if (r.family !== 4) continue;
    const c = routePrefix(r.dst);
    if (!c || c.prefix <= bestPrefix) continue;
    const mask = c.prefix === 0 ? 0 : (~0 << (32 - c.prefix)) >>> 0;
    if (((n & mask) >>> 0) !== c.base) continue;
    best = r;
    bestPrefix = c.prefix;
  }
  if (!best) return out.err('RTNETLINK answers: Network is unreachable\n').done(2, 0);
  // A blackhole route makes the lookup itself fail (fib_table_lookup: -EINVAL).
  if (best.type === 'blackhole') return out.err(iproute2 ? 'RTNETLINK answers: Invalid argument\n' : 'ip: RTNETLINK answers: Invalid argument\n').done(iproute2 ? 2 : 1, 0);
  const dev = ns.links.find((l) => l.name === best!.dev);
  const src = best.src ?? dev?.addresses.find((a) => a.family === 4)?.address;
  const via = best.via ? `via ${best.via} ` : '';
  if (iproute2) return out.out(`${addr} ${via}dev ${best.dev} ${src ? `src ${src} ` : ''}uid 0 \n    cache \n`).done(0, 0);
  return out.out(`${addr} ${via}dev ${best.dev} ${src ? ` src ${src} ` : ''}\n`).done(0, 0);
}
