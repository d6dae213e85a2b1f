/** `kubectl get networkpolicies`: printNetworkPolicy of kubernetes/kubernetes pkg/printers/internalversion/printers.go. */
import type { NetworkPolicy } from 'kubernetes-types/networking/v1.js';
import type { TableDefinition } from '../output/table.js';
import { translateTimestampSince } from '../output/duration.js';
import { formatLabelSelector } from '../output/labels.js';

/** NetworkPolicies: NAME POD-SELECTOR AGE (metav1.FormatLabelSelector: `<none>` for the empty selector). */
export const networkPolicyPrinter: TableDefinition<NetworkPolicy> = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Pod-Selector', priority: 0 },
    { name: 'Age', priority: 0 },
  ],
  row(np, { now }) {
    return [np.metadata?.name ?? '', formatLabelSelector(np.spec?.podSelector) || '<none>', translateTimestampSince(np.metadata?.creationTimestamp, now)];
  },
};
