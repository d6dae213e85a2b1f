/**
 * The simulation's one seeded random source. Everything that looks random
 * (pod name suffixes, UIDs, container IDs, IPs) comes from here, so the same
 * seed gives the same cluster.
 */

/** The alphabet Kubernetes uses for generated name suffixes (apimachinery rand.String). */
const KUBE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** Character codes of the lowercase hex digits. */
const HEX_CODES = [...'0123456789abcdef'].map((c) => c.charCodeAt(0));

/** Where each of a UUID's 32 drawn hex digits goes in its 36 characters (-1: drawn, then replaced). */
const UUID_POSITION = Array.from({ length: 32 }, (_, i) => (i === 12 || i === 16 ? -1 : i < 8 ? i : i < 12 ? i + 1 : i < 16 ? i + 2 : i < 20 ? i + 3 : i + 4));

/** Character codes of a UUID being made: the dashes and version digit stay; the rest is overwritten per UUID. */
const UUID_CODES = [...'00000000-0000-4000-0000-000000000000'].map((c) => c.charCodeAt(0));

/** Character codes of the UUID variant digits. */
const VARIANT_CODES = [...'89ab'].map((c) => c.charCodeAt(0));

/** A seeded pseudo-random generator (mulberry32). */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** A generated-name suffix like `x7k2p`. */
  kubeSuffix(length = 5): string {
    let s = '';
    for (let i = 0; i < length; i++) s += KUBE_ALPHABET[this.int(KUBE_ALPHABET.length)];
    return s;
  }

  /** Lowercase hex digits. */
  hex(length: number): string {
    // One flat string: appending character by character builds a rope of some 30 bytes per character
    // that lives as long as the id (a container id is 64 characters: ~2 KB instead of ~80 bytes).
    const codes = new Array<number>(length);
    for (let i = 0; i < length; i++) codes[i] = HEX_CODES[this.int(16)]!;
    return String.fromCharCode(...codes);
  }

  /**
   * A version-4-shaped UUID: 32 random hex digits (the 13th and 17th drawn but
   * replaced by the version `4` and the variant, drawn last), as one flat string
   * made in one step (a uid lives as long as its object; flat-string.ts).
   */
  uuid(): string {
    const codes = UUID_CODES;
    for (let i = 0; i < 32; i++) {
      const digit = HEX_CODES[this.int(16)]!;
      const at = UUID_POSITION[i]!;
      if (at >= 0) codes[at] = digit;
    }
    codes[19] = VARIANT_CODES[this.int(4)]!;
    return String.fromCharCode.apply(undefined, codes);
  }
}
