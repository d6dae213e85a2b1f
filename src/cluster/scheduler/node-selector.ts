/**
 * Node selector matching for nodeSelector and node affinity, after
 * `k8s.io/component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go`
 * and `apimachinery/pkg/labels/selector.go` (operators In, NotIn, Exists,
 * DoesNotExist, Gt, Lt; matchFields only on metadata.name).
 */
import type { Node, NodeSelectorRequirement, NodeSelectorTerm, Pod } from 'kubernetes-types/core/v1.js';

function parseInteger(text: string): number | undefined {
  return /^-?\d+$/.test(text) ? Number.parseInt(text, 10) : undefined;
}

/** Matches one label requirement; an invalid requirement matches nothing (parse errors are ignored upstream). */
export function matchLabelRequirement(req: NodeSelectorRequirement, labels: Readonly<Record<string, string>>): boolean {
  const values = req.values ?? [];
  const has = Object.prototype.hasOwnProperty.call(labels, req.key);
  const value = labels[req.key];
  switch (req.operator) {
    case 'In':
      return values.length > 0 && has && values.includes(value as string);
    case 'NotIn':
      return values.length > 0 && (!has || !values.includes(value as string));
    case 'Exists':
      return values.length === 0 && has;
    case 'DoesNotExist':
      return values.length === 0 && !has;
    case 'Gt':
    case 'Lt': {
      if (values.length !== 1 || !has) return false;
      const want = parseInteger(values[0] as string);
      const got = parseInteger(value as string);
      if (want === undefined || got === undefined) return false;
      return req.operator === 'Gt' ? got > want : got < want;
    }
    default:
      return false;
  }
}

/** Matches one field requirement; only metadata.name with In/NotIn and exactly one value is valid. */
export function matchFieldRequirement(req: NodeSelectorRequirement, node: Node): boolean {
  const values = req.values ?? [];
  if (req.key !== 'metadata.name' || values.length !== 1) return false;
  const name = node.metadata?.name ?? '';
  if (req.operator === 'In') return name === values[0];
  if (req.operator === 'NotIn') return name !== values[0];
  return false;
}

/** Matches one term: expressions and fields ANDed; an empty term matches nothing. */
export function matchNodeSelectorTerm(term: NodeSelectorTerm, node: Node): boolean {
  const exprs = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (exprs.length === 0 && fields.length === 0) return false;
  const labels = node.metadata?.labels ?? {};
  return exprs.every((r) => matchLabelRequirement(r, labels)) && fields.every((r) => matchFieldRequirement(r, node));
}

/** Matches a list of terms, ORed; no terms matches nothing. */
export function matchNodeSelectorTerms(terms: readonly NodeSelectorTerm[], node: Node): boolean {
  return terms.some((t) => matchNodeSelectorTerm(t, node));
}

/** True when the node satisfies the pod's nodeSelector AND required node affinity (GetRequiredNodeAffinity). */
export function matchesRequiredNodeAffinity(pod: Pod, node: Node): boolean {
  const selector: string[] = [];
  for (const [k, v] of Object.entries(pod.spec?.nodeSelector ?? {})) selector.push(k, v);
  const required = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  return matchesSelectorAndTerms(selector, required ? (required.nodeSelectorTerms ?? []) : undefined, node);
}

/**
 * The same test with the pod's part read beforehand: `selector` is the
 * nodeSelector as [key, value, ...], `requiredTerms` undefined when no
 * required affinity is set (an empty list matches nothing).
 */
export function matchesSelectorAndTerms(selector: readonly string[], requiredTerms: readonly NodeSelectorTerm[] | undefined, node: Node): boolean {
  if (selector.length > 0) {
    const labels = node.metadata?.labels ?? {};
    for (let i = 0; i < selector.length; i += 2) {
      if (labels[selector[i] as string] !== selector[i + 1]) return false;
    }
  }
  if (requiredTerms) return matchNodeSelectorTerms(requiredTerms, node);
  return true;
}
