/**
 * kube-controller-manager v1.32's controllers as `--controllers` knows them
 * (cmd/kube-controller-manager/app/controllermanager.go
 * NewControllerDescriptors, names/controller_names.go, the descriptors'
 * aliases in core.go/apps.go/...), how the flag selects them
 * (k8s.io/controller-manager options/generic.go Validate and ApplyTo,
 * app/helper.go IsControllerEnabled) and what StartController logs for
 * each. The simulation runs the controllers it implements; the others are
 * announced as upstream announces them, so a learner reading the log sees
 * the list a real v1.32 controller manager prints.
 */

/** One upstream controller descriptor. */
export interface ControllerDescriptor {
  /** The canonical name (`deployment-controller`). */
  readonly name: string;
  /** Older names `--controllers` still accepts (`deployment`). */
  readonly aliases: readonly string[];
  /** Runs only when named explicitly (bootstrapsigner, tokencleaner). */
  readonly disabledByDefault?: boolean;
  /** Feature gates it needs that are off by default in v1.32 (it never starts). */
  readonly offFeatureGates?: readonly string[];
  /** A cloud-provider controller: skipped by kube-controller-manager since v1.31 (KEP-2395). */
  readonly cloud?: boolean;
}

const d = (name: string, aliases: string[] = [], extra: Partial<ControllerDescriptor> = {}): ControllerDescriptor => ({ name, aliases, ...extra });

/** The special controller StartControllers starts before all others. */
export const SERVICE_ACCOUNT_TOKEN_CONTROLLER = 'serviceaccount-token-controller';

/**
 * Every controller of v1.32, in NewControllerDescriptors' registration order.
 * (Upstream starts them in Go map order, which varies from run to run; the
 * simulation keeps this order so that transcripts replay.)
 */
export const CONTROLLER_DESCRIPTORS: readonly ControllerDescriptor[] = [
  d(SERVICE_ACCOUNT_TOKEN_CONTROLLER, ['serviceaccount-token']),
  d('endpoints-controller', ['endpoint']),
  d('endpointslice-controller', ['endpointslice']),
  d('endpointslice-mirroring-controller', ['endpointslicemirroring']),
  d('replicationcontroller-controller', ['replicationcontroller']),
  d('pod-garbage-collector-controller', ['podgc']),
  d('resourcequota-controller', ['resourcequota']),
  d('namespace-controller', ['namespace']),
  d('serviceaccount-controller', ['serviceaccount']),
  d('garbage-collector-controller', ['garbagecollector']),
  d('daemonset-controller', ['daemonset']),
  d('job-controller', ['job']),
  d('deployment-controller', ['deployment']),
  d('replicaset-controller', ['replicaset']),
  d('horizontal-pod-autoscaler-controller', ['horizontalpodautoscaling']),
  d('disruption-controller', ['disruption']),
  d('statefulset-controller', ['statefulset']),
  d('cronjob-controller', ['cronjob']),
  d('certificatesigningrequest-signing-controller', ['csrsigning']),
  d('certificatesigningrequest-approving-controller', ['csrapproving']),
  d('certificatesigningrequest-cleaner-controller', ['csrcleaner']),
  d('ttl-controller', ['ttl']),
  d('bootstrap-signer-controller', ['bootstrapsigner'], { disabledByDefault: true }),
  d('token-cleaner-controller', ['tokencleaner'], { disabledByDefault: true }),
  d('node-ipam-controller', ['nodeipam']),
  d('node-lifecycle-controller', ['nodelifecycle']),
  d('service-lb-controller', ['service'], { cloud: true }),
  d('node-route-controller', ['route'], { cloud: true }),
  d('cloud-node-lifecycle-controller', ['cloud-node-lifecycle'], { cloud: true }),
  d('persistentvolume-binder-controller', ['persistentvolume-binder']),
  d('persistentvolume-attach-detach-controller', ['attachdetach']),
  d('persistentvolume-expander-controller', ['persistentvolume-expander']),
  d('clusterrole-aggregation-controller', ['clusterrole-aggregation']),
  d('persistentvolumeclaim-protection-controller', ['pvc-protection']),
  d('persistentvolume-protection-controller', ['pv-protection']),
  d('ttl-after-finished-controller', ['ttl-after-finished']),
  d('root-ca-certificate-publisher-controller', ['root-ca-cert-publisher']),
  d('ephemeral-volume-controller', ['ephemeral-volume']),
  d('storageversion-garbage-collector-controller', ['storage-version-gc'], { offFeatureGates: ['APIServerIdentity', 'StorageVersionAPI'] }),
  d('resourceclaim-controller', ['resource-claim-controller'], { offFeatureGates: ['DynamicResourceAllocation'] }),
  d('legacy-serviceaccount-token-cleaner-controller', ['legacy-service-account-token-cleaner']),
  d('validatingadmissionpolicy-status-controller'),
  d('taint-eviction-controller'),
  d('service-cidr-controller', [], { offFeatureGates: ['MultiCIDRServiceAllocator'] }),
  d('storage-version-migrator-controller', [], { offFeatureGates: ['StorageVersionMigrator'] }),
  d('volumeattributesclass-protection-controller', [], { offFeatureGates: ['VolumeAttributesClass'] }),
  d('selinux-warning-controller', [], { disabledByDefault: true, offFeatureGates: ['SELinuxChangePolicy'] }),
];

/** Canonical name by alias (ControllerAliases); a Map, as the names come from a manifest. */
const ALIASES: ReadonlyMap<string, string> = new Map(CONTROLLER_DESCRIPTORS.flatMap((c) => c.aliases.map((a) => [a, c.name] as const)));
const KNOWN: ReadonlySet<string> = new Set(CONTROLLER_DESCRIPTORS.map((c) => c.name));

/** `--controllers`' default (options/generic.go: `[]string{"*"}`). */
export const DEFAULT_CONTROLLERS: readonly string[] = ['*'];

/** pflag's StringSlice: the flag's (comma-joined) value as items; no value is the default. */
export function controllersFlag(value: string | undefined): string[] {
  if (value === undefined) return [...DEFAULT_CONTROLLERS];
  // encoding/csv splits on commas; an empty value is an empty list.
  return value === '' ? [] : value.split(',');
}

/**
 * GenericControllerManagerConfigurationOptions.Validate: every item but `*`,
 * with a leading `-` removed and an alias resolved, must name a known
 * controller. The errors are aggregated: one error alone prints as itself,
 * several as `[e1, e2]` (utilerrors.NewAggregate).
 */
export function validateControllers(items: readonly string[]): string | undefined {
  const errors: string[] = [];
  for (const item of items) {
    if (item === '*') continue;
    const bare = item.startsWith('-') ? item.slice(1) : item;
    const name = ALIASES.get(bare) ?? bare;
    if (!KNOWN.has(name)) errors.push(`${JSON.stringify(bare)} is not in the list of known controllers`);
  }
  if (errors.length === 0) return undefined;
  return errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`;
}

/** ApplyTo: aliases replaced by canonical names, the `-` kept. */
export function canonicalControllers(items: readonly string[]): string[] {
  return items.map((item) => {
    const minus = item.startsWith('-');
    const bare = minus ? item.slice(1) : item;
    const name = ALIASES.get(bare) ?? bare;
    return minus ? `-${name}` : name;
  });
}

/**
 * controller-manager app/helper.go IsControllerEnabled: the first item that
 * names the controller (`name` on, `-name` off) decides; otherwise `*` turns
 * on everything not disabled by default, and without `*` nothing is on.
 */
export function isControllerEnabled(name: string, disabledByDefault: boolean, canonical: readonly string[]): boolean {
  let star = false;
  for (const item of canonical) {
    if (item === name) return true;
    if (item === `-${name}`) return false;
    if (item === '*') star = true;
  }
  return star && !disabledByDefault;
}

/** What StartController does with one controller. */
export type ControllerStart =
  | { readonly name: string; readonly outcome: 'feature-gate'; readonly gates: readonly string[] }
  | { readonly name: string; readonly outcome: 'cloud' | 'disabled' | 'skipped' | 'started' };

/**
 * The start decisions for `--controllers` (already validated), in start
 * order: the service-account token controller first, then the rest
 * (StartControllers). A feature gate is checked before the flag, a cloud
 * controller is skipped before the flag; `skip` names controllers whose
 * start function declines to run (node-ipam without --allocate-node-cidrs).
 */
export function controllerStarts(items: readonly string[], skip: ReadonlySet<string> = new Set()): ControllerStart[] {
  const canonical = canonicalControllers(items);
  return CONTROLLER_DESCRIPTORS.map((c): ControllerStart => {
    if (c.offFeatureGates) return { name: c.name, outcome: 'feature-gate', gates: c.offFeatureGates };
    if (c.cloud) return { name: c.name, outcome: 'cloud' };
    if (!isControllerEnabled(c.name, c.disabledByDefault ?? false, canonical)) return { name: c.name, outcome: 'disabled' };
    return { name: c.name, outcome: skip.has(c.name) ? 'skipped' : 'started' };
  });
}
