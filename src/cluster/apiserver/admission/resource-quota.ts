/**
 * ResourceQuota: rejects a pod (or object) that would take a namespace over
 * its quota, with the quota evaluator's wording
 * (staging/src/k8s.io/apiserver/pkg/admission/plugin/resourcequota).
 * Usage is computed from the objects the store holds, as the quota
 * controller would have recorded it.
 */
import type { AdmissionPlugin } from './types.js';
import type { KubeObject } from '../types.js';
import { forbiddenMessage } from '../errors.js';
import { hardAmount, isTerminalPod, podUsage, showAmount } from '../quota-usage.js';

type Obj = Record<string, any>;

const COMPUTE = ['requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory', 'cpu', 'memory'];

/** The ResourceQuota plugin. */
export const resourceQuota: AdmissionPlugin = {
  name: 'ResourceQuota',
  operations: ['CREATE'],
  validate(req) {
    if (req.operation !== 'CREATE' || req.subresource || !req.namespace) return undefined;
    const quotas = req.store.list('resourcequotas', req.namespace);
    if (quotas.length === 0) return undefined;
    for (const quota of quotas) {
      const hard = ((quota.spec as Obj)?.hard ?? {}) as Record<string, string>;
      const name = quota.metadata.name;
      if (req.resource.name === 'pods') {
        const pod = req.object as Obj;
        const missing = COMPUTE.filter((r) => hard[r] !== undefined && r.includes('.')).filter((r) => {
          const [kind, res] = r.split('.');
          return (pod.spec?.containers ?? []).some((c: Obj) => c.resources?.[kind]?.[res] === undefined);
        });
        if (missing.length) {
          const parts = missing.map((r) => {
            const [kind, res] = r.split('.');
            const names = (pod.spec.containers as Obj[]).filter((c) => c.resources?.[kind]?.[res] === undefined).map((c) => c.name);
            return `${r} for: ${names.join(',')}`;
          });
          return forbiddenMessage(`pods "${req.name}" is forbidden: failed quota: ${name}: must specify ${parts.join('; ')}`);
        }
        const requested = podUsage(pod);
        const used: Record<string, number> = {};
        for (const existing of req.store.list('pods', req.namespace)) {
          if (isTerminalPod(existing as Obj)) continue;
          for (const [r, v] of Object.entries(podUsage(existing as Obj))) used[r] = (used[r] ?? 0) + v;
        }
        const over = Object.keys(hard).filter((r) => requested[r] !== undefined && (used[r] ?? 0) + requested[r] > hardAmount(r, hard[r]));
        if (over.length) {
          const list = (f: (r: string) => string) => over.map(f).join(',');
          return forbiddenMessage(
            `pods "${req.name}" is forbidden: exceeded quota: ${name}, requested: ${list((r) => `${r}=${showAmount(r, requested[r])}`)}, used: ${list((r) => `${r}=${showAmount(r, used[r] ?? 0)}`)}, limited: ${list((r) => `${r}=${hard[r]}`)}`,
          );
        }
      } else {
        const key = req.resource.group ? `count/${req.resource.name}.${req.resource.group}` : `count/${req.resource.name}`;
        const simple = req.resource.group ? undefined : req.resource.name;
        const limitKey = hard[key] !== undefined ? key : simple && hard[simple] !== undefined ? simple : undefined;
        if (!limitKey) continue;
        const count = req.store.list(req.resource.name, req.namespace).length;
        if (count + 1 > Number(hard[limitKey])) {
          return forbiddenMessage(`${req.resource.group ? `${req.resource.name}.${req.resource.group}` : req.resource.name} "${req.name}" is forbidden: exceeded quota: ${name}, requested: ${limitKey}=1, used: ${limitKey}=${count}, limited: ${limitKey}=${hard[limitKey]}`);
        }
      }
    }
    return undefined;
  },
};
