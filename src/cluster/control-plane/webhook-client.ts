/**
 * How kube-apiserver calls admission webhooks: an HTTPS POST of the
 * AdmissionReview from its own node, through the cluster's network, so the
 * node's kube-proxy rules, NetworkPolicy and the webhook pods' state decide
 * what comes back (webhook/client.go with the ClusterIP service resolver).
 */
import type { LaunchContext } from '../system-programs.js';
import type { WebhookPost } from '../apiserver/admission/webhooks.js';

/** The webhook transport of the kube-apiserver running on `lc`'s node. */
export function webhookClient(lc: LaunchContext): WebhookPost {
  return (ip, port, request) => {
    const r = lc.network.request({ kind: 'host', node: lc.node.name }, ip, port, {
      kind: 'http',
      method: 'POST',
      path: request.path,
      host: request.host,
      headers: [['Content-Type', 'application/json'], ['Accept', 'application/json, */*']],
      tls: true,
      body: request.body,
    });
    if (!r.ok) return { kind: 'failed', failure: r.failure };
    const res = r.response;
    if (!res || res.kind !== 'http') return { kind: 'silent' };
    return { kind: 'answered', status: res.status, body: res.body };
  };
}
