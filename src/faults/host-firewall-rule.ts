/**
 * `host-firewall-rule`: a rule someone put into a node's iptables (a
 * hardening script, a forgotten debugging session), as `iptables [-t TABLE]
 * -A CHAIN RULE` or `-I CHAIN N RULE` would. The rule is data: the same
 * parser the `iptables` command uses reads it, so it shows in `iptables -L`
 * and `iptables-save` exactly as one typed by hand, and packets meet it on
 * the one network.
 */
import type { z } from 'zod';
import type { FaultPrimitive, Zod } from './types.js';
import { netfilterOf } from '../cluster/network/netfilter.js';
import { parseRuleSpec } from '../cluster/network/netfilter-rules.js';
import type { NetfilterRule } from '../cluster/network/netfilter.js';
import { shellStatements } from '../cluster/programs/shell-words.js';

/** The rule specification's words, parsed; undefined when it is not one valid rule. */
export function firewallRule(spec: string): NetfilterRule | undefined {
  const statements = shellStatements(spec);
  if (!statements || statements.length !== 1) return undefined;
  const rule = parseRuleSpec(statements[0]);
  return 'error' in rule ? undefined : rule;
}

const params = (z: Zod) =>
  z
    .object({
      type: z.literal('host-firewall-rule'),
      node: z.string().min(1).describe('Node whose iptables get the rule.'),
      table: z.enum(['filter', 'nat']).default('filter').describe('The table (`iptables -t`).'),
      chain: z.string().min(1).regex(/^[A-Za-z0-9_-]{1,28}$/).describe('The chain, e.g. INPUT or FORWARD (a user chain is created).'),
      rule: z
        .string()
        .min(1)
        .refine((s) => firewallRule(s) !== undefined, { message: 'not an iptables rule specification, e.g. -p tcp --dport 30080 -j DROP' })
        .describe('The rule specification, as after `iptables -A CHAIN`, e.g. `-p tcp --dport 8080 -j DROP`.'),
      position: z.number().int().min(1).optional().describe('Insert at this rule number (`-I CHAIN N`); omitted: append (`-A`).'),
      since: z.string().optional().describe('How long before now the rule was added (duration, e.g. 3d).'),
    })
    .strict();

/** Adds the rule to the node's table, inserted or appended. */
export const hostFirewallRule: FaultPrimitive<z.infer<ReturnType<typeof params>>> = {
  name: 'host-firewall-rule',
  params,
  apply(cluster, p) {
    const node = cluster.nodes.get(p.node);
    const rule = firewallRule(p.rule);
    const table = node && netfilterOf(node.host).table(p.table ?? 'filter');
    if (!table || !rule) return;
    if (p.position === undefined) table.append(p.chain, rule);
    // Like `iptables -I CHAIN N`: past the end is the end.
    else table.insert(p.chain, Math.min(p.position - 1, table.chains[p.chain]?.length ?? 0), rule);
  },
};
