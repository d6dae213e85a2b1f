/**
 * metav1.Status bodies the API server answers with, worded as
 * apimachinery's pkg/api/errors/errors.go builds them.
 */
import { goQuote } from '../go-quote.js';
import type { ApiResult, Status, StatusReason } from './types.js';
import { qualifiedName, type ResourceInfo } from './resources.js';

function status(code: number, reason: StatusReason, message: string, details?: Status['details']): Status {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, ...(details ? { details } : {}), code };
}

/** Wraps a Status as a failed ApiResult. */
export function failure<T>(s: Status): ApiResult<T> {
  return { ok: false, status: s };
}

/** `pods "x" not found` (404). */
export function notFound(info: ResourceInfo, name: string): Status {
  return status(404, 'NotFound', `${qualifiedName(info)} "${name}" not found`, { name, group: info.group, kind: info.name });
}

/** `pods "x" already exists` (409). */
export function alreadyExists(info: ResourceInfo, name: string): Status {
  return status(409, 'AlreadyExists', `${qualifiedName(info)} "${name}" already exists`, { name, group: info.group, kind: info.name });
}

/** Optimistic-concurrency conflict (409). */
export function conflict(info: ResourceInfo, name: string, why: string): Status {
  return status(409, 'Conflict', `Operation cannot be fulfilled on ${qualifiedName(info)} "${name}": ${why}`, { name, group: info.group, kind: info.name });
}

/** One field error of an Invalid status. */
export interface FieldError {
  field: string;
  /** e.g. `Required value`, `Invalid value: "x": must be ...` */
  detail: string;
}

/** field.ErrorType of a detail, as StatusCause.reason (`FieldValueRequired`, ...). */
function causeReason(detail: string): string {
  if (detail.startsWith('Required value')) return 'FieldValueRequired';
  if (detail.startsWith('Duplicate value')) return 'FieldValueDuplicate';
  if (detail.startsWith('Forbidden')) return 'FieldValueForbidden';
  if (detail.startsWith('Unsupported value')) return 'FieldValueNotSupported';
  if (detail.startsWith('Not found')) return 'FieldValueNotFound';
  return 'FieldValueInvalid';
}

/** `Pod "x" is invalid: spec.containers: Required value` (422). */
export function invalid(kind: string, name: string, errors: FieldError[]): Status {
  const parts = errors.map((e) => `${e.field}: ${e.detail}`);
  const list = parts.length === 1 ? parts[0] : `[${parts.join(', ')}]`;
  return status(422, 'Invalid', `${kind} "${name}" is invalid: ${list}`, {
    name,
    kind,
    causes: errors.map((e) => ({ reason: causeReason(e.detail), message: e.detail, field: e.field })),
  });
}

/**
 * RBAC denial (403), worded as apiserver's responsewriters.forbiddenMessage: a
 * subresource shows as `pods/log`; the qualified name before "is forbidden" has none.
 */
export function forbidden(user: string, verb: string, info: ResourceInfo, namespace: string | undefined, name?: string, subresource?: string): Status {
  const resource = subresource ? `${info.name}/${subresource}` : info.name;
  const res = `resource "${resource}" in API group "${info.group}"`;
  const scope = namespace ? ` in the namespace "${namespace}"` : ' at the cluster scope';
  const what = name ? `${qualifiedName(info)} "${name}" is forbidden` : `${qualifiedName(info)} is forbidden`;
  return status(403, 'Forbidden', `${what}: User "${user}" cannot ${verb} ${res}${scope}`, { name, group: info.group, kind: info.name });
}

/** Admission or other policy rejection (403) with a free message. */
export function forbiddenMessage(message: string): Status {
  return status(403, 'Forbidden', message);
}

/** A verb the resource does not serve (405): no such route is installed (`kubectl get bindings`). */
export function methodNotAllowed(): Status {
  return status(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
}

/** Authentication failure (401). */
export function unauthorized(): Status {
  return status(401, 'Unauthorized', 'Unauthorized');
}

/**
 * apierrors.NewGenericServerResponse(422, ...) without causes, as the patch
 * handler answers a JSON patch that does not apply: kubectl prints
 * `The request is invalid: the server rejected our request due to an error in our request`.
 */
export function rejectedRequest(): Status {
  return status(422, 'Invalid', 'the server rejected our request due to an error in our request', {});
}

/** A malformed request (400). */
export function badRequest(message: string): Status {
  return status(400, 'BadRequest', message);
}

/** A watch from a compacted revision: 410 with reason Expired (apierrors.NewResourceExpired). */
export function gone(message: string): Status {
  return status(410, 'Expired', message);
}

/** The resource is not served (404 with no details), as for an unknown path. */
export function notServed(): Status {
  return status(404, 'NotFound', 'the server could not find the requested resource');
}

/** An internal error (500), e.g. a failed proxy to a kubelet. */
export function internalError(message: string): Status {
  return status(500, 'InternalError', message);
}

/** An error of the storage layer that is no Status (etcd's): 500 with no reason and the error's text (ErrorToAPIStatus). */
export function storageError(message: string): Status {
  return status(500, '', message);
}

/** A proxy failure (500 with no reason), as the API server answers when it cannot reach a kubelet. */
export function proxyError(message: string): Status {
  return status(500, '', message);
}

/**
 * A 500 whose body is no Status (a failed health check's text), as
 * client-go reads it (rest.Request.newUnstructuredResponseError: the body
 * capped at 2048 bytes, trimmed when it is text; NewGenericServerResponse:
 * reason InternalError, `an error on the server (%q) has prevented the
 * request from succeeding`). The Status is the client's view: ApiResult
 * carries one.
 */
export function unstructuredServerError(body: string): Status {
  const capped = body.length > MAX_UNSTRUCTURED_BYTES ? body.slice(0, MAX_UNSTRUCTURED_BYTES) : body;
  return status(500, 'InternalError', `an error on the server (${goQuote(capped.trim())}) has prevented the request from succeeding`);
}

/** rest/request.go maxUnstructuredResponseTextBytes. */
const MAX_UNSTRUCTURED_BYTES = 2048;
