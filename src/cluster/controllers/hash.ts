/**
 * The pod-template-hash: FNV-32a over the pod template, then the collision
 * count as 8 little-endian bytes, rendered with apimachinery's
 * rand.SafeEncodeString (pkg/controller/controller_utils.go ComputeHash).
 * Upstream hashes a spew dump of the Go struct; we hash canonical JSON with
 * sorted keys, so the value is deterministic for the same template though not
 * the same digits as a real cluster.
 */

/** apimachinery pkg/util/rand: the alphabet with no vowels and no confusable characters. */
const SAFE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** rand.SafeEncodeString: maps each byte to the safe alphabet. */
export function safeEncodeString(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += SAFE_ALPHABET[s.charCodeAt(i) % SAFE_ALPHABET.length];
  return out;
}

/** FNV-1a 32-bit over bytes. */
export function fnv32a(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (const b of bytes) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** JSON with object keys sorted, so equal templates hash equally. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** controller.ComputeHash(template, collisionCount). */
export function computeHash(template: unknown, collisionCount?: number): string {
  const text = new TextEncoder().encode(canonicalJson(template));
  let bytes = text;
  if (collisionCount !== undefined) {
    bytes = new Uint8Array(text.length + 8);
    bytes.set(text);
    new DataView(bytes.buffer).setUint32(text.length, collisionCount >>> 0, true);
  }
  return safeEncodeString(String(fnv32a(bytes)));
}
