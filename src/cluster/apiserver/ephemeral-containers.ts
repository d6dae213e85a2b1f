/**
 * The pods/ephemeralcontainers subresource: a write there changes only
 * `spec.ephemeralContainers` (pkg/registry/core/pod/strategy.go
 * dropNonEphemeralContainerUpdates), and is judged by
 * ValidatePodEphemeralContainersUpdate (pkg/apis/core/validation): each
 * ephemeral container valid on its own (validateEphemeralContainers: a name
 * unique across every container of the pod, an image, a target that is one
 * of the pod's own containers, none of the fields that would make it part of
 * the workload), static pods refused, and existing ones neither removed nor
 * changed.
 */
import type { KubeObject, Status } from './types.js';
import { invalid, type FieldError } from './errors.js';
import { applyDefaults } from './defaults.js';
import { jsonEqual } from '../json.js';

type Obj = Record<string, any>;

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** The annotation the kubelet puts on a static pod's mirror pod. */
const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';

/** Fields an ephemeral container may not set (validation.go allowedEphemeralContainerFields: every other one). */
const NOT_ALLOWED = ['ports', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle', 'resizePolicy', 'restartPolicy'];

/**
 * The pod `old` becomes when `requested` is written to its ephemeralcontainers
 * subresource (a new object; `old` is not changed), or the 422 that refuses it.
 */
export function withEphemeralContainers(old: KubeObject, requested: KubeObject): { ok: true; object: KubeObject } | { ok: false; status: Status } {
  const wanted = (requested.spec as Obj | undefined)?.ephemeralContainers;
  const spec: Obj = { ...(old.spec as Obj) };
  if (Array.isArray(wanted) && wanted.length) spec.ephemeralContainers = wanted.map((c) => (c !== null && typeof c === 'object' ? c : {}));
  else delete spec.ephemeralContainers;
  const object: KubeObject = { ...old, metadata: { ...old.metadata }, spec };
  applyDefaults(object);
  const name = old.metadata.name ?? '';
  const errors = validateEphemeralContainers(spec);
  // validation.go: static pods don't support ephemeral containers (#113935); this error stands alone.
  if (old.metadata.annotations?.[MIRROR_POD_ANNOTATION] !== undefined) return { ok: false, status: invalid('Pod', name, [{ field: '', detail: 'Forbidden: static pods do not support ephemeral containers' }]) };
  const now = new Map<string, Obj>(((spec.ephemeralContainers ?? []) as Obj[]).map((c) => [c.name, c]));
  for (const before of ((old.spec as Obj).ephemeralContainers ?? []) as Obj[]) {
    const after = now.get(before.name);
    // Upstream appends cmp.Diff of the two containers to "may not be changed"; the simulation leaves the diff out.
    if (!after) errors.push({ field: 'spec.ephemeralContainers', detail: `Forbidden: existing ephemeral containers "${before.name}" may not be removed\n` });
    else if (!jsonEqual(before, after)) errors.push({ field: 'spec.ephemeralContainers', detail: `Forbidden: existing ephemeral containers "${before.name}" may not be changed\n` });
  }
  if (errors.length) return { ok: false, status: invalid('Pod', name, errors) };
  return { ok: true, object };
}

/** validation.go validateEphemeralContainers (the parts a debugging container can get wrong). */
function validateEphemeralContainers(spec: Obj): FieldError[] {
  const errors: FieldError[] = [];
  const others = new Set<string>([...(spec.containers ?? []), ...(spec.initContainers ?? [])].map((c: Obj) => c.name));
  const all = new Set(others);
  const volumes = new Set<string>((spec.volumes ?? []).map((v: Obj) => v.name));
  ((spec.ephemeralContainers ?? []) as Obj[]).forEach((ec, i) => {
    const at = `spec.ephemeralContainers[${i}]`;
    // validateContainerCommon: the name, the image, the volume mounts.
    if (!ec.name) errors.push({ field: `${at}.name`, detail: 'Required value' });
    else if (typeof ec.name !== 'string' || !DNS1123_LABEL.test(ec.name) || ec.name.length > 63) {
      errors.push({ field: `${at}.name`, detail: `Invalid value: "${String(ec.name)}": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')` });
    }
    if (!ec.image) errors.push({ field: `${at}.image`, detail: 'Required value' });
    for (const [j, m] of ((ec.volumeMounts ?? []) as Obj[]).entries()) if (!volumes.has(m.name)) errors.push({ field: `${at}.volumeMounts[${j}].name`, detail: `Not found: "${String(m.name)}"` });
    if (all.has(ec.name)) errors.push({ field: `${at}.name`, detail: `Duplicate value: "${ec.name}"` });
    else all.add(ec.name);
    if (ec.targetContainerName && !others.has(ec.targetContainerName)) errors.push({ field: `${at}.targetContainerName`, detail: `Not found: "${ec.targetContainerName}"` });
    for (const field of NOT_ALLOWED) if (ec[field] !== undefined && ec[field] !== null) errors.push({ field: `${at}.${field}`, detail: 'Forbidden: cannot be set for an Ephemeral Container' });
    const resources = ec.resources as Obj | undefined;
    if (resources && Object.keys(resources).some((k) => resources[k] !== undefined && resources[k] !== null && !(typeof resources[k] === 'object' && Object.keys(resources[k]).length === 0))) {
      errors.push({ field: `${at}.resources`, detail: 'Forbidden: cannot be set for an Ephemeral Container' });
    }
  });
  return errors;
}
