/**
 * Turns the resource arguments people type into resources and names, as
 * kubectl's resource builder does (cli-runtime pkg/resource/builder.go
 * ResourceTypeOrNameArgs): `pods`, `po web-1 web-2`, `po/web-1`,
 * `deploy,svc`, `all`, `deployments.apps`.
 */
import { apiVersionOf, resolveResource, type ResourceInfo } from '../../cluster/apiserver/resources.js';
import type { ApiResult, KubeObject, Status } from '../../cluster/apiserver/types.js';
import type { Invocation } from './invocation.js';

/** One resource type with the names asked for ([] = all of them). */
export interface Target {
  readonly info: ResourceInfo;
  readonly names: string[];
}

/** What the arguments resolved to. */
export type Targets = { ok: true; targets: Target[]; named: boolean } | { ok: false; error: string };

/** The `all` category as kubectl expands it for the resources this server serves. */
const ALL_CATEGORY = ['pods', 'services', 'daemonsets', 'deployments', 'replicasets', 'statefulsets'];

/** Resolves one typed resource (`po`, `deploy`, `all`) to resources; undefined when unknown. */
export function resolveTypes(typed: string): ResourceInfo[] | { unknown: string } {
  const out: ResourceInfo[] = [];
  for (const part of typed.split(',')) {
    if (part === '') continue;
    if (part.toLowerCase() === 'all') {
      for (const name of ALL_CATEGORY) out.push(resolveResource(name)!);
      continue;
    }
    const info = resolveResource(part);
    if (!info) return { unknown: part };
    out.push(info);
  }
  return out;
}

/** Parses resource arguments: either `TYPE[,TYPE] [NAME...]` or only `TYPE/NAME` items. */
export function parseTargets(args: readonly string[]): Targets {
  if (args.length === 0) return { ok: true, targets: [], named: false };
  const slashed = args.filter((a) => a.includes('/'));
  if (slashed.length > 0) {
    if (slashed.length !== args.length) {
      return {
        ok: false,
        error: `there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'`,
      };
    }
    const targets: Target[] = [];
    for (const arg of args) {
      const slash = arg.indexOf('/');
      const typed = arg.slice(0, slash);
      const name = arg.slice(slash + 1);
      if (name === '') return { ok: false, error: `arguments in resource/name form must have a single resource and name` };
      const infos = resolveTypes(typed);
      if (!Array.isArray(infos)) return { ok: false, error: `the server doesn't have a resource type "${infos.unknown}"` };
      if (infos.length !== 1) return { ok: false, error: `arguments in resource/name form must have a single resource and name` };
      const last = targets[targets.length - 1];
      if (last && last.info === infos[0]) last.names.push(name);
      else targets.push({ info: infos[0], names: [name] });
    }
    return { ok: true, targets, named: true };
  }
  const infos = resolveTypes(args[0]);
  if (!Array.isArray(infos)) return { ok: false, error: `the server doesn't have a resource type "${infos.unknown}"` };
  const names = args.slice(1);
  // Each type once, in the order typed (kubectl dedups `pods,po`).
  const unique = infos.filter((info, i) => infos.indexOf(info) === i);
  return { ok: true, targets: unique.map((info) => ({ info, names: [...names] })), named: names.length > 0 };
}

/** The namespace a request for `info` goes to: undefined for cluster-scoped kinds and `-A`. */
export function namespaceFor(inv: Invocation, info: ResourceInfo, allNamespaces = false): string | undefined {
  if (!info.namespaced || allNamespaces) return undefined;
  return inv.namespace;
}

/** Lists a resource with the invocation's selectors. */
export function listObjects(inv: Invocation, info: ResourceInfo, allNamespaces: boolean, labelSelector?: string, fieldSelector?: string): ApiResult<KubeObject[]> {
  const r = inv.client.list(info.name, namespaceFor(inv, info, allNamespaces), {
    ...(labelSelector ? { labelSelector } : {}),
    ...(fieldSelector ? { fieldSelector } : {}),
  });
  if (!r.ok) return r;
  // List items carry no apiVersion/kind on the wire in some servers; set them as kubectl's decoder does.
  const items = r.value.items.map((o) => ({ ...o, apiVersion: o.apiVersion ?? r.value.apiVersion, kind: o.kind ?? info.kind }));
  return { ok: true, value: items };
}

/** Objects a mutating verb acts on, with the errors met while fetching them. */
export interface Fetched {
  readonly objects: { info: ResourceInfo; obj: KubeObject }[];
  /** kubectl error lines for names that could not be read. */
  readonly stderr: string;
  readonly failed: boolean;
}

/**
 * Fetches what `TYPE NAME...`, `TYPE/NAME...` or `TYPE -l sel` / `TYPE --all`
 * denote. `statusText` formats a failed request (the verbs share errors.ts).
 * With `requireObject` false (the builder's RequireObject(false), as delete
 * has it) a named object is not read: its name and namespace stand for it.
 */
export function fetchTargets(inv: Invocation, targets: readonly Target[], statusText: (s: Status) => string, options: { selector?: string; all?: boolean; fieldSelector?: string; allNamespaces?: boolean; requireObject?: boolean } = {}): Fetched {
  const objects: { info: ResourceInfo; obj: KubeObject }[] = [];
  let stderr = '';
  let failed = false;
  for (const target of targets) {
    if (target.names.length > 0) {
      for (const name of target.names) {
        if (options.requireObject === false) {
          const namespace = namespaceFor(inv, target.info);
          objects.push({ info: target.info, obj: { apiVersion: apiVersionOf(target.info), kind: target.info.kind, metadata: namespace === undefined ? { name } : { name, namespace } } as KubeObject });
          continue;
        }
        const r = inv.client.get(target.info.name, namespaceFor(inv, target.info), name);
        if (r.ok) objects.push({ info: target.info, obj: r.value });
        else {
          stderr += statusText(r.status);
          failed = true;
        }
      }
    } else if (options.selector !== undefined || options.all || options.fieldSelector !== undefined) {
      const r = listObjects(inv, target.info, options.allNamespaces ?? false, options.selector, options.fieldSelector);
      if (!r.ok) {
        stderr += statusText(r.status);
        failed = true;
      } else for (const obj of r.value) objects.push({ info: target.info, obj });
    }
  }
  return { objects, stderr, failed };
}
