/**
 * bash's history expansion (`!!`, `!n`, `!-n`, `!prefix`, `!?text?`, `!$`),
 * done on the whole line before it is parsed, as readline's history_expand
 * (lib/readline/histexpand.c) does for bash: single quotes and a backslash
 * protect a `!`; a `!` before a blank, `=`, `(` or the end is literal; the
 * event ends at a blank, `:` or one of bash's history_search_delimiter_chars
 * (`;&()|<>`). Word designators other than `!$` and modifiers are not simulated.
 */

/** The expanded line, or the message bash gives (`!foo: event not found`). */
export type HistoryExpansion = { ok: true; line: string; changed: boolean } | { ok: false; error: string };

/** Characters that end an event name besides blanks and `:` (bash sets history_search_delimiter_chars to these). */
const DELIMITERS = new Set([';', '&', '(', ')', '|', '<', '>']);

/** Characters after `!` that leave it literal (history_no_expand_chars " \t\n\r=", plus `(` for extglob). */
const NO_EXPAND = new Set([' ', '\t', '\n', '\r', '=', '(']);

/**
 * Expands history references in `line` against `history` (oldest first, the
 * line itself not yet in it). Entry numbers are 1-based, as `history` shows them.
 */
export function expandHistory(line: string, history: readonly string[]): HistoryExpansion {
  if (!line.includes('!')) return { ok: true, line, changed: false };
  let out = '';
  let changed = false;
  let single = false;
  let double = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (single) {
      if (c === "'") single = false;
      out += c;
      continue;
    }
    if (c === '\\' && i + 1 < line.length) {
      out += c + line[i + 1];
      i++;
      continue;
    }
    if (c === "'" && !double) single = true;
    if (c === '"') double = !double;
    const next = line[i + 1];
    if (c !== '!' || next === undefined || NO_EXPAND.has(next) || (double && next === '"')) {
      out += c;
      continue;
    }
    const event = readEvent(line, i + 1);
    if (event.spec === '') {
      out += c;
      continue;
    }
    const found = resolveEvent(event.spec, history);
    if (found === undefined) return { ok: false, error: `!${event.spec}: event not found` };
    out += found;
    changed = true;
    i = event.end - 1;
  }
  return { ok: true, line: out, changed };
}

/** The event text after a `!` at `from` and where it ends. */
function readEvent(line: string, from: number): { spec: string; end: number } {
  const first = line[from]!;
  if (first === '!' || first === '$') return { spec: first, end: from + 1 };
  if (first === '?') {
    // `!?text?`: the closing `?` may be left out at the end of the line.
    const close = line.indexOf('?', from + 1);
    const end = close < 0 ? line.length : close + 1;
    return { spec: line.slice(from, end), end };
  }
  let end = from;
  if (line[end] === '-') end++;
  if (/[0-9]/.test(line[end] ?? '')) {
    while (/[0-9]/.test(line[end] ?? '')) end++;
    return { spec: line.slice(from, end), end };
  }
  end = from;
  while (end < line.length) {
    const c = line[end]!;
    if (c === ' ' || c === '\t' || c === ':' || c === '"' || DELIMITERS.has(c)) break;
    end++;
  }
  return { spec: line.slice(from, end), end };
}

/** The history line (or word, for `$`) an event names; undefined when none does. */
function resolveEvent(spec: string, history: readonly string[]): string | undefined {
  if (spec === '!') return history.at(-1);
  if (spec === '$') {
    const last = history.at(-1);
    return last?.trim().split(/\s+/).at(-1);
  }
  if (/^-[0-9]+$/.test(spec)) {
    const back = Number(spec.slice(1));
    return back > 0 && back <= history.length ? history[history.length - back] : undefined;
  }
  if (/^[0-9]+$/.test(spec)) {
    const n = Number(spec);
    return n >= 1 && n <= history.length ? history[n - 1] : undefined;
  }
  if (spec.startsWith('?')) {
    const text = spec.slice(1).replace(/\?$/, '');
    for (let i = history.length - 1; i >= 0; i--) if (history[i]!.includes(text)) return history[i];
    return undefined;
  }
  for (let i = history.length - 1; i >= 0; i--) if (history[i]!.startsWith(spec)) return history[i];
  return undefined;
}
