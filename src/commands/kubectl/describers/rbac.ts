/**
 * RBAC describers (kubectl pkg/describe/describe.go RoleDescriber,
 * ClusterRoleDescriber, RoleBindingDescriber, ClusterRoleBindingDescriber):
 * a role's rules broken down to one verb each, compacted back per resource
 * (component-helpers auth/rbac BreakdownRule, printer compactRules) and
 * sorted as SortableRuleSlice sorts them — by the rule's generated String(),
 * which starts with its verbs.
 */
import type { ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding } from 'kubernetes-types/rbac/v1.js';
import { LEVEL_0, LEVEL_1, tabbedString } from './prefix-writer.js';
import { printAnnotationsMultiline, printLabelsMultiline } from './format.js';

interface Rule {
  verbs: string[];
  apiGroups: string[];
  resources: string[];
  resourceNames: string[];
  nonResourceURLs: string[];
}

/** BreakdownRule: one rule per group, resource, verb (and resource name); non-resource URLs per verb. */
export function breakdownRule(rule: PolicyRule): Rule[] {
  const out: Rule[] = [];
  const verbs = rule.verbs ?? [];
  for (const group of rule.apiGroups ?? []) {
    for (const resource of rule.resources ?? []) {
      for (const verb of verbs) {
        if ((rule.resourceNames ?? []).length > 0) {
          for (const name of rule.resourceNames!) out.push({ verbs: [verb], apiGroups: [group], resources: [resource], resourceNames: [name], nonResourceURLs: [] });
        } else out.push({ verbs: [verb], apiGroups: [group], resources: [resource], resourceNames: [], nonResourceURLs: [] });
      }
    }
  }
  for (const url of rule.nonResourceURLs ?? []) for (const verb of verbs) out.push({ verbs: [verb], apiGroups: [], resources: [], resourceNames: [], nonResourceURLs: [url] });
  return out;
}

/** compactRules: simple rules (one group, one resource, at most one name) of the same resource merge their verbs. */
export function compactRules(rules: readonly Rule[]): Rule[] {
  const compacted: Rule[] = [];
  const simple = new Map<string, Rule>();
  for (const rule of rules) {
    const isSimple = rule.resourceNames.length <= 1 && rule.nonResourceURLs.length === 0 && rule.apiGroups.length === 1 && rule.resources.length === 1;
    if (!isSimple) {
      compacted.push(rule);
      continue;
    }
    const key = JSON.stringify([rule.apiGroups[0], rule.resources[0], rule.resourceNames[0] ?? null]);
    const existing = simple.get(key);
    if (existing) existing.verbs.push(...rule.verbs);
    else simple.set(key, { ...rule, verbs: [...rule.verbs] });
  }
  return [...compacted, ...simple.values()];
}

/** fmt's %v of a []string. */
const list = (xs: readonly string[]) => `[${xs.join(' ')}]`;

/** PolicyRule's generated String(), the key SortableRuleSlice compares. */
function ruleString(r: Rule): string {
  return `&PolicyRule{Verbs:${list(r.verbs)},APIGroups:${list(r.apiGroups)},Resources:${list(r.resources)},ResourceNames:${list(r.resourceNames)},NonResourceURLs:${list(r.nonResourceURLs)},}`;
}

/** CombineResourceGroup: `deployments.apps`, `pods/log`, `deployments.apps/scale`. */
export function combineResourceGroup(resources: readonly string[], groups: readonly string[]): string {
  if (resources.length === 0) return '';
  const [head, sub] = splitOnce(resources[0], '/');
  let combined = head;
  if (groups.length > 0 && groups[0] !== '') combined += `.${groups[0]}`;
  if (sub !== undefined) combined += `/${sub}`;
  return combined;
}

function splitOnce(s: string, sep: string): [string, string | undefined] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, undefined] : [s.slice(0, i), s.slice(i + 1)];
}

/** Role and ClusterRole: Name, Labels, Annotations, then the PolicyRule table. */
export function describeRole(role: Role | ClusterRole): string {
  const rules = compactRules((role.rules ?? []).flatMap(breakdownRule)).map((r) => ({ r, key: ruleString(r) }));
  // sort.Stable by String().
  rules.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${role.metadata?.name ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', role.metadata?.labels);
    printAnnotationsMultiline(w, 'Annotations', role.metadata?.annotations);
    w.write(LEVEL_0, 'PolicyRule:\n');
    w.write(LEVEL_1, 'Resources\tNon-Resource URLs\tResource Names\tVerbs\n');
    w.write(LEVEL_1, '---------\t-----------------\t--------------\t-----\n');
    for (const { r } of rules) w.write(LEVEL_1, `${combineResourceGroup(r.resources, r.apiGroups)}\t${list(r.nonResourceURLs)}\t${list(r.resourceNames)}\t${list(r.verbs)}\n`);
  });
}

/** RoleBinding and ClusterRoleBinding: the role it grants and its subjects. */
export function describeRoleBinding(binding: RoleBinding | ClusterRoleBinding): string {
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${binding.metadata?.name ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', binding.metadata?.labels);
    printAnnotationsMultiline(w, 'Annotations', binding.metadata?.annotations);
    w.write(LEVEL_0, 'Role:\n');
    w.write(LEVEL_1, `Kind:\t${binding.roleRef.kind}\n`);
    w.write(LEVEL_1, `Name:\t${binding.roleRef.name}\n`);
    w.write(LEVEL_0, 'Subjects:\n');
    w.write(LEVEL_1, 'Kind\tName\tNamespace\n');
    w.write(LEVEL_1, '----\t----\t---------\n');
    for (const s of binding.subjects ?? []) w.write(LEVEL_1, `${s.kind}\t${s.name}\t${s.namespace ?? ''}\n`);
  });
}
