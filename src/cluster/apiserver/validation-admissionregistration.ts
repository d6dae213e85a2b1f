/**
 * Validation of ValidatingWebhookConfiguration and MutatingWebhookConfiguration
 * (admissionregistration.k8s.io/v1), with the field paths and wording of
 * pkg/apis/admissionregistration/validation/validation.go as a v1 create
 * sees them (requireNoSideEffects, requireRecognizedAdmissionReviewVersion
 * and unique webhook names). matchConditions (CEL) are not simulated.
 */
import type { FieldError } from './errors.js';
import { validateLabelSelector } from './validation-networking.js';
import { DNS1123_SUBDOMAIN, DNS1035_LABEL, SUBDOMAIN_MESSAGE, DNS1035_MESSAGE } from './dns-names.js';

type Obj = Record<string, any>;

const list = (v: unknown): any[] => (Array.isArray(v) ? v : []);
const OPERATIONS = ['*', 'CONNECT', 'CREATE', 'DELETE', 'UPDATE'];
const SCOPES = ['*', 'Cluster', 'Namespaced'];
const REVIEW_VERSIONS = ['v1', 'v1beta1'];

/** field.NotSupported's detail: the value, then the supported ones quoted. */
function notSupported(value: unknown, supported: readonly string[]): string {
  return `Unsupported value: ${JSON.stringify(value)}: supported values: ${supported.map((s) => `"${s}"`).join(', ')}`;
}

/** Appends the errors of a webhook configuration's `webhooks` to `errors`. */
export function validateWebhookConfiguration(config: Obj, errors: FieldError[]): void {
  const mutating = config.kind === 'MutatingWebhookConfiguration';
  const names = new Set<string>();
  list(config.webhooks).forEach((hook: Obj | null, i) => {
    const at = `webhooks[${i}]`;
    const h = hook ?? {};
    validateHook(h, at, mutating, errors);
    validateReviewVersions(list(h.admissionReviewVersions), `${at}.admissionReviewVersions`, errors);
    if (typeof h.name === 'string' && h.name !== '') {
      if (names.has(h.name)) errors.push({ field: `${at}.name`, detail: `Duplicate value: "${h.name}"` });
      names.add(h.name);
    }
  });
}

function validateHook(h: Obj, at: string, mutating: boolean, errors: FieldError[]): void {
  // utilvalidation.IsFullyQualifiedName
  const name = typeof h.name === 'string' ? h.name : '';
  if (name === '') errors.push({ field: `${at}.name`, detail: 'Required value' });
  else if (!DNS1123_SUBDOMAIN.test(name) || name.length > 253) errors.push({ field: `${at}.name`, detail: `Invalid value: "${name}": ${SUBDOMAIN_MESSAGE}` });
  else if (name.split('.').length < 3) errors.push({ field: `${at}.name`, detail: `Invalid value: "${name}": should be a domain with at least three segments separated by dots` });
  list(h.rules).forEach((rule: Obj | null, j) => validateRule(rule ?? {}, `${at}.rules[${j}]`, errors));
  if (h.failurePolicy !== undefined && !['Fail', 'Ignore'].includes(h.failurePolicy)) errors.push({ field: `${at}.failurePolicy`, detail: notSupported(h.failurePolicy, ['Fail', 'Ignore']) });
  if (h.matchPolicy !== undefined && !['Equivalent', 'Exact'].includes(h.matchPolicy)) errors.push({ field: `${at}.matchPolicy`, detail: notSupported(h.matchPolicy, ['Equivalent', 'Exact']) });
  if (h.sideEffects === undefined || h.sideEffects === null) errors.push({ field: `${at}.sideEffects`, detail: 'Required value: must specify one of None, NoneOnDryRun' });
  else if (!['None', 'NoneOnDryRun'].includes(h.sideEffects)) errors.push({ field: `${at}.sideEffects`, detail: notSupported(h.sideEffects, ['None', 'NoneOnDryRun']) });
  if (typeof h.timeoutSeconds === 'number' && (h.timeoutSeconds > 30 || h.timeoutSeconds < 1)) errors.push({ field: `${at}.timeoutSeconds`, detail: `Invalid value: ${h.timeoutSeconds}: the timeout value must be between 1 and 30 seconds` });
  if (h.namespaceSelector) validateLabelSelector(h.namespaceSelector, `${at}.namespaceSelector`, errors);
  if (h.objectSelector) validateLabelSelector(h.objectSelector, `${at}.objectSelector`, errors);
  if (mutating && h.reinvocationPolicy !== undefined && !['IfNeeded', 'Never'].includes(h.reinvocationPolicy)) errors.push({ field: `${at}.reinvocationPolicy`, detail: notSupported(h.reinvocationPolicy, ['IfNeeded', 'Never']) });
  const cc: Obj = h.clientConfig ?? {};
  const hasUrl = cc.url !== undefined && cc.url !== null;
  const hasService = cc.service !== undefined && cc.service !== null;
  if (hasUrl === hasService) errors.push({ field: `${at}.clientConfig`, detail: 'Required value: exactly one of url or service is required' });
  else if (hasService) validateService(cc.service, `${at}.clientConfig.service`, errors);
}

/** webhook.ValidateWebhookService: name and namespace required, a port in range, a path that is a clean absolute path. */
function validateService(service: Obj, at: string, errors: FieldError[]): void {
  if (!service.name) errors.push({ field: `${at}.name`, detail: 'Required value: service name is required' });
  if (!service.namespace) errors.push({ field: `${at}.namespace`, detail: 'Required value: service namespace is required' });
  if (typeof service.port === 'number' && (service.port < 1 || service.port > 65535)) errors.push({ field: `${at}.port`, detail: `Invalid value: ${service.port}: port is not valid: must be between 1 and 65535, inclusive` });
  if (typeof service.path === 'string' && service.path !== '' && !service.path.startsWith('/')) errors.push({ field: `${at}.path`, detail: `Invalid value: "${service.path}": must start with a '/'` });
}

function validateRule(rule: Obj, at: string, errors: FieldError[]): void {
  const operations = list(rule.operations);
  if (operations.length === 0) errors.push({ field: `${at}.operations`, detail: 'Required value' });
  operations.forEach((op, k) => {
    if (!OPERATIONS.includes(op)) errors.push({ field: `${at}.operations[${k}]`, detail: notSupported(op, OPERATIONS) });
  });
  if (list(rule.apiGroups).length === 0) errors.push({ field: `${at}.apiGroups`, detail: 'Required value' });
  if (list(rule.apiVersions).length === 0) errors.push({ field: `${at}.apiVersions`, detail: 'Required value' });
  const resources = list(rule.resources);
  if (resources.length === 0) errors.push({ field: `${at}.resources`, detail: 'Required value' });
  resources.forEach((r, k) => {
    if (r === '') errors.push({ field: `${at}.resources[${k}]`, detail: 'Required value' });
  });
  if (rule.scope !== undefined && !SCOPES.includes(rule.scope)) errors.push({ field: `${at}.scope`, detail: notSupported(rule.scope, SCOPES) });
}

/** validateAdmissionReviewVersions: at least one, no duplicates, DNS-1035 labels, one of them understood. */
function validateReviewVersions(versions: unknown[], at: string, errors: FieldError[]): void {
  if (versions.length === 0) {
    errors.push({ field: at, detail: `Required value: must specify one of ${REVIEW_VERSIONS.join(', ')}` });
    return;
  }
  const seen = new Set<unknown>();
  versions.forEach((v, i) => {
    if (seen.has(v)) {
      errors.push({ field: `${at}[${i}]`, detail: `Invalid value: ${JSON.stringify(v)}: duplicate version` });
      return;
    }
    seen.add(v);
    if (typeof v !== 'string' || !DNS1035_LABEL.test(v)) errors.push({ field: `${at}[${i}]`, detail: `Invalid value: ${JSON.stringify(v)}: ${DNS1035_MESSAGE}` });
  });
  if (!versions.some((v) => REVIEW_VERSIONS.includes(v as string))) {
    errors.push({ field: at, detail: `Invalid value: []string{${versions.map((v) => JSON.stringify(String(v))).join(', ')}}: must include at least one of ${REVIEW_VERSIONS.join(', ')}` });
  }
}
