/**
 * ServiceAccount admission: sets `serviceAccountName: default` and mounts the
 * projected `kube-api-access-<suffix>` token volume into every container.
 */
import type { AdmissionPlugin } from './types.js';
import { flatConcat } from '../../flat-string.js';
import { deepFreeze } from '../../json.js';

type Obj = Record<string, any>;

/** DefaultAPITokenMountPath. */
const TOKEN_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';

/** plugin/pkg/admission/serviceaccount/admission.go */
export const serviceAccount: AdmissionPlugin = {
  name: 'ServiceAccount',
  operations: ['CREATE'],
  resources: ['pods'],
  admit(req) {
    if (req.operation !== 'CREATE' || req.resource.name !== 'pods' || req.subresource) return undefined;
    const spec = (req.object.spec ??= {}) as Obj;
    // Static (mirror) pods get no service account.
    if ((req.object.metadata.annotations ?? {})['kubernetes.io/config.mirror']) return undefined;
    spec.serviceAccountName ??= 'default';
    spec.serviceAccount ??= spec.serviceAccountName;
    if (spec.automountServiceAccountToken === false) return undefined;
    // mountServiceAccountToken: a pod that already has a token volume (a copy of a pod: kubectl debug --copy-to)
    // keeps it, and a container that already mounts something at the token path gets no second mount.
    const existing = ((spec.volumes ?? []) as Obj[]).find((v) => typeof v?.name === 'string' && v.name.startsWith('kube-api-access-'));
    const volumeName = existing ? (existing.name as string) : flatConcat('kube-api-access-', req.randomSuffix(5));
    let needed = false;
    for (const list of [spec.initContainers, spec.containers]) {
      for (const c of (list ?? []) as Obj[]) {
        if (((c.volumeMounts ?? []) as Obj[]).some((m) => m?.mountPath === TOKEN_PATH)) continue;
        // concat sizes each list exactly (an array spread leaves room for 16 more in every stored pod).
        c.volumeMounts = (c.volumeMounts ?? []).concat([{ name: volumeName, readOnly: true, mountPath: TOKEN_PATH }]);
        needed = true;
      }
    }
    if (needed && !existing) spec.volumes = (spec.volumes ?? []).concat([projectedTokenVolume(volumeName)]);
    return undefined;
  },
};

/** The token volume's sources: the same (immutable) object in every pod, as stored objects are never edited. */
let projected: Obj | undefined;

function projectedTokenVolume(name: string): Obj {
  projected ??= deepFreeze({
    defaultMode: 420,
    sources: [
      { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
      { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
      { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
    ],
  });
  return { name, projected };
}
