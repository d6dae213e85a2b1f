/**
 * Validation of NetworkPolicy (networking.k8s.io/v1), with the field paths and
 * wording of kubernetes v1.32 pkg/apis/networking/validation/validation.go
 * (ValidateNetworkPolicySpec, ValidateNetworkPolicyPort, ValidateNetworkPolicyPeer,
 * ValidateIPBlock) and apimachinery's ValidateLabelSelector.
 */
import type { FieldError } from './errors.js';
import { parseCidr } from '../ipv4.js';

type Obj = Record<string, any>;

const list = (v: unknown): any[] => (Array.isArray(v) ? v : []);

/** Appends the errors of a NetworkPolicy's spec to `errors`. */
export function validateNetworkPolicySpec(spec: Obj | undefined, errors: FieldError[]): void {
  const s = spec ?? {};
  validateLabelSelector(s.podSelector, 'spec.podSelector', errors);
  for (const [dir, peersKey] of [['ingress', 'from'], ['egress', 'to']] as const) {
    list(s[dir]).forEach((rule: Obj | null, i) => {
      const at = `spec.${dir}[${i}]`;
      list(rule?.ports).forEach((p: Obj | null, j) => validatePort(p ?? {}, `${at}.ports[${j}]`, errors));
      list(rule?.[peersKey]).forEach((peer: Obj | null, j) => validatePeer(peer ?? {}, `${at}.${peersKey}[${j}]`, errors));
    });
  }
  const types = list(s.policyTypes);
  if (types.length > 2) {
    errors.push({ field: 'spec.policyTypes', detail: `Invalid value: ${goStringSlice(types)}: may not specify more than two policyTypes` });
    return;
  }
  types.forEach((t, i) => {
    if (t !== 'Ingress' && t !== 'Egress') errors.push({ field: `spec.policyTypes[${i}]`, detail: `Unsupported value: ${JSON.stringify(t)}: supported values: "Ingress", "Egress"` });
  });
}

/** A []PolicyType as field.Error prints a bad value it has no simpler form for (%#v). */
function goStringSlice(values: unknown[]): string {
  return `[]networking.PolicyType{${values.map((v) => JSON.stringify(String(v))).join(', ')}}`;
}

function validatePort(p: Obj, at: string, errors: FieldError[]): void {
  if (p.protocol !== undefined && p.protocol !== 'TCP' && p.protocol !== 'UDP' && p.protocol !== 'SCTP') {
    errors.push({ field: `${at}.protocol`, detail: `Unsupported value: ${JSON.stringify(p.protocol)}: supported values: "TCP", "UDP", "SCTP"` });
  }
  if (p.port === undefined || p.port === null) {
    if (p.endPort != null) errors.push({ field: `${at}.endPort`, detail: `Invalid value: ${p.endPort}: may not be specified when \`port\` is not specified` });
    return;
  }
  if (typeof p.port === 'number') {
    if (!validPortNumber(p.port)) errors.push({ field: `${at}.port`, detail: `Invalid value: ${p.port}: must be between 1 and 65535, inclusive` });
    if (p.endPort != null) {
      if (p.endPort < p.port) errors.push({ field: `${at}.endPort`, detail: `Invalid value: ${p.endPort}: must be greater than or equal to \`port\`` });
      if (!validPortNumber(p.endPort)) errors.push({ field: `${at}.endPort`, detail: `Invalid value: ${p.endPort}: must be between 1 and 65535, inclusive` });
    }
    return;
  }
  if (p.endPort != null) errors.push({ field: `${at}.endPort`, detail: `Invalid value: ${p.endPort}: may not be specified when \`port\` is non-numeric` });
  for (const msg of portNameProblems(String(p.port))) errors.push({ field: `${at}.port`, detail: `Invalid value: "${p.port}": ${msg}` });
}

const validPortNumber = (n: unknown): boolean => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 65535;

/** apimachinery validation.IsValidPortName (an IANA_SVC_NAME). */
export function portNameProblems(name: string): string[] {
  const errs: string[] = [];
  if (name.length > 15) errs.push('must be no more than 15 characters');
  if (!/^[-a-z0-9]+$/.test(name)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(name)) errs.push('must contain at least one letter (a-z)');
  if (name.includes('--')) errs.push('must not contain consecutive hyphens');
  if (name.startsWith('-') || name.endsWith('-')) errs.push('must not begin or end with a hyphen');
  return errs;
}

function validatePeer(peer: Obj, at: string, errors: FieldError[]): void {
  let peers = 0;
  if (peer.podSelector != null) {
    peers++;
    validateLabelSelector(peer.podSelector, `${at}.podSelector`, errors);
  }
  if (peer.namespaceSelector != null) {
    peers++;
    validateLabelSelector(peer.namespaceSelector, `${at}.namespaceSelector`, errors);
  }
  if (peer.ipBlock != null) {
    peers++;
    validateIPBlock(peer.ipBlock, `${at}.ipBlock`, errors);
  }
  if (peers === 0) errors.push({ field: at, detail: 'Required value: must specify a peer' });
  else if (peers > 1 && peer.ipBlock != null) errors.push({ field: at, detail: 'Forbidden: may not specify both ipBlock and another peer' });
}

function validateIPBlock(block: Obj, at: string, errors: FieldError[]): void {
  const cidrText = typeof block.cidr === 'string' ? block.cidr : '';
  if (cidrText === '') {
    errors.push({ field: `${at}.cidr`, detail: 'Required value' });
    return;
  }
  const cidr = parseCidr(cidrText);
  if (!cidr) {
    errors.push({ field: `${at}.cidr`, detail: `Invalid value: "${cidrText}": not a valid CIDR` });
    return;
  }
  for (const [i, text] of list(block.except).entries()) {
    const except = typeof text === 'string' ? parseCidr(text) : undefined;
    if (!except) {
      errors.push({ field: `${at}.except[${i}]`, detail: `Invalid value: "${text}": not a valid CIDR` });
      return;
    }
    if (!cidrContains(cidr, except.base) || cidr.prefix >= except.prefix) {
      errors.push({ field: `${at}.except[${i}]`, detail: `Invalid value: "${text}": must be a strict subset of \`cidr\`` });
    }
  }
}

/** Is the address `ip` (an unsigned 32-bit number) inside `cidr`? */
export function cidrContains(cidr: { base: number; prefix: number }, ip: number): boolean {
  const mask = cidr.prefix === 0 ? 0 : (~0 << (32 - cidr.prefix)) >>> 0;
  return ((ip & mask) >>> 0) === ((cidr.base & mask) >>> 0);
}

/** apimachinery metav1 validation.ValidateLabelSelector: each matchExpressions entry's operator and values. */
export function validateLabelSelector(selector: Obj | undefined | null, at: string, errors: FieldError[]): void {
  list(selector?.matchExpressions).forEach((e: Obj | null, i) => {
    const path = `${at}.matchExpressions[${i}]`;
    const values = list(e?.values);
    switch (e?.operator) {
      case 'In':
      case 'NotIn':
        if (values.length === 0) errors.push({ field: `${path}.values`, detail: "Required value: must be specified when `operator` is 'In' or 'NotIn'" });
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length > 0) errors.push({ field: `${path}.values`, detail: "Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'" });
        break;
      default:
        errors.push({ field: `${path}.operator`, detail: `Invalid value: "${e?.operator ?? ''}": not a valid selector operator` });
    }
  });
}
