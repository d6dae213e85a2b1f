/**
 * The one control-sequence sanitiser for everything kubedrill shows: command
 * output in the terminal pane, line mode and `kubedrill exec`, and scenario
 * prose (briefing, hints, explanation). Scenario files and learners' commands
 * (`echo -e '\e]52;...'`) must not reach the real terminal with clipboard
 * writes (OSC 52), title changes, screen clears or cursor moves; kubedrill's
 * own styling is applied after this, by Ink.
 *
 * Sequences follow ECMA-48 as xterm parses them (ctlseqs): CSI `ESC [` params
 * and intermediates up to a final byte 0x40-0x7E; OSC `ESC ]` up to BEL or ST;
 * DCS/SOS/PM/APC (`ESC P`, `ESC X`, `ESC ^`, `ESC _`) up to ST; other escape
 * sequences `ESC` intermediates (0x20-0x2F) then one final byte; their 8-bit
 * C1 forms likewise. An unterminated string sequence runs to the end of the
 * text, as a terminal would swallow it.
 *
 * Kept: `\n` and `\t`. Carriage returns are dropped (CRLF becomes LF; a lone
 * CR would move the cursor over text the pane has already laid out). Other C0
 * controls, DEL and C1 controls are dropped.
 */

// String sequences: OSC / DCS / SOS / PM / APC, 7-bit or 8-bit introducer, ended by BEL (OSC), ST or end of text.
const STRING_SEQUENCE = /(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c|(?=\x1b)|$)/g;
// CSI: parameters 0x30-0x3F, intermediates 0x20-0x2F, final 0x40-0x7E (a truncated one runs to the end).
const CSI_SEQUENCE = /(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*(?:[\x40-\x7e]|$)/g;
// Any other escape sequence: intermediates then one final byte (ESC c resets the terminal, ESC 7 saves the cursor...).
const ESC_SEQUENCE = /\x1b[\x20-\x2f]*[\x30-\x7e]?/g;
// Remaining controls: C0 except \t and \n, DEL, C1.
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
// Cheap pre-check: most output has nothing to strip.
const ANY_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

/** Removes terminal control sequences and control characters, keeping `\n` and `\t`. */
export function stripControlSequences(text: string): string {
  if (!ANY_CONTROL.test(text)) return text;
  return text.replace(STRING_SEQUENCE, '').replace(CSI_SEQUENCE, '').replace(ESC_SEQUENCE, '').replace(CONTROL, '');
}

/** The first control character (other than `\n` and `\t`) in `text`, with its index; undefined when clean. */
export function findControlCharacter(text: string): { index: number; char: string } | undefined {
  const m = ANY_CONTROL.exec(text);
  return m ? { index: m.index, char: m[0] } : undefined;
}

/** Shows control characters as escapes (`\x1b`, `\r`) so a message never carries them raw. */
export function escapeControlCharacters(text: string): string {
  return text.replace(CONTROL, (c) => {
    if (c === '\r') return '\\r';
    return `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });
}

// Every control character, `\n` and `\t` included: a quoted value stays on its message's one line.
const ANY_CONTROL_OR_LINE_BREAK = /[\x00-\x1f\x7f-\x9f]/g;

/**
 * A value from a file quoted for a one-line message, Go `%q` style: `"`, `\`
 * and every control character escaped (`\n`, `\t`, `\r`, else `\x1b`), so a
 * scenario or quiz value can neither drive the terminal nor forge a line.
 */
export function quote(value: unknown): string {
  const escaped = String(value)
    .replace(/["\\]/g, '\\$&')
    .replace(ANY_CONTROL_OR_LINE_BREAK, (c) => {
      if (c === '\n') return '\\n';
      if (c === '\t') return '\\t';
      if (c === '\r') return '\\r';
      return `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
    });
  return `"${escaped}"`;
}
