/**
 * kubectl's --dry-run (cmdutil.GetDryRunStrategy, with the flag's
 * NoOptDefVal "unchanged"): `client` sends no write and shows what the
 * command would have done to the object it read; `server` sends every write
 * with dryRun=All, so the API server validates and admits it without storing
 * it. A command's result line then ends in ` (dry run)` or ` (server dry run)`
 * (PrintFlags.Complete).
 */
import type { ApiClient, ApiResult, KubeObject, PatchType } from '../../cluster/apiserver/types.js';
import { patchOfType } from '../../cluster/apiserver/patch.js';
import { badRequest } from '../../cluster/apiserver/errors.js';
import { parseGoBool, type FlagValues } from './flags.js';

export type DryRunStrategy = 'none' | 'client' | 'server';

/** The strategy --dry-run names, or GetDryRunStrategy's error. */
export function dryRunStrategy(flags: FlagValues): { ok: true; strategy: DryRunStrategy } | { ok: false; error: string } {
  const value = flags['dry-run'];
  if (value === undefined) return { ok: true, strategy: 'none' };
  const text = String(value);
  const b = parseGoBool(text);
  // A boolean is the deprecated form: true is client, false none. The bare flag is client too.
  if (b !== undefined) return { ok: true, strategy: b ? 'client' : 'none' };
  if (text === 'unchanged' || text === 'client') return { ok: true, strategy: 'client' };
  if (text === 'server' || text === 'none') return { ok: true, strategy: text };
  return { ok: false, error: `Invalid dry-run value (${text}). Must be "none", "server", or "client".` };
}

/** What a result line ends in under `strategy`. */
export function dryRunSuffix(strategy: DryRunStrategy | undefined): string {
  return strategy === 'client' ? ' (dry run)' : strategy === 'server' ? ' (server dry run)' : '';
}

/** `client` wrapped for `strategy`: reads pass; writes are made locally (client) or sent as dry runs (server). */
export function dryRunClient(client: ApiClient, strategy: DryRunStrategy): ApiClient {
  if (strategy === 'none') return client;
  if (strategy === 'server') {
    return {
      ...bound(client),
      create: (resource, namespace, object, options) => client.create(resource, namespace, object, { ...options, dryRun: true }),
      update: (resource, namespace, object, subresource, options) => client.update(resource, namespace, object, subresource, { ...options, dryRun: true }),
      // kubectl sends no status PUT; one would be made locally, as under client.
      updateStatus: (_resource, _namespace, object) => ({ ok: true, value: object }),
      patch: (resource, namespace, name, type, patch, subresource, options) => client.patch(resource, namespace, name, type, patch, subresource, { ...options, dryRun: true }),
      delete: (resource, namespace, name, options) => client.delete(resource, namespace, name, { ...options, dryRun: true }),
    };
  }
  const current = (resource: string, namespace: string | undefined, name: string) => client.get(resource, namespace, name);
  return {
    ...bound(client),
    create: (_resource, _namespace, object) => ({ ok: true, value: object }),
    update: (_resource, _namespace, object) => ({ ok: true, value: object }),
    updateStatus: (_resource, _namespace, object) => ({ ok: true, value: object }),
    patch: (resource, namespace, name, type, patch) => {
      const got = current(resource, namespace, name);
      return got.ok ? patchedLocally(got.value, type, patch) : got;
    },
    delete: (resource, namespace, name) => current(resource, namespace, name),
  };
}

/** The object `patch` makes of `object`, as kubectl's client dry run computes it (getPatchedJSON). */
function patchedLocally(object: KubeObject, type: PatchType, patch: unknown): ApiResult<KubeObject> {
  const r = patchOfType(object, type, patch);
  return r.ok ? { ok: true, value: r.value as unknown as KubeObject } : { ok: false, status: badRequest(r.error) };
}

/** Every method of `client`, bound (so that spreading it keeps the reads). */
function bound(client: ApiClient): ApiClient {
  return {
    get: (...a) => client.get(...a),
    list: (...a) => client.list(...a),
    create: (...a) => client.create(...a),
    update: (...a) => client.update(...a),
    updateStatus: (...a) => client.updateStatus(...a),
    patch: (...a) => client.patch(...a),
    delete: (...a) => client.delete(...a),
    watch: (...a) => client.watch(...a),
    raw: (...a) => client.raw(...a),
    podExec: (...a) => client.podExec(...a),
    podLogs: (...a) => client.podLogs(...a),
  };
}
