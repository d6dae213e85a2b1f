/**
 * iproute2 5.15 `ss` (misc/ss.c) over the namespace it runs in: the TCP and
 * UDP sockets that listen (`-l`), with `-n` (numeric ports), `-t`/`-u`,
 * `-p` (the owning process, when the caller can see it), `-a`, `-4`/`-6`,
 * `-H`, `state`/`exclude` and filter expressions (ss-filter.ts). Output goes through ss.c's column renderer: every field is
 * measured, then padded (left or right aligned) to its column's width; on a
 * terminal the spare screen width is spread over the columns, into a pipe
 * the columns stay as narrow as their contents (render_calc_width).
 * Established connections are those the simulation knows of (netns.ts):
 * the control plane's watches on the API server and the ssh session.
 */
import type { Program, ProgramRun } from './types.js';
import { ProgramOutput } from './output.js';
import { namespaceOf, type Socket } from './netns.js';
import { runsIproute2 } from './ip.js';
import { ALL_STATES, CONNECTED_STATES, parseFilter, scanState, stateOf, type SockState } from './ss-filter.js';
import { SERVICE_NAMES } from './services.js';

/**
 * The terminal width ss fills when its stdout is one (`kubectl exec -t`; 80 columns, as `ls` assumes). A
 * node's shell gives no terminal size to the simulation, so there ss prints as into a pipe.
 */
const SCREEN_WIDTH = 80;


const LONG_OPTIONS = new Map<string, string>([
  ['numeric', 'n'], ['resolve', 'r'], ['options', 'o'], ['extended', 'e'], ['memory', 'm'], ['info', 'i'], ['processes', 'p'], ['tcp', 't'], ['udp', 'u'],
  ['all', 'a'], ['listening', 'l'], ['ipv4', '4'], ['ipv6', '6'], ['summary', 's'], ['version', 'V'], ['help', 'h'], ['no-header', 'H'], ['unix', 'x'], ['raw', 'w'], ['oneline', 'O'],
]);

/** Options whose output is not simulated: timers, details, memory, TCP info, name resolution, other socket families, contexts, events, kills, queries, filters. */
const UNSIMULATED = new Set(['r', 'o', 'e', 'm', 'i', 'x', 'w', 'd', 'S', 'M', '0', 'b', 'Z', 'z', 'E', 'K', 'A', 'N', 'D', 'F']);

const USAGE = `Usage: ss [ OPTIONS ]
       ss [ OPTIONS ] [ FILTER ]
   -h, --help          this message
   -V, --version       output version information
   -n, --numeric       don't resolve service names
   -r, --resolve       resolve host names
   -a, --all           display all sockets
   -l, --listening     display listening sockets
   -o, --options       show timer information
   -e, --extended      show detailed socket information
   -m, --memory        show socket memory usage
   -p, --processes     show process using socket
   -i, --info          show internal TCP information
       --tipcinfo      show internal tipc socket information
   -s, --summary       show socket usage summary
       --tos           show tos and priority information
       --cgroup        show cgroup information
   -b, --bpf           show bpf filter socket information
   -E, --events        continually display sockets as they are destroyed
   -Z, --context       display process SELinux security contexts
   -z, --contexts      display process and socket SELinux security contexts
   -N, --net           switch to the specified network namespace name

   -4, --ipv4          display only IP version 4 sockets
   -6, --ipv6          display only IP version 6 sockets
   -0, --packet        display PACKET sockets
   -t, --tcp           display only TCP sockets
   -M, --mptcp         display only MPTCP sockets
   -S, --sctp          display only SCTP sockets
   -u, --udp           display only UDP sockets
   -d, --dccp          display only DCCP sockets
   -w, --raw           display only RAW sockets
   -x, --unix          display only Unix domain sockets
       --tipc          display only TIPC sockets
       --vsock         display only vsock sockets
   -f, --family=FAMILY display sockets of type FAMILY
       FAMILY := {inet|inet6|link|unix|netlink|vsock|tipc|xdp|help}

   -K, --kill          forcibly close sockets, display what was closed
   -H, --no-header     Suppress header line
   -O, --oneline       socket's data printed on a single line
       --inet-sockopt  show various inet socket options

   -A, --query=QUERY, --socket=QUERY
       QUERY := {all|inet|tcp|mptcp|udp|raw|unix|unix_dgram|unix_stream|unix_seqpacket|packet|netlink|vsock_stream|vsock_dgram|tipc}[,QUERY]

   -D, --diag=FILE     Dump raw information about TCP sockets to FILE
   -F, --filter=FILE   read filter information from FILE
       FILTER := [ state STATE-FILTER ] [ EXPRESSION ]
       STATE-FILTER := {all|connected|synchronized|bucket|big|TCP-STATES}
         TCP-STATES := {established|syn-sent|syn-recv|fin-wait-{1,2}|time-wait|closed|close-wait|last-ack|listening|closing}
          connected := {established|syn-sent|syn-recv|fin-wait-{1,2}|time-wait|close-wait|last-ack|closing}
       synchronized := {established|syn-recv|fin-wait-{1,2}|time-wait|close-wait|last-ack|closing}
             bucket := {syn-recv|time-wait}
                big := {established|syn-sent|fin-wait-{1,2}|closed|close-wait|last-ack|listening|closing}
`;

/** `ss`. */
export const ss: Program = (argv, ctx) => {
  const out = new ProgramOutput();
  if (!runsIproute2(ctx)) return out.err(`sh: ss: not found\n`).done(127, 0);
  const f = { listening: false, all: false, numeric: false, processes: false, tcp: false, udp: false, v4: false, v6: false, header: true };
  const args = argv.slice(1);
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    let letters: string[];
    if (arg.startsWith('--family=') || arg === '--family') {
      const family = arg === '--family' ? args[++i] : arg.slice(9);
      if (family === 'inet') f.v4 = true;
      else if (family === 'inet6') f.v6 = true;
      else return out.err(`kubedrill: ss -f ${family ?? ''} is not simulated\n`).done(126, 0);
      continue;
    }
    if (arg.startsWith('--')) {
      const name = arg.slice(2);
      const letter = LONG_OPTIONS.get(name);
      if (!letter) return out.err(`ss: unrecognized option '${arg}'\n${USAGE}`).done(255, 0);
      letters = [letter];
    } else if (arg.startsWith('-') && arg.length > 1) letters = [...arg.slice(1)];
    else {
      // getopt_long permutes: words that are not options form the state and filter expression.
      words.push(arg);
      continue;
    }
    for (const l of letters) {
      if (l === 'l') f.listening = true;
      else if (l === 'a') f.all = true;
      else if (l === 'n') f.numeric = true;
      else if (l === 'p') f.processes = true;
      else if (l === 't') f.tcp = true;
      else if (l === 'u') f.udp = true;
      else if (l === '4') f.v4 = true;
      else if (l === '6') f.v6 = true;
      else if (l === 'H') f.header = false;
      else if (l === 'h') return out.out(USAGE).done(0, 0);
      else if (l === 'V') return out.out('ss utility, iproute2-5.15.0\n').done(0, 0);
      else if (l === 's') return out.err('kubedrill: ss -s is not simulated\n').done(126, 0);
      else if (l === 'f') {
        // getopt: the rest of this word, or the next one, is the family.
        const rest = arg.slice(arg.indexOf('f') + 1);
        const family = rest || args[++i];
        if (family === 'inet') f.v4 = true;
        else if (family === 'inet6') f.v6 = true;
        else return out.err(`kubedrill: ss -f ${family ?? ''} is not simulated\n`).done(126, 0);
        break;
      } else if (UNSIMULATED.has(l)) return out.err(`kubedrill: ss -${l} is not simulated\n`).done(126, 0);
      // -O (one line per socket) is what ss prints here anyway.
      else if (l === 'O') continue;
      else return out.err(`ss: invalid option -- '${l}'\n${USAGE}`).done(255, 0);
    }
  }
  // -l: listening (and unconnected) sockets; -a: all; neither: connected ones only (ss.c SS_CONN). Then `state`/`exclude` words.
  let states = new Set<SockState>(f.all ? ALL_STATES : f.listening ? ['LISTEN', 'UNCONN'] : CONNECTED_STATES);
  let sawStates = false;
  let w = 0;
  for (; w < words.length && (words[w] === 'state' || words[w] === 'exclude' || words[w] === 'excl'); w += 2) {
    const name = words[w + 1];
    if (name === undefined) return out.err(USAGE).done(255, 0);
    const picked = scanState(name);
    if (!picked) return out.err(`ss: wrong state name: ${name}\n`).done(255, 0);
    if (words[w] === 'state') {
      if (!sawStates) states = new Set();
      for (const p of picked) states.add(p);
    } else {
      if (!sawStates) states = new Set(ALL_STATES);
      for (const p of picked) states.delete(p);
    }
    sawStates = true;
  }
  const filter = w < words.length ? parseFilter(words.slice(w)) : () => true;
  if (typeof filter === 'string') return out.err(`ss: bison bellows (while parsing filter): "${filter}!"${USAGE}`).done(255, 0);
  const ns = namespaceOf(ctx.network, ctx.from, ctx.containerId);
  if (!ns) return out.err('Cannot open netlink socket: Protocol not supported\n').done(1, 0);
  // No -t/-u: every socket table (ss shows the Netid column then).
  const both = f.tcp === f.udp;
  const protos = both ? ['udp', 'tcp'] : f.tcp ? ['tcp'] : ['udp'];
  const wanted = (s: Socket) => states.has(stateOf(s)) && filter(s);
  const family = f.v4 === f.v6 ? 0 : f.v4 ? 4 : 6;
  const sockets: Socket[] = [];
  // ss walks the tables in order (udp before tcp); inet_diag dumps IPv4 then IPv6, each listeners then established.
  for (const proto of protos) {
    for (const fam of [4, 6]) {
      if (family && fam !== family) continue;
      const mine = ns.sockets.filter((s) => s.proto === proto && s.family === fam && wanted(s));
      sockets.push(...mine.filter((s) => !s.peer), ...mine.filter((s) => s.peer));
    }
  }
  // One state asked for: the State column goes (ss.c disables COL_STATE).
  return render(sockets, { netid: both, state: states.size > 1, header: f.header, numeric: f.numeric, processes: f.processes, tty: ctx.tty === true }, out);
};

/** One column of ss.c's columns[]. */
interface Column {
  align: 'left' | 'right';
  header: string;
  ldelim: string;
  disabled?: boolean;
}

function render(sockets: readonly Socket[], o: { netid: boolean; state: boolean; header: boolean; numeric: boolean; processes: boolean; tty: boolean }, out: ProgramOutput): ProgramRun {
  const columns: Column[] = [
    { align: 'left', header: 'Netid', ldelim: '', disabled: !o.netid },
    // -l asks for two states (LISTEN and UNCONN), so the State column stays.
    { align: 'left', header: 'State', ldelim: ' ', disabled: !o.state },
    { align: 'left', header: 'Recv-Q', ldelim: ' ' },
    { align: 'left', header: 'Send-Q', ldelim: ' ' },
    { align: 'right', header: 'Local Address:', ldelim: ' ' },
    { align: 'left', header: 'Port', ldelim: '' },
    { align: 'right', header: 'Peer Address:', ldelim: ' ' },
    { align: 'left', header: 'Port', ldelim: '' },
    { align: 'left', header: 'Process', ldelim: '' },
    { align: 'left', header: '', ldelim: '' },
  ];
  // Rows of tokens, one per enabled column (the header's last, empty, field included).
  const rows: string[][] = [];
  if (o.header) rows.push(columns.map((c) => c.header));
  for (const s of sockets) {
    const v6Any = s.family === 6 && s.address === '::';
    const local = v6Any && s.dualStack ? '*' : s.family === 6 ? `[${s.address}]` : s.address;
    const peer = s.peer ? (s.family === 6 ? `[${s.peer.address}]` : s.peer.address) : s.family === 4 ? '0.0.0.0' : s.dualStack ? '*' : '[::]';
    const service = (p: number) => (o.numeric ? String(p) : (SERVICE_NAMES.get(p) ?? String(p)));
    const users = o.processes && s.owner ? ` users:(("${s.owner.name}",pid=${s.owner.pid},fd=${s.owner.fd}))` : '';
    rows.push([
      s.proto,
      stateOf(s),
      '0'.padEnd(6),
      String(s.backlog).padEnd(6),
      `${local}${s.device ? `%${s.device}` : ''}:`,
      service(s.port),
      `${peer}:`,
      s.peer ? service(s.peer.port) : '*',
      users,
      '',
    ]);
  }
  const enabled = columns.map((c, i) => ({ ...c, i })).filter((c) => !c.disabled);
  // field_flush measures every field but the very last one written (the final line's Process field is never flushed).
  const maxLen = enabled.map((c, k) => Math.max(0, ...rows.map((r, ri) => (ri === rows.length - 1 && rows.length > (o.header ? 1 : 0) && k >= enabled.length - 2 ? 0 : r[c.i].length))));
  const widths = calcWidths(enabled, maxLen, o.tty ? SCREEN_WIDTH : undefined);
  let text = '';
  for (const r of rows) {
    let line = '';
    enabled.forEach((c, k) => {
      let printed = k > 0 ? c.ldelim.length : 0;
      line += k > 0 ? c.ldelim : '';
      const token = r[c.i];
      const w = widths[k];
      if (w && c.align === 'right') {
        const s = w - token.length - printed;
        if (s > 0) {
          line += ' '.repeat(s);
          printed += s;
        }
      }
      line += token;
      printed += token.length;
      if (w && c.align === 'left' && w - printed > 0) line += ' '.repeat(w - printed);
    });
    text += `${line}\n`;
  }
  return out.out(text).done(0, 0);
}

/** render_calc_width: widths from contents; on a terminal, spare width spread over the columns of each screen line. */
function calcWidths(cols: readonly Column[], maxLen: readonly number[], screen: number | undefined): number[] {
  const widths: number[] = [];
  let first = true;
  cols.forEach((c, k) => {
    let w = !first && maxLen[k] ? maxLen[k] + c.ldelim.length : maxLen[k];
    if (screen !== undefined) w = Math.min(w, screen);
    widths[k] = w;
    if (w) first = false;
  });
  if (screen === undefined) return widths;
  let len = 0;
  let linecols = 0;
  let eol = -1;
  for (let k = 0; k < cols.length; k++) {
    if (!widths[k]) continue;
    linecols++;
    len += widths[k];
    const last = !widths.slice(k + 1).some((w) => w);
    if (!last && len < screen) continue;
    if (len !== screen) {
      if (len > screen) {
        len -= widths[k];
        k--;
        linecols--;
      }
      const pad = screen - len;
      const spacing = Math.floor(pad / linecols);
      let rem = pad % linecols;
      for (let t = k; t > eol; t--) {
        if (!widths[t]) continue;
        widths[t] += spacing;
        if (rem) {
          widths[t]++;
          rem--;
        }
      }
    }
    eol = k;
    len = 0;
    linecols = 0;
  }
  return widths;
}
