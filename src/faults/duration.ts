/** Durations in fault parameters (`90s`, `1m45s`, `2h`), in ms. */

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Parses a Go-style duration such as `1m45s`; 0 for an empty string. */
export function parseFaultDuration(text: string): number {
  let total = 0;
  for (const m of text.matchAll(/(\d+)(ms|s|m|h)/g)) total += Number(m[1]) * UNIT_MS[m[2]];
  return total;
}
