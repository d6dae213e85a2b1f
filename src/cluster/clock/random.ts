/**
 * The simulation's one seeded random source. Everything that looks random
 * (pod name suffixes, UIDs, container IDs, IPs) comes from here, so the same
 * seed gives the same cluster.
 */
import { flatConcat } from '../flat-string.js';

/** The alphabet Kubernetes uses for generated name suffixes (apimachinery rand.String). */
const KUBE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** Character codes of the lowercase hex digits. */
const HEX_CODES = [...'0123456789abcdef'].map((c) => c.charCodeAt(0));

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

  /** A version-4-shaped UUID. */
  uuid(): string {
    const h = this.hex(32);
    const variant = '89ab'[this.int(4)]!;
    // Joined, not a template literal: a uid lives as long as its object, and a template literal makes a rope (flat-string.ts).
    return flatConcat(h.slice(0, 8), '-', h.slice(8, 12), '-4', h.slice(13, 16), '-', variant, h.slice(17, 20), '-', h.slice(20, 32));
  }
}
