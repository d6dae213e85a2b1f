/**
 * The kube-apiserver flags that shape how it judges requests: which
 * authorizers run (`--authorization-mode`) and which admission plugins
 * (`--enable-admission-plugins`, `--disable-admission-plugins`), validated
 * with upstream's messages so a typo ends the process as a real one does.
 */

/** authzmodes.AuthorizationModeChoices (pkg/kubeapiserver/authorizer/modes). */
export const AUTHORIZATION_MODES = ['AlwaysAllow', 'AlwaysDeny', 'ABAC', 'Webhook', 'RBAC', 'Node'] as const;
export type AuthorizationMode = (typeof AUTHORIZATION_MODES)[number];

/** kube-apiserver v1.32's registered admission plugins (AllOrderedPlugins, pkg/kubeapiserver/options/plugins.go). */
export const REGISTERED_ADMISSION_PLUGINS: ReadonlySet<string> = new Set([
  'AlwaysAdmit', 'NamespaceAutoProvision', 'NamespaceLifecycle', 'NamespaceExists', 'LimitPodHardAntiAffinityTopology',
  'LimitRanger', 'ServiceAccount', 'NodeRestriction', 'TaintNodesByCondition', 'AlwaysPullImages', 'ImagePolicyWebhook',
  'PodSecurity', 'PodNodeSelector', 'Priority', 'DefaultTolerationSeconds', 'PodTolerationRestriction', 'EventRateLimit',
  'ExtendedResourceToleration', 'DefaultStorageClass', 'StorageObjectInUseProtection', 'OwnerReferencesPermissionEnforcement',
  'PersistentVolumeClaimResize', 'RuntimeClass', 'CertificateApproval', 'CertificateSigning', 'ClusterTrustBundleAttest',
  'CertificateSubjectRestriction', 'DefaultIngressClass', 'DenyServiceExternalIPs', 'MutatingAdmissionPolicy',
  'MutatingAdmissionWebhook', 'ValidatingAdmissionPolicy', 'ValidatingAdmissionWebhook', 'ResourceQuota', 'AlwaysDeny',
]);

/** How the API server judges requests. */
export interface ServingOptions {
  /** The authorizers, in the order they are asked. */
  authorizationModes: readonly AuthorizationMode[];
  /** Admission plugins turned off by `--disable-admission-plugins` (every simulated plugin is on by default upstream). */
  disabledAdmissionPlugins: ReadonlySet<string>;
}

/** What kubeadm configures (`--authorization-mode=Node,RBAC`, the default plugins): the API server's options until its process says otherwise. */
export const KUBEADM_SERVING_OPTIONS: ServingOptions = { authorizationModes: ['Node', 'RBAC'], disabledAdmissionPlugins: new Set() };

const list = (value: string | undefined): string[] | undefined => (value === undefined ? undefined : value.split(',').filter((s) => s !== ''));

/**
 * The options from the flags, or the validation errors as
 * utilerrors.NewAggregate prints them (one message, or `[a, b]`).
 */
export function servingOptions(flag: (name: string) => string | undefined): { ok: true; options: ServingOptions } | { ok: false; error: string } {
  const errors: string[] = [];
  // BuiltInAuthorizationOptions.Validate (pkg/kubeapiserver/options/authorization.go).
  const modes = list(flag('authorization-mode')) ?? ['AlwaysAllow'];
  if (modes.length === 0) errors.push('at least one authorization-mode must be passed');
  for (const mode of modes) {
    if (!(AUTHORIZATION_MODES as readonly string[]).includes(mode)) errors.push(`authorization-mode ${JSON.stringify(mode)} is not a valid mode`);
    if (mode === 'ABAC' && flag('authorization-policy-file') === undefined) errors.push("authorization-mode ABAC's authorization policy file not passed");
    if (mode === 'Webhook' && flag('authorization-webhook-config-file') === undefined) errors.push("authorization-mode Webhook's authorization config file not passed");
  }
  if (new Set(modes).size !== modes.length) errors.push(`authorization-mode [${modes.map((m) => JSON.stringify(m)).join(' ')}] has mode specified more than once`);
  // AdmissionOptions.Validate (k8s.io/apiserver/pkg/server/options/admission.go).
  const enable = list(flag('enable-admission-plugins')) ?? [];
  const disable = list(flag('disable-admission-plugins')) ?? [];
  for (const name of enable) if (!REGISTERED_ADMISSION_PLUGINS.has(name)) errors.push(`enable-admission-plugins plugin ${JSON.stringify(name)} is unknown`);
  for (const name of disable) if (!REGISTERED_ADMISSION_PLUGINS.has(name)) errors.push(`disable-admission-plugins plugin ${JSON.stringify(name)} is unknown`);
  const both = [...new Set(enable)].filter((n) => disable.includes(n)).sort();
  if (both.length > 0) errors.push(`[${both.join(' ')}] in enable-admission-plugins and disable-admission-plugins overlapped`);
  if (errors.length > 0) return { ok: false, error: errors.length === 1 ? errors[0] : `[${errors.join(', ')}]` };
  return { ok: true, options: { authorizationModes: modes as AuthorizationMode[], disabledAdmissionPlugins: new Set(disable) } };
}
