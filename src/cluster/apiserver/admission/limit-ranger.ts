/**
 * LimitRanger: applies a namespace's LimitRange defaults to containers that
 * set no requests or limits, and rejects containers outside its min/max
 * (plugin/pkg/admission/limitranger/admission.go).
 */
import type { AdmissionPlugin } from './types.js';
import { forbiddenMessage } from '../errors.js';
import { parseBytes, parseCpuMilli } from '../../quantity.js';

type Obj = Record<string, any>;

const amount = (resource: string, q: unknown): number => (resource === 'cpu' ? parseCpuMilli(q as string) : parseBytes(q as string));

/** The LimitRanger plugin. */
export const limitRanger: AdmissionPlugin = {
  name: 'LimitRanger',
  operations: ['CREATE'],
  resources: ['pods'],
  admit(req) {
    if (req.operation !== 'CREATE' || req.resource.name !== 'pods' || req.subresource || !req.namespace) return undefined;
    const ranges = req.store.list('limitranges', req.namespace);
    if (ranges.length === 0) return undefined;
    const spec = req.object.spec as Obj;
    const notes: string[] = [];
    for (const range of ranges) {
      for (const limit of ((range.spec as Obj)?.limits ?? []) as Obj[]) {
        if (limit.type !== 'Container') continue;
        for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])] as Obj[]) {
          const resources = (c.resources ??= {});
          for (const [resource, value] of Object.entries((limit.default ?? {}) as Record<string, string>)) {
            resources.limits ??= {};
            if (resources.limits[resource] === undefined) {
              resources.limits[resource] = value;
              notes.push(`${resource} limit for container ${c.name}`);
            }
          }
          for (const [resource, value] of Object.entries((limit.defaultRequest ?? limit.default ?? {}) as Record<string, string>)) {
            resources.requests ??= {};
            if (resources.requests[resource] === undefined) {
              resources.requests[resource] = resources.limits?.[resource] !== undefined && !limit.defaultRequest ? resources.limits[resource] : value;
              notes.push(`${resource} request for container ${c.name}`);
            }
          }
        }
      }
    }
    if (notes.length) {
      req.object.metadata.annotations = { ...(req.object.metadata.annotations ?? {}), 'kubernetes.io/limit-ranger': `LimitRanger plugin set: ${notes.join('; ')}` };
    }
    return undefined;
  },
  validate(req) {
    if (req.operation !== 'CREATE' || req.resource.name !== 'pods' || req.subresource || !req.namespace) return undefined;
    const spec = req.object.spec as Obj;
    for (const range of req.store.list('limitranges', req.namespace)) {
      for (const limit of ((range.spec as Obj)?.limits ?? []) as Obj[]) {
        if (limit.type !== 'Container') continue;
        for (const c of (spec.containers ?? []) as Obj[]) {
          const requests = c.resources?.requests ?? {};
          const limits = c.resources?.limits ?? {};
          for (const [resource, min] of Object.entries((limit.min ?? {}) as Record<string, string>)) {
            const request = requests[resource];
            if (request === undefined) return forbiddenMessage(`pods "${req.name}" is forbidden: minimum ${resource} usage per Container is ${min}.  No request is specified`);
            if (amount(resource, request) < amount(resource, min)) return forbiddenMessage(`pods "${req.name}" is forbidden: minimum ${resource} usage per Container is ${min}, but request is ${request}`);
          }
          for (const [resource, max] of Object.entries((limit.max ?? {}) as Record<string, string>)) {
            const lim = limits[resource];
            if (lim === undefined) return forbiddenMessage(`pods "${req.name}" is forbidden: maximum ${resource} usage per Container is ${max}.  No limit is specified`);
            if (amount(resource, lim) > amount(resource, max)) return forbiddenMessage(`pods "${req.name}" is forbidden: maximum ${resource} usage per Container is ${max}, but limit is ${lim}`);
          }
        }
      }
    }
    return undefined;
  },
};
