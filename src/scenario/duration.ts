/**
 * Duration strings of the scenario format: one or more `<integer><unit>` parts
 * with units in descending order, each at most once, e.g. `90s`, `10m`, `6h`,
 * `45d`, `1h30m`, `2d3h`. Units: `d` (24h), `h`, `m`, `s`.
 */

const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000 } as const;
const UNIT_ORDER = ['d', 'h', 'm', 's'] as const;

/** What a duration must look like, for error messages and the JSON Schema. */
export const DURATION_HINT = 'a duration like 90s, 10m, 6h, 45d, 1h30m or 2d3h';

/** The regular expression a duration string matches (used for the JSON Schema `pattern`). */
export const DURATION_PATTERN = '^(?:\\d+d)?(?:\\d+h)?(?:\\d+m)?(?:\\d+s)?$';

/**
 * Explains why `text` is not a valid duration, or returns undefined when it is.
 * Used by the schema (as a refinement) and by `parseDuration`.
 */
export function durationProblem(text: string): string | undefined {
  if (text.trim() === '') return `empty duration; expected ${DURATION_HINT}`;
  const parts = text.match(/\d+[a-zA-Z]+|[^\d]+|\d+$/g) ?? [];
  let lastUnit = -1;
  for (const part of parts) {
    const m = /^(\d+)([a-zA-Z]+)$/.exec(part);
    if (!m) {
      if (/^\d+$/.test(part)) return `invalid duration "${text}": "${part}" has no unit (s, m, h or d)`;
      return `invalid duration "${text}": expected ${DURATION_HINT}`;
    }
    const unit = m[2] as string;
    const index = UNIT_ORDER.indexOf(unit as (typeof UNIT_ORDER)[number]);
    if (index < 0) return `invalid duration "${text}": unknown unit "${unit}" (use s, m, h or d)`;
    if (index <= lastUnit) return `invalid duration "${text}": units must appear once each, largest first (e.g. 1h30m)`;
    lastUnit = index;
  }
  return undefined;
}

/**
 * Parses a duration string into milliseconds.
 * @throws Error with a human message (never a stack-worthy one) when the text is not a duration.
 */
export function parseDuration(text: string): number {
  const problem = durationProblem(text);
  if (problem !== undefined) throw new Error(problem);
  let ms = 0;
  for (const m of text.matchAll(/(\d+)([dhms])/g)) {
    ms += Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
  }
  return ms;
}
