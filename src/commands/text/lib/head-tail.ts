/**
 * What head and tail share (coreutils head.c and tail.c): the -n/-c/-NUM
 * count with its sign and multiplier suffix, `==> name <==` headers between
 * several inputs (write_header), and cutting each input by lines that keep
 * their own ending (a last line without a newline stays without one) or by bytes.
 */
import type { CommandContext, ExecResult } from '../../types.js';
import type { ParsedOption } from './getopt.js';
import { quoteValue, readInputs } from './inputs.js';

/** What a head or tail command line asks for. */
export interface CountRequest {
  unit: 'lines' | 'bytes';
  count: number;
  /** The count's sign as written: `-` (head: all but the last N), `+` (tail: from the Nth on) or none. */
  sign: '' | '-' | '+';
  /** -v (true), -q (false), or as the number of inputs decides (undefined). */
  headers: boolean | undefined;
}

/** Reads -n, -c, -NUM, -q and -v (the last count wins); an invalid count answers with the tool's error. */
export function countRequest(tool: string, options: readonly ParsedOption[]): CountRequest | ExecResult {
  const request: CountRequest = { unit: 'lines', count: 10, sign: '', headers: undefined };
  for (const o of options) {
    if (o.key === 'n' || o.key === 'c' || o.key === 'NUM') {
      const raw = o.value ?? '';
      request.unit = o.key === 'c' ? 'bytes' : 'lines';
      request.sign = raw.startsWith('-') ? '-' : raw.startsWith('+') ? '+' : '';
      const n = parseCount(raw.replace(/^[-+]/, ''));
      if (n === undefined) return { stdout: '', stderr: `${tool}: invalid number of ${request.unit}: ${quoteValue(raw)}\n`, exitCode: 1 };
      request.count = n;
    } else if (o.key === 'q') request.headers = false;
    else if (o.key === 'v') request.headers = true;
  }
  return request;
}

/**
 * Prints the part `range(length)` = [start, end) of each input, counted in
 * the request's unit, with headers and "cannot open" errors as head and tail print them.
 */
export function printRanges(tool: string, ctx: CommandContext, operands: readonly string[], request: CountRequest, range: (length: number) => [number, number]): ExecResult {
  const inputs = readInputs(ctx, operands);
  const showHeaders = request.headers ?? inputs.length > 1;
  let stdout = '';
  let stderr = '';
  let first = true;
  for (const input of inputs) {
    if (input.text === undefined) {
      stderr += `${tool}: cannot open '${input.name}' for reading: No such file or directory\n`;
      continue;
    }
    if (showHeaders) stdout += inputHeader(input.name, first);
    first = false;
    if (request.unit === 'bytes') {
      const bytes = Buffer.from(input.text);
      stdout += bytes.subarray(...range(bytes.length)).toString();
    } else {
      const lines = linesWithEndings(input.text);
      stdout += lines.slice(...range(lines.length)).join('');
    }
  }
  return { stdout, stderr, exitCode: stderr ? 1 : 0 };
}

/** Splits text into lines that keep their trailing `\n` (the last may lack it). */
export function linesWithEndings(text: string): string[] {
  return text === '' ? [] : text.split(/(?<=\n)/);
}

/** The header before an input when several are printed (or -v). */
export function inputHeader(name: string, first: boolean): string {
  return `${first ? '' : '\n'}==> ${name === '-' ? 'standard input' : name} <==\n`;
}

/** Parses a coreutils count with an optional multiplier suffix (b, K, M, G, kB, MB...); undefined when invalid. */
export function parseCount(text: string): number | undefined {
  const m = /^([0-9]+)(b|[KMGTPE]i?B?|[kKMGTPE]B)?$/.exec(text);
  if (!m) return undefined;
  const n = Number(m[1]);
  const suffix = m[2];
  if (!suffix) return n;
  if (suffix === 'b') return n * 512;
  const power = 'KMGTPE'.indexOf(suffix[0].toUpperCase()) + 1;
  const base = suffix.endsWith('B') && !suffix.includes('i') ? 1000 : 1024;
  return n * base ** power;
}
