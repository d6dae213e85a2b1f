/**
 * `iptables` on a node, over the host's packet filter (cluster/network/
 * netfilter.ts): `[-t filter|nat] -L [chain] [-n] [-v] [--line-numbers]`,
 * `-S [chain]`, `-A/-I chain rule`, `-D chain rule|num`, `-C chain rule`,
 * `-F [chain]`, `-P chain target`, `-N/-X chain`. Listing follows iptables
 * 1.8.9 (nf_tables), see render.ts. The mangle and raw tables are not
 * modelled: they list their empty built-in chains.
 */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { netfilterOf, type NetfilterRule, type NetfilterTable } from '../../cluster/network/netfilter.js';
import { isRuleError, parseRuleSpec, sameRule } from '../../cluster/network/netfilter-rules.js';
import { chainOrder, listChain, listRules } from './render.js';

const UNMODELLED_TABLES: Record<string, string[]> = { mangle: ['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING'], raw: ['PREROUTING', 'OUTPUT'] };
const TARGETS = new Set(['ACCEPT', 'DROP', 'REJECT', 'RETURN', 'LOG', 'DNAT', 'SNAT', 'MASQUERADE', 'MARK', 'REDIRECT']);
const OPS: Record<string, string> = { '-L': 'L', '--list': 'L', '-S': 'S', '--list-rules': 'S', '-F': 'F', '--flush': 'F', '-A': 'A', '--append': 'A', '-I': 'I', '--insert': 'I', '-D': 'D', '--delete': 'D', '-C': 'C', '--check': 'C', '-P': 'P', '--policy': 'P', '-N': 'N', '--new-chain': 'N', '-X': 'X', '--delete-chain': 'X', '-Z': 'Z', '--zero': 'Z' };
/** Operations whose chain argument is optional. */
const OPTIONAL_CHAIN = new Set(['L', 'S', 'F', 'X', 'Z']);
/** Operations that take a rule (or more) after the chain. */
const TAKES_REST = new Set(['A', 'I', 'D', 'C', 'P']);

const ok = (stdout = ''): ExecResult => ({ stdout, stderr: '', exitCode: 0 });
const fail = (msg: string, code = 2): ExecResult => ({ stdout: '', stderr: `${msg}\nTry \`iptables -h' or 'iptables --help' for more information.\n`, exitCode: code });
const noChain = (): ExecResult => ({ stdout: '', stderr: 'iptables: No chain/target/match by that name.\n', exitCode: 1 });

/** Runs iptables on the current node. */
export function runIptables(args: readonly string[], ctx: CommandContext): ExecResult {
  const node = ctx.cluster.node?.(ctx.host);
  if (!node) return { stdout: '', stderr: 'bash: iptables: command not found\n', exitCode: 127 };
  let tableName = 'filter';
  let numeric = false;
  let verbose = false;
  let lineNumbers = false;
  let op: { kind: string; chain?: string; rest: string[] } | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '-t' || a === '--table') tableName = args[++i] ?? '';
    else if (a === '-n' || a === '--numeric') numeric = true;
    else if (a === '-v' || a === '--verbose') verbose = true;
    else if (a === '-x' || a === '--exact' || a === '-w' || a === '--wait') continue;
    else if (a === '--line-numbers') lineNumbers = true;
    else if (/^-[LnvS]+$/.test(a) && /[LS]/.test(a)) {
      // Bundled short options: -nL, -Ln, -nvL, -vnL.
      if (a.includes('n')) numeric = true;
      if (a.includes('v')) verbose = true;
      const next = args[i + 1];
      op = { kind: a.includes('L') ? 'L' : 'S', chain: next && !next.startsWith('-') ? args[++i] : undefined, rest: [] };
    } else if (OPS[a]) {
      const kind = OPS[a];
      const next = args[i + 1];
      if (TAKES_REST.has(kind)) {
        op = { kind, chain: next, rest: args.slice(i + 2) };
        break;
      }
      op = { kind, chain: next && !next.startsWith('-') ? args[++i] : undefined, rest: [] };
    } else return fail(`iptables v1.8.9 (nf_tables): unknown option "${a}"`);
  }
  if (UNMODELLED_TABLES[tableName]) return unmodelled(tableName, op, lineNumbers);
  const table = netfilterOf(node.host).table(tableName);
  if (!table) return fail(`iptables v1.8.9 (nf_tables): table '${tableName}' does not exist`, 3);
  if (!op) return fail('iptables v1.8.9 (nf_tables): no command specified');
  if (!op.chain && !OPTIONAL_CHAIN.has(op.kind)) return fail(`iptables v1.8.9 (nf_tables): option "-${op.kind}" requires an argument`);
  if (op.chain && op.kind !== 'N' && !table.has(op.chain)) return noChain();
  switch (op.kind) {
    case 'L': {
      const chains = op.chain ? [op.chain] : chainOrder(table);
      return ok(chains.map((c) => listChain(table, c, { numeric, verbose, lineNumbers })).join('\n'));
    }
    case 'S':
      return ok(listRules(table, op.chain));
    case 'F':
      for (const c of op.chain ? [op.chain] : Object.keys(table.chains)) table.flush(c);
      return ok();
    case 'Z':
      return ok();
    case 'N':
      if (table.has(op.chain!)) return { stdout: '', stderr: 'iptables: Chain already exists.\n', exitCode: 1 };
      table.ensureChain(op.chain!);
      return ok();
    case 'X':
      for (const c of op.chain ? [op.chain] : table.userChains()) {
        if (table.isBuiltin(c)) return { stdout: '', stderr: 'iptables: Invalid argument. Run `dmesg\' for more information.\n', exitCode: 1 };
        if (table.chains[c].length > 0 || table.references(c) > 0) return { stdout: '', stderr: 'iptables: Directory not empty.\n', exitCode: 1 };
        table.deleteChain(c);
      }
      return ok();
    case 'P': {
      const target = op.rest[0];
      if (!table.isBuiltin(op.chain!)) return { stdout: '', stderr: 'iptables: Bad built-in chain name.\n', exitCode: 1 };
      if (target !== 'ACCEPT' && target !== 'DROP') return fail(`iptables v1.8.9 (nf_tables): Bad policy name. Run \`dmesg' for more information.`);
      table.setPolicy(op.chain!, target);
      return ok();
    }
    default:
      return editRules(table, op.kind, op.chain!, op.rest);
  }
}

/** -A, -I, -D and -C: a rule specification against one chain. */
function editRules(table: NetfilterTable, kind: string, chain: string, rest: string[]): ExecResult {
  const list = table.chains[chain];
  if (kind === 'D' && /^\d+$/.test(rest[0] ?? '')) {
    const n = Number(rest[0]);
    if (n < 1 || n > list.length) return { stdout: '', stderr: 'iptables: Index of deletion too big.\n', exitCode: 1 };
    table.remove(chain, n - 1);
    return ok();
  }
  let position = 1;
  if (kind === 'I' && /^\d+$/.test(rest[0] ?? '')) {
    position = Number(rest[0]);
    rest = rest.slice(1);
  }
  const rule = parseRuleSpec(rest);
  if (isRuleError(rule)) {
    if (rule.error === 'no-target') return kind === 'D' || kind === 'C' ? badRule() : fail('iptables v1.8.9 (nf_tables): no target');
    if (rule.error === 'missing-value') return fail(`iptables v1.8.9 (nf_tables): option "${rule.option}" requires an argument`);
    return fail(`iptables v1.8.9 (nf_tables): Bad argument \`${rule.argument}'`);
  }
  if (!TARGETS.has(rule.target) && !(table.has(rule.target) && !table.isBuiltin(rule.target))) {
    return fail(`iptables v1.8.9 (nf_tables): Couldn't load target \`${rule.target}':No such file or directory`);
  }
  if (kind === 'A') table.append(chain, rule);
  else if (kind === 'I') {
    if (position > list.length + 1) return { stdout: '', stderr: 'iptables: Index of insertion too big.\n', exitCode: 1 };
    table.insert(chain, position - 1, rule);
  } else {
    const at = list.findIndex((r: NetfilterRule) => sameRule(r, rule));
    if (at < 0) return badRule();
    if (kind === 'D') table.remove(chain, at);
  }
  return ok();
}

function badRule(): ExecResult {
  return { stdout: '', stderr: 'iptables: Bad rule (does a matching rule exist in that chain?).\n', exitCode: 1 };
}

/** Tables the simulation does not model list their empty built-in chains and accept nothing else. */
function unmodelled(table: string, op: { kind: string; chain?: string } | undefined, lineNumbers: boolean): ExecResult {
  if (!op) return fail('iptables v1.8.9 (nf_tables): no command specified');
  const chains = UNMODELLED_TABLES[table];
  if (op.chain && !chains.includes(op.chain)) return noChain();
  if (op.kind === 'S') return ok((op.chain ? [op.chain] : chains).map((c) => `-P ${c} ACCEPT\n`).join(''));
  if (op.kind !== 'L') return ok();
  const head = `${lineNumbers ? 'num  ' : ''}target     prot opt source               destination         `;
  return ok((op.chain ? [op.chain] : chains).map((c) => `Chain ${c} (policy ACCEPT)\n${head}\n`).join('\n'));
}

/** The iptables command. */
export const iptablesCommand: Command = { name: 'iptables', execute: runIptables };
