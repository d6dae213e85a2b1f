/**
 * Strategic merge patch, as k8s.io/apimachinery/pkg/util/strategicpatch
 * (patch.go) computes and applies it: the API server merges a patch into an
 * object (StrategicMergeMapPatch), and kubectl apply computes the patch it
 * sends from the last-applied configuration, the manifest and the live
 * object (CreateThreeWayMergePatch). Lists that merge (containers by name,
 * env by name ...) merge item by item, and the directives do the rest:
 * `$patch: delete|replace`, `$retainKeys` (fields a union keeps, such as a
 * Deployment's strategy), `$setElementOrder/<list>` (the order the client
 * wants) and `$deleteFromPrimitiveList/<list>`.
 *
 * Upstream reads each field's strategy from the Go struct tags; here it is
 * looked up by field name ({@link listMeta}), as the server always did.
 * Inputs are never changed: both sides work on copies.
 */
import { copyJson, jsonEqual, TOO_DEEP } from '../json.js';
import { goValueText } from '../go-value-text.js';

export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

const DIRECTIVE = '$patch';
const RETAIN_KEYS = '$retainKeys';
const DELETE_FROM_PRIMITIVE_LIST = '$deleteFromPrimitiveList';
const SET_ELEMENT_ORDER = '$setElementOrder';

/** patchMergeKey of the lists whose patchStrategy is merge (core/v1, apps/v1, admissionregistration/v1 and meta/v1 struct tags), by field name. */
const MERGE_KEYS: Readonly<Record<string, string>> = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  env: 'name',
  ports: 'containerPort',
  volumes: 'name',
  volumeMounts: 'mountPath',
  volumeDevices: 'devicePath',
  conditions: 'type',
  imagePullSecrets: 'name',
  hostAliases: 'ip',
  topologySpreadConstraints: 'topologyKey',
  ownerReferences: 'uid',
  resourceClaims: 'name',
  schedulingGates: 'name',
  webhooks: 'name',
  matchConditions: 'name',
};

/** Lists of scalars whose patchStrategy is merge (ObjectMeta.finalizers): a patch adds to them. */
const MERGING_SCALAR_LISTS = new Set(['finalizers']);

/** Fields tagged retainKeys: DeploymentSpec.strategy; PodSpec.volumes and resourceClaims (merge,retainKeys). */
const RETAIN_KEYS_FIELDS = new Set(['strategy', 'volumes', 'resourceClaims']);

/** A field's patch strategy: whether its list merges (and by which key), and whether it keeps only the keys a patch names. */
interface PatchMeta {
  merge: boolean;
  mergeKey: string;
  retainKeys: boolean;
}

/** The patch metadata of `field`; `items` tell a Service's ports (by `port`) from a container's (by `containerPort`). */
function fieldMeta(field: string, items: readonly Json[] = []): PatchMeta {
  const retainKeys = RETAIN_KEYS_FIELDS.has(field);
  if (MERGING_SCALAR_LISTS.has(field)) return { merge: true, mergeKey: '', retainKeys };
  if (!Object.hasOwn(MERGE_KEYS, field)) return { merge: false, mergeKey: '', retainKeys };
  const servicePorts = field === 'ports' && items.some((p) => isObject(p) && Object.hasOwn(p, 'port') && !Object.hasOwn(p, 'containerPort'));
  return { merge: true, mergeKey: servicePorts ? 'port' : MERGE_KEYS[field], retainKeys };
}

/**
 * A patch the merge refuses (mergepatch's errors). The API server answers
 * 400 for the malformed directives (interpretStrategicMergePatchError) and
 * 500 for the rest, which reach it as plain errors.
 */
export class StrategicPatchError extends Error {
  constructor(
    message: string,
    readonly badRequest = false,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------- applying (server side)

/**
 * StrategicMergeMapPatch: `patch` merged into `target` (neither is changed).
 * Throws {@link StrategicPatchError} for a patch the directives refuse.
 */
export function strategicMergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch as Json)) return clone(patch as Json);
  const original = isObject(target as Json) ? (clone(target as Json) as JsonObject) : {};
  return mergeMap(original, clone(patch as Json) as JsonObject, { mergeParallelList: true, ignoreUnmatchedNulls: true });
}

interface MergeOptions {
  /** Server side: apply the parallel lists ($deleteFromPrimitiveList, $setElementOrder); client side they are kept. */
  mergeParallelList: boolean;
  /** Server side: a null for a field the original lacks is dropped; client side it is kept (an explicit delete). */
  ignoreUnmatchedNulls: boolean;
}

/** mergeMap: merges `patch` into `original`, both owned by the caller (both are changed). */
function mergeMap(original: JsonObject, patch: JsonObject, options: MergeOptions): JsonObject {
  if (Object.hasOwn(patch, DIRECTIVE)) {
    const directive = patch[DIRECTIVE];
    if (directive === 'replace') {
      delete patch[DIRECTIVE];
      return patch;
    }
    if (directive === 'delete') return {};
    throw new StrategicPatchError(`Unknown patch type: ${goValueText(directive)} in map: ${goValueText(patch)}`);
  }
  applyRetainKeys(original, patch, options);
  mergeOrderedLists(original, patch, options);
  for (let key of Object.keys(patch)) {
    const value = patch[key];
    let isDeleteList = false;
    if (key.startsWith(`${DELETE_FROM_PRIMITIVE_LIST}/`)) {
      if (!options.mergeParallelList) {
        setOwn(original, key, value);
        continue;
      }
      key = key.slice(DELETE_FROM_PRIMITIVE_LIST.length + 1);
      isDeleteList = true;
    }
    if (value === null) {
      delete original[key];
      if (options.ignoreUnmatchedNulls) continue;
    }
    if (!Object.hasOwn(original, key)) {
      setOwn(original, key, value);
      continue;
    }
    const current = original[key];
    if (kindOf(current) !== kindOf(value)) {
      setOwn(original, key, value);
      continue;
    }
    if (isObject(current)) setOwn(original, key, mergeMap(current, value as JsonObject, options));
    else if (Array.isArray(current)) {
      const meta = fieldMeta(key, [...current, ...(value as Json[])]);
      setOwn(original, key, meta.merge ? mergeSlice(current, value as Json[], meta.mergeKey, options, isDeleteList) : value);
    } else setOwn(original, key, value);
  }
  return original;
}

/** applyRetainKeysDirective: server side, clears the fields of `original` the patch's $retainKeys leaves out. */
function applyRetainKeys(original: JsonObject, patch: JsonObject, options: MergeOptions): void {
  if (!Object.hasOwn(patch, RETAIN_KEYS)) return;
  const retain = patch[RETAIN_KEYS];
  delete patch[RETAIN_KEYS];
  if (!options.mergeParallelList) {
    if (Object.hasOwn(original, RETAIN_KEYS) && !jsonEqual(original[RETAIN_KEYS], retain)) {
      throw new StrategicPatchError(`${goValueText(original[RETAIN_KEYS])} and ${goValueText(retain)} are not deep equal: this may happen when calculating the 3-way diff patch`);
    }
    setOwn(original, RETAIN_KEYS, retain);
    return;
  }
  if (!Array.isArray(retain)) throw new StrategicPatchError('invalid patch format of retainKeys', true);
  const kept = new Set(retain.map((k) => goValueText(k)));
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || key.startsWith(`${DELETE_FROM_PRIMITIVE_LIST}/`) || key.startsWith(`${SET_ELEMENT_ORDER}/`)) continue;
    if (!kept.has(key)) throw new StrategicPatchError('invalid patch format of retainKeys', true);
  }
  for (const key of Object.keys(original)) if (!kept.has(key)) delete original[key];
}

/**
 * mergePatchIntoOriginal: each `$setElementOrder/<list>` merges that list
 * and orders it (the directive's order, then the patch's, then the live
 * object's); client side the directive moves into `original` and stays.
 */
function mergeOrderedLists(original: JsonObject, patch: JsonObject, options: MergeOptions): void {
  for (const key of Object.keys(patch)) {
    if (!key.startsWith(`${SET_ELEMENT_ORDER}/`)) continue;
    const order = patch[key];
    if (!options.mergeParallelList) {
      if (Object.hasOwn(original, key) && !jsonEqual(original[key], order)) throw new StrategicPatchError('invalid patch format of setElementOrder list', true);
      setOwn(original, key, order);
    }
    delete patch[key];
    if (!Array.isArray(order)) throw new StrategicPatchError('invalid patch format of setElementOrder list', true);
    const listKey = key.slice(SET_ELEMENT_ORDER.length + 1);
    const originalList = Object.hasOwn(original, listKey) ? original[listKey] : undefined;
    const patchList = Object.hasOwn(patch, listKey) ? patch[listKey] : undefined;
    if (originalList !== undefined && !Array.isArray(originalList)) throw new StrategicPatchError('invalid patch format of setElementOrder list', true);
    if (patchList !== undefined && !Array.isArray(patchList)) throw new StrategicPatchError('invalid patch format of setElementOrder list', true);
    if (originalList === undefined && patchList === undefined) continue;
    const kind = elementKind([...(originalList ?? []), ...(patchList ?? [])]);
    if (kind === undefined) continue;
    const meta = fieldMeta(listKey, [...(originalList ?? []), ...(patchList ?? [])]);
    const mergeKey = kind === 'map' ? meta.mergeKey : '';
    const serverOrder = originalList ?? [];
    let merged: Json[];
    if (originalList === undefined) merged = patchList!;
    else if (patchList === undefined) merged = originalList;
    else merged = meta.merge ? mergeSlice(originalList, patchList, meta.mergeKey, options, false) : patchList;
    const [patchItems, serverOnly] = partition(merged, order, mergeKey);
    setOwn(original, listKey, normalizeElementOrder(patchItems, serverOnly, order, serverOrder, mergeKey));
    delete patch[listKey];
  }
}

/** mergeSlice: a merging list; scalars are a set (or, as a $deleteFromPrimitiveList, what to take away), maps merge by `mergeKey`. */
function mergeSlice(original: Json[], patch: Json[], mergeKey: string, options: MergeOptions, isDeleteList: boolean): Json[] {
  if (original.length === 0 && patch.length === 0) return original;
  original = [...original];
  const kind = elementKind([...original, ...patch]);
  if (kind === undefined) return patch;
  let merged: Json[];
  if (kind === 'scalar') {
    if (options.mergeParallelList && isDeleteList) {
      const drop = new Set(patch.map(scalarKey));
      return original.filter((v) => !drop.has(scalarKey(v)));
    }
    merged = deduplicateScalars([...original, ...patch]);
    mergeKey = '';
  } else {
    let replace = false;
    const plain: JsonObject[] = [];
    for (const item of patch as JsonObject[]) {
      if (!Object.hasOwn(item, DIRECTIVE)) plain.push(item);
      else if (item[DIRECTIVE] === 'delete') {
        if (!Object.hasOwn(item, mergeKey)) throw new StrategicPatchError(`map: ${goValueText(item)} does not contain declared merge key: ${mergeKey}`);
        original = original.filter((o) => !sameScalar((o as JsonObject)[mergeKey], item[mergeKey]));
      }
      else if (item[DIRECTIVE] === 'replace') replace = true;
      else if (item[DIRECTIVE] === 'merge') throw new StrategicPatchError('merging lists cannot yet be specified in the patch');
      else throw new StrategicPatchError(`Unknown patch type: ${goValueText(item[DIRECTIVE])} in map: ${goValueText(item)}`);
    }
    if (replace) {
      original = plain;
      patch = [];
    } else patch = plain;
    // Items without their merge key cannot be matched: upstream refuses the patch (ErrNoMergeKey).
    for (const item of [...original, ...patch]) {
      if (!Object.hasOwn(item as JsonObject, mergeKey)) throw new StrategicPatchError(`map: ${goValueText(item)} does not contain declared merge key: ${mergeKey}`);
    }
    merged = [...original];
    for (const item of patch as JsonObject[]) {
      const at = merged.findIndex((o) => sameScalar((o as JsonObject)[mergeKey], item[mergeKey]));
      if (at >= 0) merged[at] = mergeMap(merged[at] as JsonObject, item, options);
      else merged.push(item);
    }
  }
  // The live order is the list's before the patch's new items joined it: those come first (mergeSortedSlice).
  const [patchItems, serverOnly] = partition(merged, patch, mergeKey);
  return normalizeElementOrder(patchItems, serverOnly, patch, original, mergeKey);
}

/** Items of `list` named in `by` (by merge key, or by value for scalars), and the rest. */
function partition(list: Json[], by: Json[], mergeKey: string): [Json[], Json[]] {
  const named: Json[] = [];
  const others: Json[] = [];
  for (const item of list) (indexOf(by, item, mergeKey) >= 0 ? named : others).push(item);
  return [named, others];
}

/** normalizeElementOrder: patch items in the patch's order, server-only items in the live order, interleaved by the live order. */
function normalizeElementOrder(patchItems: Json[], serverOnly: Json[], patchOrder: Json[], serverOrder: Json[], mergeKey: string): Json[] {
  const left = normalizeSliceOrder(serverOnly, serverOrder, mergeKey);
  const right = normalizeSliceOrder(patchItems, patchOrder, mergeKey);
  // mergeSortedSlice: each server-only item goes before the first patch item the live order puts after it.
  const out: Json[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i >= left.length) out.push(right[j++]);
    else if (j >= right.length) out.push(left[i++]);
    else {
      const li = indexOf(serverOrder, left[i], mergeKey);
      const ri = indexOf(serverOrder, right[j], mergeKey);
      if (li >= 0 && ri >= 0 && li < ri) out.push(left[i++]);
      else out.push(right[j++]);
    }
  }
  return out;
}

/** normalizeSliceOrder: sorted (stably) by the position in `order`; `$patch: delete` items last. */
function normalizeSliceOrder(items: Json[], order: Json[], mergeKey: string): Json[] {
  const deletes = mergeKey ? items.filter((v) => isObject(v) && v[DIRECTIVE] === 'delete') : [];
  const rest = mergeKey ? items.filter((v) => !(isObject(v) && v[DIRECTIVE] === 'delete')) : [...items];
  const position = (v: Json): number => {
    const at = indexOf(order, v, mergeKey);
    return at >= 0 ? at : Number.MAX_SAFE_INTEGER;
  };
  const sorted = rest.map((v, at) => ({ v, at, p: position(v) })).sort((a, b) => a.p - b.p || a.at - b.at);
  return [...sorted.map((s) => s.v), ...deletes];
}

/** Index of `item` in `list`, matching maps by their merge key and scalars by value; -1 if absent. */
function indexOf(list: Json[], item: Json, mergeKey: string): number {
  const wanted = mergeKey ? (isObject(item) ? item[mergeKey] : undefined) : item;
  return list.findIndex((v) => sameScalar(mergeKey ? (isObject(v) ? v[mergeKey] : undefined) : v, wanted));
}

// ---------------------------------------------------------------- computing (kubectl's side)

interface DiffOptions {
  setElementOrder: boolean;
  ignoreChangesAndAdditions?: boolean;
  ignoreDeletions?: boolean;
  buildRetainKeys?: boolean;
}

/**
 * CreateThreeWayMergePatch (with overwrite, as kubectl apply calls it): the
 * changes from `current` to `modified` without deletions, plus the deletions
 * from `original` (the last-applied configuration) to `modified`. `{}` when
 * nothing is to change.
 */
export function createThreeWayMergePatch(original: JsonObject | undefined, modified: JsonObject, current: JsonObject): JsonObject {
  const delta = diffMaps(current, modified, { ignoreDeletions: true, setElementOrder: true });
  const deletions = diffMaps(original ?? {}, modified, { setElementOrder: true, ignoreChangesAndAdditions: true });
  return mergeMap(clone(deletions) as JsonObject, clone(delta) as JsonObject, { mergeParallelList: false, ignoreUnmatchedNulls: false });
}

/** CreateTwoWayMergePatch: the patch that turns `original` into `modified`. */
export function createTwoWayMergePatch(original: JsonObject, modified: JsonObject): JsonObject {
  return diffMaps(original, modified, { setElementOrder: true });
}

/** diffMaps: a strategic patch from `original` to `modified` (the options leave out additions or deletions). */
function diffMaps(original: JsonObject, modified: JsonObject, options: DiffOptions): JsonObject {
  const patch: JsonObject = {};
  const retain: Json[] = [];
  for (const key of Object.keys(modified)) {
    const to = modified[key];
    if (options.buildRetainKeys && to !== null) retain.push(key);
    if (!Object.hasOwn(original, key)) {
      if (!options.ignoreChangesAndAdditions) setOwn(patch, key, to);
      continue;
    }
    const from = original[key];
    if (key === DIRECTIVE) {
      if (from !== to) setOwn(patch, DIRECTIVE, to);
      continue;
    }
    if (kindOf(from) !== kindOf(to)) {
      if (!options.ignoreChangesAndAdditions) setOwn(patch, key, to);
      continue;
    }
    if (isObject(from)) {
      const meta = fieldMeta(key);
      const inner = diffMaps(from, to as JsonObject, { ...options, buildRetainKeys: meta.retainKeys });
      if (Object.keys(inner).length > 0) setOwn(patch, key, inner);
    } else if (Array.isArray(from)) diffSlices(key, from, to as Json[], patch, options);
    else if (!options.ignoreChangesAndAdditions && !jsonEqual(from, to)) setOwn(patch, key, to);
  }
  if (!options.ignoreDeletions) for (const key of Object.keys(original)) if (!Object.hasOwn(modified, key)) setOwn(patch, key, null);
  if (retain.length > 0 && (Object.keys(patch).length > 0 || Object.entries(original).some(([k, v]) => v !== null && !Object.hasOwn(modified, k)))) {
    setOwn(patch, RETAIN_KEYS, sortScalars(retain));
  }
  return patch;
}

/** handleSliceDiff: a merging list diffs item by item (with its parallel lists); any other is replaced when it differs. */
function diffSlices(key: string, from: Json[], to: Json[], patch: JsonObject, options: DiffOptions): void {
  const meta = fieldMeta(key, [...from, ...to]);
  const lists = meta.merge ? diffLists(from, to, meta.mergeKey, { ...options, buildRetainKeys: meta.retainKeys }) : undefined;
  if (!lists) {
    if (!options.ignoreChangesAndAdditions && !jsonEqual(from, to)) setOwn(patch, key, to);
    return;
  }
  const [changes, deletions, order] = lists;
  if (changes.length > 0) setOwn(patch, key, changes);
  if (deletions.length > 0) setOwn(patch, `${DELETE_FROM_PRIMITIVE_LIST}/${key}`, deletions);
  if (order.length > 0) setOwn(patch, `${SET_ELEMENT_ORDER}/${key}`, order);
}

/** diffLists: changes (with deletions last, for maps), the scalars to delete, and the $setElementOrder list; undefined for a list that cannot merge. */
function diffLists(from: Json[], to: Json[], mergeKey: string, options: DiffOptions): [Json[], Json[], Json[]] | undefined {
  if (from.length === 0) return to.length === 0 || options.ignoreChangesAndAdditions ? [[], [], []] : [to, [], []];
  const kind = elementKind([...from, ...to]);
  if (kind === undefined) return undefined;
  if (kind === 'map') {
    if (!mergeKey || ![...from, ...to].every((v) => Object.hasOwn(v as JsonObject, mergeKey))) return undefined;
    const [changes, deletions] = diffListsOfMaps(from as JsonObject[], to as JsonObject[], mergeKey, options);
    const patchList = [...normalizeSliceOrder(changes, to, mergeKey), ...deletions];
    const orderSame = from.length === to.length && to.every((v, i) => sameScalar((v as JsonObject)[mergeKey], (from[i] as JsonObject)[mergeKey]));
    const wantOrder = options.setElementOrder && ((!options.ignoreChangesAndAdditions && (patchList.length > 0 || !orderSame)) || (!options.ignoreDeletions && patchList.length > 0));
    const order = wantOrder ? to.map((v) => ({ [mergeKey]: (v as JsonObject)[mergeKey] }) as JsonObject) : [];
    return [patchList, [], order];
  }
  const [additions, deletions] = diffListsOfScalars(from, to, options);
  const wantOrder = options.setElementOrder && ((!options.ignoreDeletions && deletions.length > 0) || (!options.ignoreChangesAndAdditions && !jsonEqual(from, to)));
  return [normalizeSliceOrder(additions, to, ''), deletions, wantOrder ? to : []];
}

/** diffListsOfMaps: both lists sorted by merge key and walked together: changed items (with their key), added items, deletions. */
function diffListsOfMaps(from: JsonObject[], to: JsonObject[], mergeKey: string, options: DiffOptions): [Json[], Json[]] {
  const changes: Json[] = [];
  const deletions: Json[] = [];
  const a = sortByText(from, (v) => goValueText(v[mergeKey]));
  const b = sortByText(to, (v) => goValueText(v[mergeKey]));
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const ka = i < a.length ? goValueText(a[i][mergeKey]) : undefined;
    const kb = j < b.length ? goValueText(b[j][mergeKey]) : undefined;
    if (ka !== undefined && kb !== undefined && ka === kb) {
      const inner = diffMaps(a[i], b[j], options);
      if (Object.keys(inner).length > 0) {
        setOwn(inner, mergeKey, b[j][mergeKey]);
        changes.push(inner);
      }
      i++;
      j++;
    } else if (ka === undefined || (kb !== undefined && ka > kb)) {
      if (!options.ignoreChangesAndAdditions) changes.push(b[j]);
      j++;
    } else {
      if (!options.ignoreDeletions) deletions.push({ [mergeKey]: a[i][mergeKey], [DIRECTIVE]: 'delete' } as JsonObject);
      i++;
    }
  }
  return [changes, deletions];
}

/** diffListsOfScalars: the values added and (deduplicated) removed, comparing their text as upstream does. */
function diffListsOfScalars(from: Json[], to: Json[], options: DiffOptions): [Json[], Json[]] {
  const a = sortScalars([...from]);
  const b = sortScalars([...to]);
  const additions: Json[] = [];
  const deletions: Json[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const sa = i < a.length ? goValueText(a[i]) : undefined;
    const sb = j < b.length ? goValueText(b[j]) : undefined;
    if (sa !== undefined && sb !== undefined && sa === sb) {
      i++;
      j++;
    } else if (sa === undefined || (sb !== undefined && sa > sb)) {
      if (!options.ignoreChangesAndAdditions) additions.push(b[j]);
      j++;
    } else {
      if (!options.ignoreDeletions) deletions.push(a[i]);
      i++;
    }
  }
  return [additions, deduplicateScalars(deletions)];
}

// ---------------------------------------------------------------- helpers

/** The JSON kind Go's reflect.TypeOf tells apart in a decoded document. */
function kindOf(v: Json): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** The kind of a list's items: all maps, all scalars, or undefined (empty, mixed, or lists of lists). */
function elementKind(items: readonly Json[]): 'map' | 'scalar' | undefined {
  if (items.length === 0) return undefined;
  if (items.every((v) => isObject(v))) return 'map';
  if (items.every((v) => v === null || typeof v !== 'object')) return 'scalar';
  return undefined;
}

/** Go's == on the interface values of merge keys and scalars. */
function sameScalar(a: Json | undefined, b: Json | undefined): boolean {
  return a !== undefined && b !== undefined && (a === null || typeof a !== 'object') && a === b;
}

function scalarKey(v: Json): string {
  return `${kindOf(v)}:${String(v)}`;
}

/** deduplicateScalars, in upstream's order (a duplicate's place is taken by the last item). */
function deduplicateScalars(s: Json[]): Json[] {
  s = [...s];
  let length = s.length - 1;
  for (let i = 0; i < length; i++) {
    for (let j = i + 1; j <= length; j++) {
      if (s[i] === s[j]) {
        s[j] = s[length];
        s = s.slice(0, length);
        length--;
        j--;
      }
    }
  }
  return s;
}

/** sortScalars: by their `%v` text. */
function sortScalars(s: Json[]): Json[] {
  return sortByText(s, (v) => goValueText(v));
}

function sortByText<T>(items: readonly T[], text: (v: T) => string): T[] {
  return items
    .map((v) => ({ v, t: text(v) }))
    .sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : 0))
    .map((x) => x.v);
}

function isObject(v: Json | undefined): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Sets an own data property, even for `__proto__` (plain assignment would change the prototype). */
function setOwn(obj: JsonObject, key: string, value: Json): void {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

/** A JSON copy (inputs may be stored objects, which are never changed). */
function clone(v: Json): Json {
  const copy = copyJson(v);
  if (copy === TOO_DEEP) throw new RangeError('exceeded max depth');
  return copy;
}
