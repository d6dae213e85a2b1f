/**
 * `kubectl create configmap NAME [--from-literal=k=v] [--from-file=[key=]path]
 * [--from-env-file=path]` and `kubectl create secret generic NAME …` as
 * kubectl 1.32 builds them (pkg/cmd/create/create_configmap.go,
 * create_secret.go): keys from literals, file base names or `key=` prefixes,
 * env files' `KEY=value` lines; each key checked as the API server will
 * (IsConfigMapKey), a repeated key refused, a Secret's values base64-encoded.
 * Files are read from the host the shell is on.
 */
import type { KubeObject } from '../../cluster/apiserver/types.js';
import type { ExecResult } from '../types.js';
import { validationOptions } from './field-validation.js';
import type { Invocation } from './invocation.js';
import { kindName } from './invocation.js';
import { arr, bool, str } from './flags.js';
import { errorResult, statusMessage } from './errors.js';
import { readHostFile } from '../text/lib/file-access.js';
import { toYaml } from '../../cluster/go-yaml/yaml.js';
import { dryRunSuffix } from './dry-run.js';
import { toCompactJson, toJson } from './output/json.js';
import { typedKeyOrder } from './output/typed-order.js';
import { LAST_APPLIED } from './apply.js';
import { resultPrinter } from './print-result.js';

/** apimachinery validation IsConfigMapKey: `[-._a-zA-Z0-9]+`, at most 253 characters, not `.` or `..`. */
function keyProblem(key: string): string | undefined {
  if (key.length > 253) return 'must be no more than 253 characters';
  if (!/^[-._a-zA-Z0-9]+$/.test(key)) return "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')";
  if (key === '.') return "must not be '.'";
  if (key === '..') return "must not be '..'";
  if (key.startsWith('..')) return "must not start with '..'";
  return undefined;
}

/** The data of the sources named by the flags, in the order kubectl adds them (literals, files, env files), or kubectl's error. */
function collectData(inv: Invocation, kind: 'ConfigMap' | 'Secret', name: string): { ok: true; data: Map<string, string> } | { ok: false; error: string } {
  const data = new Map<string, string>();
  const add = (key: string, value: string): string | undefined => {
    const problem = keyProblem(key);
    // create_configmap.go and create_secret.go word these two differently (checked against kubectl 1.32.4).
    if (problem) return kind === 'ConfigMap' ? `${JSON.stringify(key)} is not a valid key name for a ConfigMap: ${problem}` : `${JSON.stringify(key)} is not valid key name for a Secret ${problem}`;
    if (data.has(key)) return kind === 'ConfigMap' ? `cannot add key ${JSON.stringify(key)}, another key by that name already exists in Data for ConfigMap ${JSON.stringify(name)}` : `cannot add key ${key}, another key by that name already exists`;
    data.set(key, value);
    return undefined;
  };
  for (const literal of arr(inv.flags, 'from-literal')) {
    const eq = literal.indexOf('=');
    // util.ParseLiteralSource: the first '=' splits; a missing key or '=' is refused.
    if (eq <= 0) return { ok: false, error: `invalid literal source ${literal}, expected key=value` };
    const problem = add(literal.slice(0, eq), literal.slice(eq + 1).replace(/^"(.*)"$/s, '$1').replace(/^'(.*)'$/s, '$1'));
    if (problem) return { ok: false, error: problem };
  }
  for (const source of arr(inv.flags, 'from-file')) {
    const eq = source.indexOf('=');
    const path = eq >= 0 ? source.slice(eq + 1) : source;
    const key = eq >= 0 ? source.slice(0, eq) : path.slice(path.lastIndexOf('/') + 1);
    if (eq === 0) return { ok: false, error: `key names or file paths cannot contain '='` };
    const text = readHostFile(inv.ctx, path);
    if (text === undefined) return { ok: false, error: `error reading ${path}: no such file or directory` };
    const problem = add(key, text);
    if (problem) return { ok: false, error: problem };
  }
  for (const path of arr(inv.flags, 'from-env-file')) {
    const text = readHostFile(inv.ctx, path);
    if (text === undefined) return { ok: false, error: `error reading ${path}: no such file or directory` };
    for (const raw of text.split('\n')) {
      const line = raw.replace(/^\uFEFF/, '').trimStart();
      if (line === '' || line.startsWith('#')) continue;
      const eq = line.indexOf('=');
      // A line that is only a key takes its value from kubectl's own environment (skipped when unset).
      const key = eq < 0 ? line.trimEnd() : line.slice(0, eq);
      const value = eq < 0 ? inv.ctx.env[key] : line.slice(eq + 1);
      if (value === undefined) continue;
      const problem = add(key, value);
      if (problem) return { ok: false, error: problem };
    }
  }
  return { ok: true, data };
}

/**
 * A client-built object as kubectl 1.32 prints it: its ObjectMeta, and a pod
 * template's, carry the zero creationTimestamp, which encodes as null.
 */
export function withNullCreationTimestamps(obj: KubeObject): KubeObject {
  const out: Record<string, any> = { ...obj, metadata: { creationTimestamp: null, ...obj.metadata } };
  const spec = out.spec as Record<string, any> | undefined;
  if (spec?.template && typeof spec.template === 'object') out.spec = { ...spec, template: { ...spec.template, metadata: { creationTimestamp: null, ...(spec.template.metadata ?? {}) } } };
  return out as KubeObject;
}

/**
 * Creates the object, or prints it with `--dry-run=client`. `what` names it
 * in the error kubectl wraps (`failed to create deployment: ...`); without it
 * the server's error is printed as it came (create namespace).
 */
export function createOrPrint(inv: Invocation, resource: string, what: string | undefined, obj: KubeObject, operation = 'created'): ExecResult {
  const validation = validationOptions(inv);
  if (!validation.ok) return errorResult(validation.error);
  const output = str(inv.flags, 'output');
  const printer = resultPrinter(inv);
  if (!printer.ok) return errorResult(printer.error);
  const print = (o: KubeObject): ExecResult | undefined => {
    if (!printer.print) return undefined;
    const r = printer.print([o]);
    return { stdout: r.stdout, stderr: r.stderr, exitCode: r.failed ? 1 : 0 };
  };
  // --save-config: the typed object kubectl built, encoded, as its last-applied configuration (util.CreateOrUpdateAnnotation).
  if (bool(inv.flags, 'save-config')) {
    const typed = withNullCreationTimestamps(obj);
    obj = { ...obj, metadata: { ...obj.metadata, annotations: { ...(obj.metadata.annotations ?? {}), [LAST_APPLIED]: `${toCompactJson(typed, typedKeyOrder(typed))}\n` } } };
  }
  if (inv.dryRun === 'client') {
    // The printed object is the client-built one: kubectl 1.32 shows each zero creationTimestamp as null.
    const printed = withNullCreationTimestamps(obj);
    if (output === 'yaml') return { stdout: toYaml(printed), stderr: '', exitCode: 0 };
    if (output === 'json') return { stdout: toJson(printed, typedKeyOrder(printed)), stderr: '', exitCode: 0 };
    return print(printed as KubeObject) ?? { stdout: `${kindName(obj)} ${operation} (dry run)\n`, stderr: '', exitCode: 0 };
  }
  const r = inv.client.create(resource, inv.namespace, obj);
  if (!r.ok) {
    if (what === undefined || r.status.reason === 'Invalid' || r.status.code === 401) return { stdout: '', stderr: statusMessage(r.status), exitCode: 1 };
    return errorResult(`failed to create ${what}: ${r.status.message}`);
  }
  return print(r.value) ?? { stdout: `${kindName(r.value)} ${operation}${dryRunSuffix(inv.dryRun)}\n`, stderr: '', exitCode: 0 };
}

/** Runs `kubectl create configmap`. */
export function runCreateConfigMap(inv: Invocation): ExecResult {
  if (inv.args.length !== 1) return { stdout: '', stderr: `error: exactly one NAME is required, got ${inv.args.length}\nSee 'kubectl create configmap -h' for help and examples\n`, exitCode: 1 };
  const name = inv.args[0];
  const collected = collectData(inv, 'ConfigMap', name);
  if (!collected.ok) return errorResult(collected.error);
  const data: Record<string, string> = Object.create(null);
  for (const [k, v] of collected.data) data[k] = v;
  const obj = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...(inv.set.has('namespace') ? { namespace: inv.namespace } : {}) }, ...(collected.data.size ? { data: { ...data } } : {}) };
  return createOrPrint(inv, 'configmaps', 'configmap', obj as unknown as KubeObject);
}

/** `kubectl create secret` without its type (create_secret.go NewCmdCreateSecret's help). */
const SECRET_HELP = `Create a secret with specified type.

 A docker-registry type secret is for accessing a container registry.

 A generic type secret indicate an Opaque secret type.

 A tls type secret holds TLS certificate and its associated key.

Available Commands:
  docker-registry   Create a secret for use with a Docker registry
  generic           Create a secret from a local file, directory, or literal value
  tls               Create a TLS secret

Usage:
  kubectl create secret (docker-registry | generic | tls) [options]

Use "kubectl create secret <command> --help" for more information about a given command.
Use "kubectl options" for a list of global command-line options (applies to all commands).
`;

/** Runs `kubectl create secret generic` (the other secret types are not simulated). */
export function runCreateSecret(inv: Invocation): ExecResult {
  const [type, ...rest] = inv.args;
  if (type === undefined) return { stdout: '', stderr: SECRET_HELP, exitCode: 1 };
  if (type === 'docker-registry' || type === 'tls') return { stdout: '', stderr: `error: "kubectl create secret ${type}" is not available in this simulator\n`, exitCode: 1 };
  if (type !== 'generic') return { stdout: '', stderr: `error: unknown command "${type}" for "kubectl create secret"\nRun 'kubectl create secret --help' for usage.\n`, exitCode: 1 };
  if (rest.length !== 1) return { stdout: '', stderr: `error: exactly one NAME is required, got ${rest.length}\nSee 'kubectl create secret generic -h' for help and examples\n`, exitCode: 1 };
  const name = rest[0];
  const collected = collectData(inv, 'Secret', name);
  if (!collected.ok) return errorResult(collected.error);
  const data: Record<string, string> = Object.create(null);
  for (const [k, v] of collected.data) data[k] = Buffer.from(v, 'utf8').toString('base64');
  const obj = { apiVersion: 'v1', kind: 'Secret', metadata: { name, ...(inv.set.has('namespace') ? { namespace: inv.namespace } : {}) }, ...(collected.data.size ? { data: { ...data } } : {}), ...(str(inv.flags, 'type') ? { type: str(inv.flags, 'type') } : {}) };
  return createOrPrint(inv, 'secrets', 'secret', obj as unknown as KubeObject);
}
