/**
 * Loads /var/lib/kubelet/config.yaml the way the kubelet does at start-up
 * (cmd/kubelet/app/server.go loadConfigFile → pkg/kubelet/kubeletconfig/
 * configfiles Load → util/codec DecodeKubeletConfiguration): a YAML error, an
 * unknown apiVersion/kind or a value of the wrong type fails the start with
 * the upstream error chain; unknown fields only warn (lenient decoding).
 */
import yaml from 'js-yaml';
import { deepFreeze } from '../json.js';
import { LruCache } from '../client/lru.js';

type Obj = Record<string, any>;

/** Where kubeadm points `--config`. */
export const KUBELET_CONFIG_PATH = '/var/lib/kubelet/config.yaml';

/** The outcome of loading the config file. */
export type KubeletConfigLoad =
  | { ok: true; config: Obj; /** Strict-decoding errors the kubelet only logs (unknown fields). */ lenientError?: string }
  | { ok: false; /** The error of the `"command failed"` line. */ error: string };

/** KubeletConfiguration v1beta1 fields (staging/src/k8s.io/kubelet/config/v1beta1/types.go). */
const FIELDS = new Set(
  'apiVersion kind enableServer staticPodPath podLogsDir syncFrequency fileCheckFrequency httpCheckFrequency staticPodURL staticPodURLHeader address port readOnlyPort tlsCertFile tlsPrivateKeyFile tlsCipherSuites tlsMinVersion rotateCertificates serverTLSBootstrap authentication authorization registryPullQPS registryBurst eventRecordQPS eventBurst enableDebuggingHandlers enableContentionProfiling healthzPort healthzBindAddress oomScoreAdj clusterDomain clusterDNS streamingConnectionIdleTimeout nodeStatusUpdateFrequency nodeStatusReportFrequency nodeLeaseDurationSeconds imageMinimumGCAge imageMaximumGCAge imageGCHighThresholdPercent imageGCLowThresholdPercent volumeStatsAggPeriod kubeletCgroups systemCgroups cgroupRoot cgroupsPerQOS cgroupDriver cpuManagerPolicy cpuManagerPolicyOptions cpuManagerReconcilePeriod memoryManagerPolicy topologyManagerPolicy topologyManagerScope topologyManagerPolicyOptions qosReserved runtimeRequestTimeout hairpinMode maxPods podCIDR podPidsLimit resolvConf runOnce cpuCFSQuota cpuCFSQuotaPeriod nodeStatusMaxImages maxOpenFiles contentType kubeAPIQPS kubeAPIBurst serializeImagePulls maxParallelImagePulls evictionHard evictionSoft evictionSoftGracePeriod evictionPressureTransitionPeriod evictionMaxPodGracePeriod evictionMinimumReclaim podsPerCore enableControllerAttachDetach protectKernelDefaults makeIPTablesUtilChains iptablesMasqueradeBit iptablesDropBit featureGates failSwapOn memorySwap containerLogMaxSize containerLogMaxFiles containerLogMaxWorkers containerLogMonitorInterval configMapAndSecretChangeDetectionStrategy systemReserved kubeReserved reservedSystemCPUs showHiddenMetricsForVersion systemReservedCgroup kubeReservedCgroup enforceNodeAllocatable allowedUnsafeSysctls volumePluginDir providerID kernelMemcgNotification logging enableSystemLogHandler enableSystemLogQuery shutdownGracePeriod shutdownGracePeriodCriticalPods shutdownGracePeriodByPodPriority crashLoopBackOff reservedMemory enableProfilingHandler enableDebugFlagsHandler seccompDefault memoryThrottlingFactor registerWithTaints registerNode tracing localStorageCapacityIsolation containerRuntimeEndpoint imageServiceEndpoint failCgroupV1'.split(
    ' ',
  ),
);
const INT32 = new Set(['port', 'readOnlyPort', 'registryBurst', 'eventBurst', 'healthzPort', 'oomScoreAdj', 'nodeLeaseDurationSeconds', 'imageGCHighThresholdPercent', 'imageGCLowThresholdPercent', 'maxPods', 'nodeStatusMaxImages', 'kubeAPIBurst', 'evictionMaxPodGracePeriod', 'podsPerCore', 'iptablesMasqueradeBit', 'iptablesDropBit', 'containerLogMaxFiles', 'containerLogMaxWorkers', 'registryPullQPS', 'eventRecordQPS', 'kubeAPIQPS', 'maxParallelImagePulls']);
const INT64 = new Set(['podPidsLimit', 'maxOpenFiles']);
const BOOL = new Set(['enableServer', 'rotateCertificates', 'serverTLSBootstrap', 'enableDebuggingHandlers', 'enableContentionProfiling', 'cgroupsPerQOS', 'runOnce', 'cpuCFSQuota', 'serializeImagePulls', 'enableControllerAttachDetach', 'protectKernelDefaults', 'makeIPTablesUtilChains', 'failSwapOn', 'kernelMemcgNotification', 'enableSystemLogHandler', 'enableSystemLogQuery', 'enableProfilingHandler', 'enableDebugFlagsHandler', 'seccompDefault', 'registerNode', 'localStorageCapacityIsolation', 'failCgroupV1']);
const DURATIONS = new Set(['syncFrequency', 'fileCheckFrequency', 'httpCheckFrequency', 'streamingConnectionIdleTimeout', 'nodeStatusUpdateFrequency', 'nodeStatusReportFrequency', 'imageMinimumGCAge', 'imageMaximumGCAge', 'volumeStatsAggPeriod', 'cpuManagerReconcilePeriod', 'runtimeRequestTimeout', 'cpuCFSQuotaPeriod', 'evictionPressureTransitionPeriod', 'shutdownGracePeriod', 'shutdownGracePeriodCriticalPods', 'containerLogMonitorInterval']);
const GO_DURATION = /^-?(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$|^0$/;

/** Recently decoded texts: every node of a cluster starts its kubelet from the same file. */
const decoded = new LruCache<KubeletConfigLoad>(8);

/**
 * Parses and decodes the kubelet config file text (undefined = the file does
 * not exist). Decoding is a pure function of the text, so a text seen before
 * returns the same (frozen) result instead of being parsed again.
 */
export function loadKubeletConfig(text: string | undefined, path = KUBELET_CONFIG_PATH): KubeletConfigLoad {
  if (text === undefined || path !== KUBELET_CONFIG_PATH) return decodeKubeletConfig(text, path);
  const seen = decoded.get(text);
  if (seen) return seen;
  const result = deepFreeze(decodeKubeletConfig(text, path));
  decoded.add(text, result);
  return result;
}

function decodeKubeletConfig(text: string | undefined, path: string): KubeletConfigLoad {
  // server.go: fmt.Errorf("failed to load kubelet config file, path: %s, error: %w", ...) around
  // loadConfigFile's errFmt "failed to load Kubelet config file %s, error %v".
  const fail = (inner: string): KubeletConfigLoad => ({ ok: false, error: `failed to load kubelet config file, path: ${path}, error: failed to load Kubelet config file ${path}, error ${inner}` });
  if (text === undefined) return fail(`failed to read kubelet config file "${path}", error: open ${path}: no such file or directory`);
  if (text.length === 0) return fail(`kubelet config file "${path}" was empty`);
  const syntax = yamlSyntaxError(text);
  if (syntax) return fail(`failed to decode: ${syntax}`);
  const doc = yaml.load(text, { json: true }) as unknown;
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return fail(`failed to decode: Object 'Kind' is missing in '${text.trim()}'`);
  const config = doc as Obj;
  if (!config.kind) return fail(`failed to decode: Object 'Kind' is missing in '${JSON.stringify(config)}'`);
  if (config.apiVersion !== 'kubelet.config.k8s.io/v1beta1' || config.kind !== 'KubeletConfiguration') {
    // runtime.Scheme: notRegisteredErr for a kind the kubelet's scheme lacks.
    return fail(`failed to decode: no kind "${config.kind}" is registered for version "${config.apiVersion}" in scheme "pkg/kubelet/apis/config/scheme/scheme.go:33"`);
  }
  for (const [field, value] of Object.entries(config)) {
    const wrong = typeError(field, value);
    if (wrong) return fail(`failed to decode: ${wrong}`);
  }
  const unknown = Object.keys(config).filter((k) => !FIELDS.has(k));
  if (unknown.length) {
    // Strict decoding fails on unknown fields; DecodeKubeletConfiguration then decodes leniently and only logs.
    const list = unknown.map((k) => `unknown field "${k}"`);
    return { ok: true, config, lenientError: `strict decoding error: ${list.join(', ')}` };
  }
  return { ok: true, config };
}

/** The encoding/json type error for a value of the wrong shape, as sigs.k8s.io/json words it. */
function typeError(field: string, value: unknown): string | undefined {
  const where = `Go struct field KubeletConfiguration.${field}`;
  const kind = jsonKind(value);
  if (value === null) return undefined;
  if (INT32.has(field) || INT64.has(field)) {
    if (kind !== 'number') return `json: cannot unmarshal ${kind} into ${where} of type int${INT32.has(field) ? 32 : 64}`;
    if (!Number.isInteger(value)) return `json: cannot unmarshal number ${value} into ${where} of type int${INT32.has(field) ? 32 : 64}`;
  }
  if (BOOL.has(field) && kind !== 'bool') return `json: cannot unmarshal ${kind} into ${where} of type bool`;
  if (DURATIONS.has(field)) {
    if (kind !== 'string') return `json: cannot unmarshal ${kind} into ${where} of type string`;
    // metav1.Duration.UnmarshalJSON → time.ParseDuration.
    if (!GO_DURATION.test(value as string)) return `time: invalid duration "${value}"`;
  }
  return undefined;
}

function jsonKind(v: unknown): string {
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'string') return 'string';
  if (Array.isArray(v)) return 'array';
  return 'object';
}

/**
 * A go-yaml (yaml.v2, through sigs.k8s.io/yaml) syntax error for the text, or
 * undefined. Tabs in indentation are what go-yaml's scanner reports as
 * "found character that cannot start any token"; other errors are mapped
 * from js-yaml's reason to the closest go-yaml wording.
 */
export function yamlSyntaxError(text: string): string | undefined {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (/^ *\t/.test(lines[i])) return `yaml: line ${i + 1}: found character that cannot start any token`;
  }
  try {
    yaml.load(text, { json: true });
    return undefined;
  } catch (e) {
    const err = e as { reason?: string; mark?: { line: number } };
    const line = (err.mark?.line ?? 0) + 1;
    const reason = err.reason ?? '';
    if (/bad indentation/.test(reason)) return `yaml: line ${line}: mapping values are not allowed in this context`;
    if (/multiline key|implicit key|expected ':'/.test(reason)) return `yaml: line ${line}: could not find expected ':'`;
    return `yaml: line ${line}: did not find expected key`;
  }
}
