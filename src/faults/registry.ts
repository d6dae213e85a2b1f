/**
 * The registry of below-API fault primitives, by name. The scenario schema
 * builds its `faults[]` union from their parameter schemas (param-schemas.ts).
 */
import type { FaultPrimitive } from './types.js';
import { kubeletStopped } from './kubelet-stopped.js';
import { runtimeSlow } from './runtime-slow.js';
import { runtimeDown } from './runtime-down.js';
import { cniBroken } from './cni-broken.js';
import { diskPressure } from './disk-pressure.js';
import { kubeletClientCertExpired } from './kubelet-client-cert-expired.js';
import { kubeletConfigInvalid } from './kubelet-config-invalid.js';
import { clockSkew } from './clock-skew.js';
import { nodePartitioned } from './node-partitioned.js';
import { hostFirewallRule } from './host-firewall-rule.js';
import { containerFrozen } from './container-frozen.js';
import { diskIoSaturated } from './disk-io-saturated.js';
import { etcdQuota } from './etcd-quota.js';
import { etcdChurn } from './etcd-churn.js';
import { staticPodManifestEdited } from './static-pod-manifest-edited.js';
import { kubeconfigCertExpired } from './kubeconfig-cert-expired.js';
import { staticPodManifestMoved } from './static-pod-manifest-moved.js';

/** Every fault primitive. */
export function faultPrimitives(): Record<string, FaultPrimitive<any>> {
  return {
    [kubeletStopped.name]: kubeletStopped,
    [runtimeSlow.name]: runtimeSlow,
    [runtimeDown.name]: runtimeDown,
    [cniBroken.name]: cniBroken,
    [diskPressure.name]: diskPressure,
    [kubeletClientCertExpired.name]: kubeletClientCertExpired,
    [kubeletConfigInvalid.name]: kubeletConfigInvalid,
    [clockSkew.name]: clockSkew,
    [nodePartitioned.name]: nodePartitioned,
    [hostFirewallRule.name]: hostFirewallRule,
    [containerFrozen.name]: containerFrozen,
    [diskIoSaturated.name]: diskIoSaturated,
    [etcdQuota.name]: etcdQuota,
    [etcdChurn.name]: etcdChurn,
    [staticPodManifestEdited.name]: staticPodManifestEdited,
    [kubeconfigCertExpired.name]: kubeconfigCertExpired,
    [staticPodManifestMoved.name]: staticPodManifestMoved,
  };
}
