/**
 * The bytes the API server stores under a key: Kubernetes' protobuf
 * envelope (`k8s\0` then a runtime.Unknown holding the TypeMeta and the
 * object's bytes, k8s.io/apimachinery/pkg/runtime/serializer/protobuf).
 * The object itself is encoded generically (fields numbered in key order,
 * strings as length-delimited bytes, numbers as varints), not with the
 * generated.proto field numbers: what a reader sees is the same mix of
 * readable names and binary that `etcdctl get` prints.
 */

const MAGIC = [0x6b, 0x38, 0x73, 0x00];

/** The stored bytes of `object`. */
export function storedValue(object: { apiVersion?: unknown; kind?: unknown; [field: string]: unknown }): Uint8Array {
  const typeMeta = [...field(1, utf8(String(object.apiVersion ?? ''))), ...field(2, utf8(String(object.kind ?? '')))];
  const raw = message(object, new Set(['apiVersion', 'kind']));
  return Uint8Array.from([...MAGIC, ...field(1, typeMeta), ...field(2, raw), ...field(3, []), ...field(4, [])]);
}

/**
 * How a terminal shows these bytes written to it raw: UTF-8 decoded with
 * U+FFFD for what is not UTF-8, and control characters (other than newline
 * and tab) not drawn. Nothing that could move the cursor or recolour reaches
 * the learner's terminal.
 */
export function terminalText(bytes: Uint8Array): string {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
}

/** etcdctl --hex: every byte as `\xNN` (util.go addHexPrefix). */
export function hexText(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += `\\x${b.toString(16).padStart(2, '0')}`;
  return out;
}

function message(value: Record<string, unknown>, skip?: Set<string>): number[] {
  const out: number[] = [];
  let n = 0;
  for (const [key, v] of Object.entries(value)) {
    n++;
    if (skip?.has(key) || v === undefined || v === null) continue;
    encodeValue(out, n, v);
  }
  return out;
}

function encodeValue(out: number[], n: number, v: unknown): void {
  if (Array.isArray(v)) {
    for (const item of v) encodeValue(out, n, item);
  } else if (typeof v === 'string') out.push(...field(n, utf8(v)));
  else if (typeof v === 'number' || typeof v === 'boolean') out.push(...varint((n << 3) | 0), ...varint(Math.max(0, Math.floor(Number(v)))));
  else if (v && typeof v === 'object') {
    // Maps (labels, annotations) are entries of key and value; structs are nested messages.
    out.push(...field(n, message(v as Record<string, unknown>)));
  }
}

function field(n: number, bytes: readonly number[] | Uint8Array): number[] {
  return [...varint((n << 3) | 2), ...varint(bytes.length), ...bytes];
}

function varint(value: number): number[] {
  const out: number[] = [];
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
  return out;
}

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}
