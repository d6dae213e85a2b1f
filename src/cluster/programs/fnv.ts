/** A small stable hash for values derived from ids (MACs, interface names, ephemeral ports): the same input, the same number. */

/** FNV-1a, 32 bits (from another offset `basis` to derive a family of hashes). */
export function hash(text: string, basis = 0x811c9dc5): number {
  let h = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
