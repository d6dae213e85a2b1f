/**
 * The API server's decoding of a written body into its Go type
 * (handlers/create.go, update.go, patch.go) and what it does with fields the
 * type does not have, by the request's `fieldValidation`:
 * - Strict (kubectl create, apply and replace send it by default): the
 *   request fails, 400 `Pod in version "v1" cannot be handled as a Pod:
 *   strict decoding error: unknown field "spec.bar"` for a create or update;
 *   for a strategic merge patch, 422 `patch: Invalid value: "map[...]":
 *   strict decoding error: ...` with the patch printed as Go's %+v
 *   (patch.go applyPatchToObject);
 * - Warn (the server's default, handlers/rest.go fieldValidation): the
 *   fields are dropped and each named in a warning, which kubectl prints as
 *   `Warning: unknown field "spec.bar"`;
 * - Ignore: they are dropped silently.
 * A Go struct cannot hold an unknown field, so none is ever stored.
 *
 * A value of the wrong JSON type fails decoding whatever the directive.
 * kubectl encodes its body from a map, so keys reach the decoder sorted, and
 * the errors come in that order (the first type error alone).
 *
 * Only bodies of users who are not components are decoded: a component's
 * body is typed by construction (Go structs upstream, this simulation's code
 * here), and decoding each of its writes would cost a warm-up some tenth of
 * its time.
 */
import type { UserInfo } from './authn.js';
import type { FieldValidation, PatchType, Status } from './types.js';
import { badRequest, invalid } from './errors.js';
import { decodeErrorMessage, strictDecodeProblems, type DecodeProblem } from './strict-decode.js';
import { isPlainJsonObject } from '../json.js';
import { goQuote } from '../go-quote.js';
import { goValueText } from '../go-value-text.js';

/** A decoded body (unknown fields dropped) and the warnings to send, or the refusal. */
export type Decoded<T> = { ok: true; body: T; warnings?: readonly string[] } | { ok: false; status: Status };

/** The patch a patched object came from, for the strict error of a patch. */
export interface PatchSource {
  readonly type: PatchType;
  readonly body: unknown;
}

/** Decodes `body` (a create's or update's, or the object a patch made) for `user` under `validation`. */
export function decodeWrite<T>(user: UserInfo, body: T, validation: FieldValidation = 'Warn', patch?: PatchSource): Decoded<T> {
  if (user.name.startsWith('system:') || !isPlainJsonObject(body)) return { ok: true, body };
  const { apiVersion, kind } = body;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return { ok: true, body };
  const problems = strictDecodeProblems(body, apiVersion, kind);
  if (problems.length === 0) return { ok: true, body };
  problems.sort(byPath);
  const wrongType = problems.find((p) => p.type === 'wrong-type');
  if (wrongType) return { ok: false, status: badRequest(decodeErrorMessage(apiVersion, kind, [wrongType])) };
  if (validation === 'Strict') return { ok: false, status: patch ? patchRefusal(patch, body, problems) : badRequest(decodeErrorMessage(apiVersion, kind, problems)) };
  const kept = withoutPaths(body, problems.map((p) => p.path));
  return validation === 'Warn' ? { ok: true, body: kept, warnings: problems.map((p) => p.message) } : { ok: true, body: kept };
}

/**
 * patch.go's strict refusal: a strategic patch as Go prints the map it
 * decoded, a JSON patch's result as JSON. A merge patch is printed as a
 * strategic one: the only writer here that sends one with Strict is kubectl
 * apply, whose three-way patch goes as a merge patch where upstream's goes
 * as a strategic one (`kubectl patch` sends no fieldValidation).
 */
function patchRefusal(patch: PatchSource, patched: unknown, problems: readonly DecodeProblem[]): Status {
  const value = patch.type === 'json' ? JSON.stringify(patched) : goValueText(patch.body);
  return invalid('', '', [{ field: 'patch', detail: `Invalid value: ${goQuote(value)}: strict decoding error: ${problems.map((p) => p.message).join(', ')}` }]);
}

/** Paths in the order of a body whose every map has sorted keys (list indices in order). */
function byPath(a: DecodeProblem, b: DecodeProblem): number {
  const n = Math.min(a.path.length, b.path.length);
  for (let i = 0; i < n; i++) {
    const x = a.path[i];
    const y = b.path[i];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return a.path.length - b.path.length;
}

/** `root` without the fields at `paths`: the containers on each path are copied, the rest shared; `root` is not changed. */
function withoutPaths<T>(root: T, paths: readonly (readonly (string | number)[])[]): T {
  const copies = new Map<object, Record<string | number, unknown>>();
  const copyOf = (v: object): Record<string | number, unknown> => {
    let c = copies.get(v);
    if (c === undefined) copies.set(v, (c = (Array.isArray(v) ? v.slice() : { ...v }) as Record<string | number, unknown>));
    return c;
  };
  const out = copyOf(root as object);
  for (const path of paths) {
    let from = root as Record<string | number, unknown>;
    let to = out;
    for (let i = 0; i < path.length - 1; i++) {
      const next = from[path[i]] as object;
      const copy = copyOf(next);
      to[path[i]] = copy;
      from = next as Record<string | number, unknown>;
      to = copy;
    }
    delete to[path[path.length - 1]];
  }
  return out as T;
}
