/** The default admission chain, in kube-apiserver's plugin order. */
import type { AdmissionPlugin } from './types.js';
import { namespaceLifecycle } from './namespace-lifecycle.js';
import { serviceAccount } from './service-account.js';
import { defaultTolerationSeconds } from './default-toleration-seconds.js';
import { priority } from './priority.js';
import { limitRanger } from './limit-ranger.js';
import { resourceQuota } from './resource-quota.js';

/** A fresh list of the enabled plugins (order matters: see kube-apiserver's RecommendedPluginOrder). */
export function defaultAdmissionPlugins(): AdmissionPlugin[] {
  return [namespaceLifecycle, limitRanger, serviceAccount, defaultTolerationSeconds, priority, resourceQuota];
}
