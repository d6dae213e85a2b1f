/**
 * Schema validation of the fields the simulation relies on, with the field
 * paths and wording of pkg/apis/core/validation and apps/validation.
 */
import type { KubeObject, Status } from './types.js';
import { invalid, type FieldError } from './errors.js';
import { matchesLabelSelector, type LabelSelector } from './selectors.js';
import { validateNetworkPolicySpec } from './validation-networking.js';
import { validateWebhookConfiguration } from './validation-admissionregistration.js';
import { compareQuantity, quantityText, tryParseQuantityExact, type ParsedQuantity } from '../quantity.js';
import { isPlainJsonObject } from '../json.js';
import { DNS1123_LABEL, DNS1123_SUBDOMAIN, DNS1035_LABEL, SUBDOMAIN_MESSAGE, LABEL_MESSAGE, DNS1035_MESSAGE } from './dns-names.js';

type Obj = Record<string, any>;

/** Kinds whose names are DNS-1123 labels (core/validation: ValidateNamespaceName, ValidateNodeName is a subdomain). */
const LABEL_NAMED_KINDS = new Set(['Namespace']);
/** Kinds whose names are DNS-1035 labels (ValidateServiceName, ValidateReplicationControllerName... use NameIsDNS1035Label for Service). */
const DNS1035_NAMED_KINDS = new Set(['Service']);

/**
 * The `metadata.name` rules of the real API server, per kind: RBAC objects need
 * only a path segment (path.IsValidPathSegmentName: not `.`/`..`, no `/` or `%`),
 * Namespaces a DNS-1123 label, Services a DNS-1035 label, everything else a
 * DNS-1123 subdomain (apimachinery validation.IsDNS1123Subdomain and friends).
 * Each broken rule is one field error, worded as ValidateObjectMeta reports it.
 */
export function validateObjectName(apiVersion: string, kind: string, name: string): FieldError[] {
  const bad = (msg: string): FieldError => ({ field: 'metadata.name', detail: `Invalid value: "${name}": ${msg}` });
  if (name === '') return [{ field: 'metadata.name', detail: 'Required value: name or generateName is required' }];
  if (apiVersion.startsWith('rbac.authorization.k8s.io/')) {
    if (name === '.' || name === '..') return [bad(`may not be '${name}'`)];
    return ['/', '%'].filter((c) => name.includes(c)).map((c) => bad(`may not contain '${c}'`));
  }
  const errors: FieldError[] = [];
  if (DNS1035_NAMED_KINDS.has(kind)) {
    if (name.length > 63) errors.push(bad('must be no more than 63 characters'));
    if (!DNS1035_LABEL.test(name)) errors.push(bad(DNS1035_MESSAGE));
  } else if (LABEL_NAMED_KINDS.has(kind)) {
    if (name.length > 63) errors.push(bad('must be no more than 63 characters'));
    if (!DNS1123_LABEL.test(name)) errors.push(bad(LABEL_MESSAGE));
  } else {
    if (name.length > 253) errors.push(bad('must be no more than 253 characters'));
    if (!DNS1123_SUBDOMAIN.test(name)) errors.push(bad(SUBDOMAIN_MESSAGE));
  }
  return errors;
}

const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const QUALIFIED_NAME_MESSAGE = `must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const LABEL_VALUE_MESSAGE = `a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`;

/** qualifiedNameProblems per key already judged: objects carry the same few label and annotation keys. */
const judgedKeys = new Map<string, readonly string[]>();

/** {@link qualifiedNameProblems}, each key judged once (a pure function: the cache only saves work). */
function keyProblems(key: string): readonly string[] {
  let problems = judgedKeys.get(key);
  if (problems === undefined) {
    if (judgedKeys.size >= 4096) judgedKeys.clear();
    problems = qualifiedNameProblems(key);
    judgedKeys.set(key, problems);
  }
  return problems;
}

/** apimachinery validation.IsQualifiedName: `[prefix/]name`, the prefix a DNS subdomain. */
function qualifiedNameProblems(value: string): string[] {
  const parts = value.split('/');
  if (parts.length > 2) {
    return [`a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`];
  }
  const errs: string[] = [];
  const name = parts.length === 2 ? parts[1]! : parts[0]!;
  if (parts.length === 2) {
    const prefix = parts[0]!;
    if (prefix === '') errs.push('prefix part must be non-empty');
    else {
      if (prefix.length > 253) errs.push('prefix part must be no more than 253 characters');
      if (!DNS1123_SUBDOMAIN.test(prefix)) errs.push(`prefix part ${SUBDOMAIN_MESSAGE}`);
    }
  }
  if (name === '') errs.push('name part must be non-empty');
  else if (name.length > 63) errs.push('name part must be no more than 63 characters');
  if (!QUALIFIED_NAME.test(name)) errs.push(`name part ${QUALIFIED_NAME_MESSAGE}`);
  return errs;
}

/** ValidateLabels and ValidateAnnotations (keys only; annotation keys are checked lower-cased), appended to `errors`. */
export function validateMetaMaps(metadata: Obj | undefined, errors: FieldError[]): void {
  const labels: unknown = metadata?.labels;
  if (labels && typeof labels === 'object') {
    for (const [k, v] of Object.entries(labels)) {
      for (const msg of keyProblems(k)) errors.push({ field: 'metadata.labels', detail: `Invalid value: "${k}": ${msg}` });
      if (typeof v !== 'string') {
        errors.push({ field: `metadata.labels`, detail: `Invalid value: ${JSON.stringify(v)}: label values must be strings` });
        continue;
      }
      const value = v;
      if (value.length > 63) errors.push({ field: 'metadata.labels', detail: `Invalid value: "${value}": must be no more than 63 characters` });
      if (!LABEL_VALUE.test(value)) errors.push({ field: 'metadata.labels', detail: `Invalid value: "${value}": ${LABEL_VALUE_MESSAGE}` });
    }
  }
  const annotations: unknown = metadata?.annotations;
  if (annotations && typeof annotations === 'object') {
    for (const k of Object.keys(annotations)) {
      for (const msg of keyProblems(k.toLowerCase())) errors.push({ field: 'metadata.annotations', detail: `Invalid value: "${k}": ${msg}` });
    }
  }
}

/** Returns an Invalid status when the object breaks a rule, else undefined. */
export function validateObject(object: KubeObject, old?: KubeObject): Status | undefined {
  const errors: FieldError[] = [];
  const name = object.metadata?.name ?? '';
  // Names are immutable, so only a create checks them.
  if (!old) errors.push(...validateObjectName(object.apiVersion, object.kind, name));
  validateMetaMaps(object.metadata as Obj | undefined, errors);
  switch (object.kind) {
    case 'Pod':
      validatePodSpec(object.spec as Obj, 'spec', errors);
      break;
    case 'Deployment':
    case 'ReplicaSet':
      validateWorkload(object as Obj, errors);
      break;
    case 'Service':
      for (const [i, p] of ((object.spec as Obj)?.ports ?? []).entries()) {
        if (typeof p.port !== 'number' || p.port < 1 || p.port > 65535) errors.push({ field: `spec.ports[${i}].port`, detail: `Invalid value: ${p.port}: must be between 1 and 65535, inclusive` });
      }
      break;
    case 'NetworkPolicy':
      validateNetworkPolicySpec(object.spec as Obj | undefined, errors);
      break;
    case 'ValidatingWebhookConfiguration':
    case 'MutatingWebhookConfiguration':
      validateWebhookConfiguration(object as Obj, errors);
      break;
  }
  return errors.length ? invalid(kindLabel(object), name, errors) : undefined;
}

function kindLabel(object: KubeObject): string {
  const group = object.apiVersion.includes('/') ? object.apiVersion.split('/')[0] : '';
  return group ? `${object.kind}.${group}` : object.kind;
}

function validatePodSpec(spec: Obj | undefined, path: string, errors: FieldError[]): void {
  const containers: Obj[] = spec?.containers ?? [];
  if (containers.length === 0) errors.push({ field: `${path}.containers`, detail: 'Required value' });
  const seen = new Set<string>();
  containers.forEach((c, i) => {
    const at = `${path}.containers[${i}]`;
    if (!c.name) errors.push({ field: `${at}.name`, detail: 'Required value' });
    else if (!DNS1123_LABEL.test(c.name)) errors.push({ field: `${at}.name`, detail: `Invalid value: "${c.name}": ${LABEL_MESSAGE}` });
    else if (seen.has(c.name)) errors.push({ field: `${at}.name`, detail: `Duplicate value: "${c.name}"` });
    seen.add(c.name);
    if (!c.image) errors.push({ field: `${at}.image`, detail: 'Required value' });
    for (const [j, p] of (c.ports ?? []).entries()) {
      // validateContainerPorts: a missing (zero) port is Required, an out-of-range one Invalid.
      if (!p.containerPort) errors.push({ field: `${at}.ports[${j}].containerPort`, detail: 'Required value' });
      else if (typeof p.containerPort !== 'number' || p.containerPort < 1 || p.containerPort > 65535) errors.push({ field: `${at}.ports[${j}].containerPort`, detail: `Invalid value: ${p.containerPort}: must be between 1 and 65535, inclusive` });
    }
    validateResourceRequirements(c.resources, `${at}.resources`, errors);
  });
  ((spec?.initContainers ?? []) as Obj[]).forEach((c, i) => validateResourceRequirements(c?.resources, `${path}.initContainers[${i}].resources`, errors));
}

/**
 * ValidateResourceRequirements (pkg/apis/core/validation), its request-against-limit rules: a
 * request above its limit is invalid, and a resource that cannot be overcommitted (an extended
 * resource such as nvidia.com/gpu, or hugepages) needs a limit equal to its request. Requests are
 * taken in the object's key order (Go ranges over the map in random order).
 */
function validateResourceRequirements(resources: unknown, path: string, errors: FieldError[]): void {
  if (!isPlainJsonObject(resources) || !isPlainJsonObject(resources.requests)) return;
  const limits = isPlainJsonObject(resources.limits) ? resources.limits : undefined;
  for (const [name, value] of Object.entries(resources.requests)) {
    const request = quantityOf(value);
    if (request === undefined) continue;
    const overcommit = overcommitAllowed(name);
    if (limits === undefined || !Object.hasOwn(limits, name)) {
      if (!overcommit) errors.push({ field: `${path}.limits`, detail: 'Required value: Limit must be set for non overcommitable resources' });
      continue;
    }
    const limit = quantityOf(limits[name]);
    if (limit === undefined) continue;
    const cmp = compareQuantity(request.parsed, limit.parsed);
    const requestText = `Invalid value: "${request.text}"`;
    if (cmp !== 0 && !overcommit) errors.push({ field: `${path}.requests`, detail: `${requestText}: must be equal to ${name} limit of ${limit.text}` });
    else if (cmp > 0) errors.push({ field: `${path}.requests`, detail: `${requestText}: must be less than or equal to ${name} limit of ${limit.text}` });
  }
}

/** A quantity and its canonical text (Quantity.String()); undefined for what is not one. */
function quantityOf(value: unknown): { parsed: ParsedQuantity; text: string } | undefined {
  const parsed = tryParseQuantityExact(value);
  return parsed && { parsed, text: quantityText(parsed) };
}

/** helper.IsOvercommitAllowed: a native resource (no domain, or kubernetes.io's) that is not hugepages. */
function overcommitAllowed(name: string): boolean {
  const native = !name.includes('/') || name.includes('kubernetes.io/');
  return native && !name.startsWith('hugepages-');
}

/**
 * Replicas one workload may ask for. Not a Kubernetes rule: the simulation runs
 * every pod's lifecycle in-process, so a million replicas would never answer.
 * Refused like a validation error, naming kubedrill so no one takes it for upstream.
 * The same bound as scenario packs (SCENARIO_LIMITS.replicasPerWorkload in src/scenario/validate-limits.ts),
 * which report their own message first; here it guards every create and change (apply -f, scale, patch, edit, set).
 */
export const MAX_REPLICAS = 500;

function validateWorkload(object: Obj, errors: FieldError[]): void {
  const spec = object.spec ?? {};
  if (typeof spec.replicas === 'number' && spec.replicas < 0) errors.push({ field: 'spec.replicas', detail: `Invalid value: ${spec.replicas}: must be greater than or equal to 0` });
  else if (typeof spec.replicas === 'number' && spec.replicas > MAX_REPLICAS) {
    errors.push({ field: 'spec.replicas', detail: `Invalid value: ${spec.replicas}: kubedrill: this simulated cluster allows at most ${MAX_REPLICAS} replicas` });
  }
  const selector: LabelSelector | undefined = spec.selector;
  if (!selector || (Object.keys(selector.matchLabels ?? {}).length === 0 && (selector.matchExpressions ?? []).length === 0)) {
    errors.push({ field: 'spec.selector', detail: 'Required value' });
  } else if (!matchesLabelSelector(selector, spec.template?.metadata?.labels)) {
    const labels = spec.template?.metadata?.labels ?? {};
    const shown = Object.entries(labels).map(([k, v]) => `"${k}":"${v}"`).join(', ');
    errors.push({ field: 'spec.template.metadata.labels', detail: `Invalid value: map[string]string{${shown}}: \`selector\` does not match template \`labels\`` });
  }
  validatePodSpec(spec.template?.spec, 'spec.template.spec', errors);
}
