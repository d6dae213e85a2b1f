/**
 * `iptables` on a node, over the host's filter table (cluster/kubelet/
 * host-netfilter.ts): `-L [chain] [-n] [-v] [--line-numbers]`, `-S [chain]`,
 * `-A/-I chain rule`, `-D chain rule|num`, `-F [chain]`, `-P chain target`.
 * Listing follows iptables 1.8.9 (nf_tables) print_firewall: with `-n`,
 * protocol numbers (`0` for all); without it, names (`all`, `anywhere`).
 * Only the filter table is modelled; other tables list their empty
 * built-in chains.
 */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { netfilterOf, type FilterChain, type NetfilterRule } from '../../cluster/kubelet/host-netfilter.js';

const CHAINS: FilterChain[] = ['INPUT', 'FORWARD', 'OUTPUT'];
const OTHER_TABLES: Record<string, string[]> = { nat: ['PREROUTING', 'INPUT', 'OUTPUT', 'POSTROUTING'], mangle: ['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING'], raw: ['PREROUTING', 'OUTPUT'] };
const PROTO_NUM: Record<string, string> = { tcp: '6', udp: '17', icmp: '1' };

const fail = (msg: string, code = 2): ExecResult => ({ stdout: '', stderr: `${msg}\nTry \`iptables -h' or 'iptables --help' for more information.\n`, exitCode: code });

/** Parses a rule specification (`-s 10.0.0.10 -p tcp --dport 6443 -j DROP`). */
export function parseRule(args: readonly string[]): NetfilterRule | string {
  const rule: Partial<NetfilterRule> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const v = () => args[++i];
    if (a === '-s' || a === '--source' || a === '--src') rule.source = v();
    else if (a === '-d' || a === '--destination' || a === '--dst') rule.destination = v();
    else if (a === '-p' || a === '--protocol') rule.protocol = v() as NetfilterRule['protocol'];
    else if (a === '--dport' || a === '--destination-port') rule.dport = Number(v());
    else if (a === '--sport' || a === '--source-port') rule.sport = Number(v());
    else if (a === '-j' || a === '--jump') rule.target = v() as NetfilterRule['target'];
    else if (a === '--reject-with') rule.rejectWith = v();
    else if (a === '-m' || a === '--match') v();
    else return `Bad argument \`${a}'`;
  }
  if (!rule.target) return 'no target';
  for (const k of ['source', 'destination'] as const) if (rule[k] && !rule[k]!.includes('/')) rule[k] = `${rule[k]}/32`;
  return rule as NetfilterRule;
}

function sameRule(a: NetfilterRule, b: NetfilterRule): boolean {
  return a.target === b.target && a.source === b.source && a.destination === b.destination && a.protocol === b.protocol && a.dport === b.dport && a.sport === b.sport;
}

function addr(cidr: string | undefined, numeric: boolean): string {
  if (!cidr || cidr === '0.0.0.0/0') return numeric ? '0.0.0.0/0' : 'anywhere';
  return cidr.endsWith('/32') ? cidr.slice(0, -3) : cidr;
}

function ruleLine(r: NetfilterRule, numeric: boolean): string {
  const prot = r.protocol ? (numeric ? PROTO_NUM[r.protocol] : r.protocol) : numeric ? '0' : 'all';
  const extra = [r.protocol && r.dport !== undefined ? `${r.protocol} dpt:${r.dport}` : '', r.protocol && r.sport !== undefined ? `${r.protocol} spt:${r.sport}` : '', r.target === 'REJECT' ? `reject-with ${r.rejectWith ?? 'icmp-port-unreachable'}` : ''].filter(Boolean).join(' ');
  return `${r.target.padEnd(10)} ${prot.padEnd(4)} --  ${addr(r.source, numeric).padEnd(20)} ${addr(r.destination, numeric).padEnd(20)}${extra ? ` ${extra}` : ''}`;
}

function ruleSpec(chain: string, r: NetfilterRule): string {
  const parts = [`-A ${chain}`];
  if (r.source) parts.push(`-s ${r.source}`);
  if (r.destination) parts.push(`-d ${r.destination}`);
  if (r.protocol) parts.push(`-p ${r.protocol} -m ${r.protocol}`);
  if (r.sport !== undefined) parts.push(`--sport ${r.sport}`);
  if (r.dport !== undefined) parts.push(`--dport ${r.dport}`);
  parts.push(`-j ${r.target}`);
  if (r.target === 'REJECT') parts.push(`--reject-with ${r.rejectWith ?? 'icmp-port-unreachable'}`);
  return parts.join(' ');
}

/** Runs iptables on the current node. */
export function runIptables(args: readonly string[], ctx: CommandContext): ExecResult {
  const node = ctx.cluster.node?.(ctx.host);
  if (!node) return { stdout: '', stderr: 'bash: iptables: command not found\n', exitCode: 127 };
  const nf = netfilterOf(node.host);
  let table = 'filter';
  let numeric = false;
  let lineNumbers = false;
  let op: { kind: string; chain?: string; rest: string[] } | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '-t' || a === '--table') table = args[++i] ?? '';
    else if (a === '-n' || a === '--numeric') numeric = true;
    else if (a === '-v' || a === '--verbose' || a === '-x') continue;
    else if (a === '--line-numbers') lineNumbers = true;
    else if (/^-[LnS]+$/.test(a) && a.includes('L')) {
      if (a.includes('n')) numeric = true;
      op = { kind: 'L', chain: args[i + 1] && !args[i + 1].startsWith('-') ? args[++i] : undefined, rest: [] };
    } else if (['-S', '--list-rules', '-F', '--flush', '--list'].includes(a)) op = { kind: a === '--list' ? 'L' : a === '--flush' ? '-F' : a === '--list-rules' ? '-S' : a, chain: args[i + 1] && !args[i + 1].startsWith('-') ? args[++i] : undefined, rest: [] };
    else if (['-A', '-I', '-D', '-P', '--append', '--insert', '--delete', '--policy'].includes(a)) {
      op = { kind: ({ '--append': '-A', '--insert': '-I', '--delete': '-D', '--policy': '-P' } as Record<string, string>)[a] ?? a, chain: args[i + 1], rest: args.slice(i + 2) };
      break;
    } else return fail(`iptables v1.8.9 (nf_tables): unknown option "${a}"`);
  }
  if (!['filter', ...Object.keys(OTHER_TABLES)].includes(table)) return fail(`iptables v1.8.9 (nf_tables): table '${table}' does not exist`, 3);
  if (!op) return fail('iptables v1.8.9 (nf_tables): no command specified');
  const chains: string[] = table === 'filter' ? CHAINS : OTHER_TABLES[table];
  if (op.chain && !chains.includes(op.chain)) return { stdout: '', stderr: `iptables: No chain/target/match by that name.\n`, exitCode: 1 };
  const rulesOf = (c: string): NetfilterRule[] => (table === 'filter' ? nf.chains[c as FilterChain] : []);
  const policyOf = (c: string) => (table === 'filter' ? nf.policies[c as FilterChain] : 'ACCEPT');
  switch (op.kind) {
    case 'L': {
      const blocks = (op.chain ? [op.chain] : chains).map((c) => {
        const head = `${lineNumbers ? 'num  ' : ''}target     prot opt source               destination         `;
        const rows = rulesOf(c).map((r, i) => `${lineNumbers ? String(i + 1).padEnd(5) : ''}${ruleLine(r, numeric)}`);
        return [`Chain ${c} (policy ${policyOf(c)})`, head, ...rows].join('\n') + '\n';
      });
      return { stdout: blocks.join('\n'), stderr: '', exitCode: 0 };
    }
    case '-S': {
      const lines: string[] = [];
      for (const c of op.chain ? [op.chain] : chains) lines.push(`-P ${c} ${policyOf(c)}`);
      for (const c of op.chain ? [op.chain] : chains) for (const r of rulesOf(c)) lines.push(ruleSpec(c, r));
      return { stdout: lines.map((l) => `${l}\n`).join(''), stderr: '', exitCode: 0 };
    }
    case '-F':
      if (table === 'filter') for (const c of op.chain ? [op.chain] : chains) nf.chains[c as FilterChain].length = 0;
      return { stdout: '', stderr: '', exitCode: 0 };
    case '-P': {
      const target = op.rest[0];
      if (target !== 'ACCEPT' && target !== 'DROP') return fail(`iptables v1.8.9 (nf_tables): Bad policy name. Run \`dmesg' for more information.`);
      if (table === 'filter') nf.policies[op.chain as FilterChain] = target;
      return { stdout: '', stderr: '', exitCode: 0 };
    }
    default: {
      if (!op.chain) return fail(`iptables v1.8.9 (nf_tables): option "${op.kind}" requires an argument`);
      if (table !== 'filter') return { stdout: '', stderr: '', exitCode: 0 };
      const list = nf.chains[op.chain as FilterChain];
      if (op.kind === '-D' && /^\d+$/.test(op.rest[0] ?? '')) {
        const n = Number(op.rest[0]);
        if (n < 1 || n > list.length) return { stdout: '', stderr: 'iptables: Index of deletion too big.\n', exitCode: 1 };
        list.splice(n - 1, 1);
        return { stdout: '', stderr: '', exitCode: 0 };
      }
      let rest = op.rest;
      let position = 1;
      if (op.kind === '-I' && /^\d+$/.test(rest[0] ?? '')) {
        position = Number(rest[0]);
        rest = rest.slice(1);
      }
      const rule = parseRule(rest);
      if (typeof rule === 'string') return fail(`iptables v1.8.9 (nf_tables): ${rule}`);
      if (op.kind === '-A') list.push(rule);
      else if (op.kind === '-I') list.splice(position - 1, 0, rule);
      else {
        const at = list.findIndex((r) => sameRule(r, rule));
        if (at < 0) return { stdout: '', stderr: 'iptables: Bad rule (does a matching rule exist in that chain?).\n', exitCode: 1 };
        list.splice(at, 1);
      }
      return { stdout: '', stderr: '', exitCode: 0 };
    }
  }
}

/** The iptables command. */
export const iptablesCommand: Command = { name: 'iptables', execute: runIptables };
