/**
 * The API server's decoding of a request body into its Go type, with
 * `fieldValidation=Strict` as kubectl sends it: a field the type does not have
 * is `strict decoding error: unknown field "spec.template.spec.containerz"`
 * (sigs.k8s.io/json, paths with list indices), and a value of the wrong JSON
 * type is encoding/json's `json: cannot unmarshal string into Go struct field
 * ContainerPort.spec.template.spec.containers.ports.containerPort of type
 * int32` (struct of the field, path without indices, Go type of the value).
 * Both are wrapped by apimachinery's codec as `Deployment in version "v1"
 * cannot be handled as a Deployment: ...` (runtime/serializer/versioning).
 *
 * The types are Kubernetes 1.32's (api-types.generated.ts).
 */
import { API_KINDS, API_NAMED, API_SPECIAL, API_STRUCTS } from './api-types.generated.js';
import { QUANTITY_FORMAT_ERROR, tryParseQuantityExact } from '../quantity.js';

/** One decoding problem, at a path into the object (keys and list indices). */
export interface DecodeProblem {
  readonly type: 'unknown-field' | 'wrong-type';
  readonly path: readonly (string | number)[];
  /** The problem as the decoder words it (`unknown field "spec.x"`, `json: cannot unmarshal ...`). */
  readonly message: string;
}

const INT_RANGE: Record<string, [number, number]> = {
  int32: [-2147483648, 2147483647],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  int: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/** Go's reflect name of a type id: `core/v1.Container` → `v1.Container`, `[]core/v1.X` → `[]v1.X`. */
function goName(type: string): string {
  return type.replace(/[\w.-]+\/(v\d\w*)\./g, '$1.');
}

/** The JSON kind encoding/json names in an UnmarshalTypeError (`string`, `number`, `bool`, `array`, `object`). */
function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'boolean') return 'bool';
  return typeof value === 'object' ? 'object' : typeof value;
}

interface Walk {
  readonly problems: DecodeProblem[];
  /** Path with indices (for strict errors and positions). */
  readonly path: (string | number)[];
  /** Struct field names from the root, without indices or map keys (for type errors). */
  readonly fields: string[];
  /** The innermost struct whose field is being decoded. */
  struct: string;
  /** Called for each field a struct has, before its value is decoded. */
  readonly visit?: FieldVisitor;
}

/** A visitor of the known fields of an object: the Go struct (`core/v1.PodSpec`), the field, its value and path. */
export type FieldVisitor = (struct: string, field: string, value: unknown, path: readonly (string | number)[]) => void;

function typeError(w: Walk, value: unknown, type: string, valueText = jsonKind(value)): void {
  const field = w.fields.join('.');
  const where = field === '' ? 'Go value' : `Go struct field ${w.struct}.${field}`;
  w.problems.push({ type: 'wrong-type', path: [...w.path], message: `json: cannot unmarshal ${valueText} into ${where} of type ${goName(type)}` });
}

function decodeValue(w: Walk, value: unknown, type: string): void {
  if (value === null || value === undefined) return;
  const special = API_SPECIAL[type];
  if (special !== undefined) return decodeSpecial(w, value, type, special);
  const named = API_NAMED[type];
  // A named type reports its own name (`v1.Protocol`, `v1.ResourceList`) but decodes as its underlying type.
  if (named !== undefined) return decodeShape(w, value, named, type);
  decodeShape(w, value, type, type);
}

function decodeShape(w: Walk, value: unknown, shape: string, shown: string): void {
  if (shape === 'string') {
    if (typeof value !== 'string') typeError(w, value, shown);
  } else if (shape === 'bool') {
    if (typeof value !== 'boolean') typeError(w, value, shown);
  } else if (INT_RANGE[shape]) {
    const [min, max] = INT_RANGE[shape];
    if (typeof value !== 'number') typeError(w, value, shown);
    else if (!Number.isInteger(value) || value < min || value > max) typeError(w, value, shown, `number ${String(value)}`);
  } else if (shape === 'float64' || shape === 'float32') {
    if (typeof value !== 'number') typeError(w, value, shown);
  } else if (shape === '[]byte') {
    if (typeof value !== 'string') typeError(w, value, shown);
  } else if (shape.startsWith('[]')) {
    if (!Array.isArray(value)) return typeError(w, value, shown);
    const item = shape.slice(2);
    value.forEach((v, i) => {
      w.path.push(i);
      decodeValue(w, v, item);
      w.path.pop();
    });
  } else if (shape.startsWith('map[')) {
    if (typeof value !== 'object' || Array.isArray(value)) return typeError(w, value, shown);
    const elem = shape.slice(shape.indexOf(']') + 1);
    for (const [k, v] of Object.entries(value as object)) {
      w.path.push(k);
      decodeValue(w, v, elem);
      w.path.pop();
    }
  } else {
    decodeStruct(w, value, shape);
  }
}

function decodeStruct(w: Walk, value: unknown, type: string): void {
  const fields = API_STRUCTS[type];
  if (fields === undefined) return;
  if (typeof value !== 'object' || Array.isArray(value)) return typeError(w, value, type);
  const outer = w.struct;
  for (const [key, v] of Object.entries(value as object)) {
    w.path.push(key);
    const fieldType = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (fieldType === undefined) {
      w.problems.push({ type: 'unknown-field', path: [...w.path], message: `unknown field ${JSON.stringify(strictPath(w.path))}` });
    } else {
      w.visit?.(type, key, v, w.path);
      w.fields.push(key);
      w.struct = type.slice(type.lastIndexOf('.') + 1);
      decodeValue(w, v, fieldType);
      w.struct = outer;
      w.fields.pop();
    }
    w.path.pop();
  }
}

function decodeSpecial(w: Walk, value: unknown, type: string, special: string): void {
  switch (special) {
    case 'Quantity':
      // Quantity.UnmarshalJSON parses a string's content, or else the raw JSON text.
      if (tryParseQuantityExact(value) === undefined) {
        w.problems.push({ type: 'wrong-type', path: [...w.path], message: QUANTITY_FORMAT_ERROR });
      }
      return;
    case 'IntOrString':
      // IntOrString.UnmarshalJSON: a JSON string is a string; anything else is decoded as an int32.
      if (typeof value !== 'string') decodeShape(w, value, 'int32', 'int32');
      return;
    case 'Time':
    case 'Duration':
    case 'string':
      if (typeof value !== 'string') typeError(w, value, special === 'string' ? type : 'string');
      return;
    default:
      return;
  }
}

/** sigs.k8s.io/json's path of a field: `spec.containers[0].foo`. */
export function strictPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const seg of path) out += typeof seg === 'number' ? `[${seg}]` : out === '' ? seg : `.${seg}`;
  return out;
}

/** The Go type of a served kind, or undefined when the table does not know it. */
export function kindType(apiVersion: string, kind: string): string | undefined {
  return API_KINDS[`${apiVersion}/${kind}`];
}

/** Every decoding problem of `object` as the Go type of its kind, in document order; [] for an unknown kind. */
export function strictDecodeProblems(object: unknown, apiVersion: string, kind: string): DecodeProblem[] {
  const type = kindType(apiVersion, kind);
  if (type === undefined) return [];
  const w: Walk = { problems: [], path: [], fields: [], struct: type.slice(type.lastIndexOf('.') + 1) };
  decodeStruct(w, object, type);
  return w.problems;
}

/** Calls `visit` for every field of `object` its kind's types know (unknown fields and wrong types are skipped). */
export function visitFields(object: unknown, apiVersion: string, kind: string, visit: FieldVisitor): void {
  const type = kindType(apiVersion, kind);
  if (type === undefined) return;
  decodeStruct({ problems: [], path: [], fields: [], struct: '', visit }, object, type);
}

/** apimachinery's wrapping of a decode error: `Deployment in version "v1" cannot be handled as a Deployment: <error>`. */
export function decodeErrorMessage(apiVersion: string, kind: string, problems: readonly DecodeProblem[]): string {
  const version = apiVersion.slice(apiVersion.lastIndexOf('/') + 1);
  // A type error ends decoding and is reported alone; otherwise every unknown field, joined (sigs.k8s.io/json).
  const typeProblem = problems.find((p) => p.type === 'wrong-type');
  const detail = typeProblem ? typeProblem.message : `strict decoding error: ${problems.map((p) => p.message).join(', ')}`;
  return `${kind} in version "${version}" cannot be handled as a ${kind}: ${detail}`;
}
