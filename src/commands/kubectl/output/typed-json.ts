/**
 * `-o json` of a typed object (cli-runtime printers/json.go on a typed
 * clientset's object, as `kubectl rollout history -o json` prints a
 * ReplicaSet): encoding/json MarshalIndent with 4 spaces, struct fields in
 * the Go types' declaration order (k8s.io/api apps/v1, core/v1, meta/v1
 * types.go), map keys (labels, annotations, quantities) sorted. A field the
 * table does not know keeps its place after the known ones, sorted.
 */
import { goJsonString } from './json.js';

/** A field's type: a struct named in STRUCTS, a map (sorted keys, values printed as they are), or a list of either. */
type FieldType = string | 'map' | { list: string };

/** Struct field orders (json names, in declaration order, embedded structs inlined). */
const STRUCTS: Readonly<Record<string, readonly (readonly [string, FieldType?])[]>> = {
  ReplicaSet: [['kind'], ['apiVersion'], ['metadata', 'ObjectMeta'], ['spec', 'ReplicaSetSpec'], ['status', 'ReplicaSetStatus']],
  ObjectMeta: [['name'], ['generateName'], ['namespace'], ['selfLink'], ['uid'], ['resourceVersion'], ['generation'], ['creationTimestamp'], ['deletionTimestamp'], ['deletionGracePeriodSeconds'], ['labels', 'map'], ['annotations', 'map'], ['ownerReferences', { list: 'OwnerReference' }], ['finalizers'], ['managedFields']],
  OwnerReference: [['apiVersion'], ['kind'], ['name'], ['uid'], ['controller'], ['blockOwnerDeletion']],
  ReplicaSetSpec: [['replicas'], ['minReadySeconds'], ['selector', 'LabelSelector'], ['template', 'PodTemplateSpec']],
  ReplicaSetStatus: [['replicas'], ['fullyLabeledReplicas'], ['readyReplicas'], ['availableReplicas'], ['observedGeneration'], ['conditions', { list: 'ReplicaSetCondition' }]],
  ReplicaSetCondition: [['type'], ['status'], ['lastTransitionTime'], ['reason'], ['message']],
  LabelSelector: [['matchLabels', 'map'], ['matchExpressions', { list: 'LabelSelectorRequirement' }]],
  LabelSelectorRequirement: [['key'], ['operator'], ['values']],
  PodTemplateSpec: [['metadata', 'ObjectMeta'], ['spec', 'PodSpec']],
  PodSpec: [
    ['volumes', { list: 'Volume' }], ['initContainers', { list: 'Container' }], ['containers', { list: 'Container' }], ['ephemeralContainers'], ['restartPolicy'], ['terminationGracePeriodSeconds'], ['activeDeadlineSeconds'], ['dnsPolicy'], ['nodeSelector', 'map'], ['serviceAccountName'], ['serviceAccount'], ['automountServiceAccountToken'], ['nodeName'], ['hostNetwork'], ['hostPID'], ['hostIPC'], ['shareProcessNamespace'], ['securityContext'], ['imagePullSecrets'], ['hostname'], ['subdomain'], ['affinity'], ['schedulerName'], ['tolerations', { list: 'Toleration' }], ['hostAliases'], ['priorityClassName'], ['priority'], ['dnsConfig'], ['readinessGates'], ['runtimeClassName'], ['enableServiceLinks'], ['preemptionPolicy'], ['overhead', 'map'], ['topologySpreadConstraints'], ['setHostnameAsFQDN'], ['os'], ['hostUsers'], ['schedulingGates'], ['resourceClaims'], ['resources', 'ResourceRequirements'],
  ],
  Container: [
    ['name'], ['image'], ['command'], ['args'], ['workingDir'], ['ports', { list: 'ContainerPort' }], ['envFrom'], ['env', { list: 'EnvVar' }], ['resources', 'ResourceRequirements'], ['resizePolicy'], ['restartPolicy'], ['volumeMounts', { list: 'VolumeMount' }], ['volumeDevices'], ['livenessProbe', 'Probe'], ['readinessProbe', 'Probe'], ['startupProbe', 'Probe'], ['lifecycle'], ['terminationMessagePath'], ['terminationMessagePolicy'], ['imagePullPolicy'], ['securityContext'], ['stdin'], ['stdinOnce'], ['tty'],
  ],
  ContainerPort: [['name'], ['hostPort'], ['containerPort'], ['protocol'], ['hostIP']],
  EnvVar: [['name'], ['value'], ['valueFrom', 'EnvVarSource']],
  EnvVarSource: [['fieldRef', 'ObjectFieldSelector'], ['resourceFieldRef'], ['configMapKeyRef', 'KeySelector'], ['secretKeyRef', 'KeySelector']],
  ObjectFieldSelector: [['apiVersion'], ['fieldPath']],
  KeySelector: [['name'], ['key'], ['optional']],
  ResourceRequirements: [['limits', 'map'], ['requests', 'map'], ['claims']],
  VolumeMount: [['name'], ['readOnly'], ['recursiveReadOnly'], ['mountPath'], ['subPath'], ['mountPropagation'], ['subPathExpr']],
  Volume: [['name'], ['hostPath'], ['emptyDir'], ['gcePersistentDisk'], ['awsElasticBlockStore'], ['gitRepo'], ['secret', 'SecretVolumeSource'], ['nfs'], ['iscsi'], ['glusterfs'], ['persistentVolumeClaim'], ['rbd'], ['flexVolume'], ['cinder'], ['cephfs'], ['flocker'], ['downwardAPI'], ['fc'], ['azureFile'], ['configMap', 'ConfigMapVolumeSource'], ['vsphereVolume'], ['quobyte'], ['azureDisk'], ['photonPersistentDisk'], ['projected'], ['portworxVolume'], ['scaleIO'], ['storageos'], ['csi'], ['ephemeral'], ['image']],
  SecretVolumeSource: [['secretName'], ['items'], ['defaultMode'], ['optional']],
  ConfigMapVolumeSource: [['name'], ['items'], ['defaultMode'], ['optional']],
  Probe: [['exec'], ['httpGet', 'HTTPGetAction'], ['tcpSocket'], ['grpc'], ['initialDelaySeconds'], ['timeoutSeconds'], ['periodSeconds'], ['successThreshold'], ['failureThreshold'], ['terminationGracePeriodSeconds']],
  HTTPGetAction: [['path'], ['port'], ['host'], ['scheme'], ['httpHeaders']],
  Toleration: [['key'], ['operator'], ['value'], ['effect'], ['tolerationSeconds']],
};

const byteOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The keys of `o` in the order `type` declares them (maps and unknown structs: sorted), with each child's type. */
function orderedKeys(o: Record<string, unknown>, type: FieldType | undefined): [string, FieldType | undefined][] {
  const present = Object.keys(o).filter((k) => o[k] !== undefined);
  const fields = typeof type === 'string' ? STRUCTS[type] : undefined;
  if (!fields) return present.sort(byteOrder).map((k) => [k, undefined]);
  const known = new Map(fields.map(([name, child]) => [name, child]));
  const first = fields.filter(([name]) => Object.hasOwn(o, name) && o[name] !== undefined).map(([name, child]): [string, FieldType | undefined] => [name, child]);
  const rest = present.filter((k) => !known.has(k)).sort(byteOrder).map((k): [string, FieldType | undefined] => [k, undefined]);
  return [...first, ...rest];
}

function encode(v: unknown, type: FieldType | undefined, indent: string, out: string[]): void {
  if (v === null || v === undefined) return void out.push('null');
  if (typeof v === 'string') return void out.push(goJsonString(v));
  if (typeof v === 'number' || typeof v === 'boolean') return void out.push(JSON.stringify(v));
  const inner = indent + '    ';
  if (Array.isArray(v)) {
    if (v.length === 0) return void out.push('[]');
    const itemType = typeof type === 'object' ? type.list : undefined;
    out.push('[\n');
    v.forEach((item, i) => {
      out.push(inner);
      encode(item, itemType, inner, out);
      out.push(i < v.length - 1 ? ',\n' : '\n');
    });
    return void out.push(`${indent}]`);
  }
  const o = v as Record<string, unknown>;
  const keys = orderedKeys(o, type === 'map' ? undefined : type);
  if (keys.length === 0) return void out.push('{}');
  out.push('{\n');
  keys.forEach(([k, child], i) => {
    out.push(`${inner}${goJsonString(k)}: `);
    encode(o[k], child, inner, out);
    out.push(i < keys.length - 1 ? ',\n' : '\n');
  });
  out.push(`${indent}}`);
}

/**
 * The object as its Go type holds it: map fields (all `omitempty` in the API
 * types) that are empty are gone, as a typed decode-then-encode drops them.
 */
export function typedCopy(v: unknown, type: FieldType | undefined): unknown {
  if (Array.isArray(v)) return v.map((item) => typedCopy(item, typeof type === 'object' ? type.list : undefined));
  if (v === null || typeof v !== 'object' || typeof type !== 'string') return v;
  const fields = STRUCTS[type];
  if (!fields) return v;
  const declared = new Map(fields.map(([name, child]) => [name, child]));
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [k, value] of Object.entries(v as Record<string, unknown>)) {
    const child = declared.get(k);
    if (child === 'map' && value !== null && typeof value === 'object' && Object.keys(value).length === 0) continue;
    out[k] = typedCopy(value, child);
  }
  return out;
}

/** MarshalIndent of a typed object of kind `kind` (its struct order), with the printer's newline. */
export function typedJson(obj: unknown, kind: string): string {
  const out: string[] = [];
  encode(typedCopy(obj, kind), kind, '', out);
  return out.join('') + '\n';
}
