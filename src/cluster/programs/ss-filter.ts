/**
 * ss's state names (misc/ss.c scan_state) and the filter expressions of
 * misc/ssfilter.y it is most often given: `sport`/`dport` with a comparison
 * (`=`, `!=`, `<`, `>`, `<=`, `>=` and their word forms) against `:PORT`,
 * `src`/`dst` against an address, prefix or `ADDR:PORT`, combined with
 * `and`, `or`, `not` and parentheses (juxtaposition is `and`).
 */
import type { Socket } from './netns.js';
import { parseIPv4 } from '../ipv4.js';

/** The TCP states ss knows, by its display name (sstate_name). */
export const ALL_STATES = ['ESTAB', 'SYN-SENT', 'SYN-RECV', 'FIN-WAIT-1', 'FIN-WAIT-2', 'TIME-WAIT', 'UNCONN', 'CLOSE-WAIT', 'LAST-ACK', 'LISTEN', 'CLOSING'] as const;
/** A state's display name. */
export type SockState = (typeof ALL_STATES)[number];

/** scan_state's single-state names (Maps throughout: the keys come from the command line). */
const LONG_NAMES = new Map<string, SockState>([
  ['established', 'ESTAB'], ['syn-sent', 'SYN-SENT'], ['syn-recv', 'SYN-RECV'], ['syn-rcv', 'SYN-RECV'], ['fin-wait-1', 'FIN-WAIT-1'], ['fin-wait-2', 'FIN-WAIT-2'], ['time-wait', 'TIME-WAIT'],
  ['unconnected', 'UNCONN'], ['close', 'UNCONN'], ['closed', 'UNCONN'], ['close-wait', 'CLOSE-WAIT'], ['last-ack', 'LAST-ACK'], ['listening', 'LISTEN'], ['closing', 'CLOSING'],
]);

const without = (...names: SockState[]): SockState[] => ALL_STATES.filter((s) => !names.includes(s));

/** The states a name selects (scan_state), or undefined for a wrong name. */
export function scanState(name: string): readonly SockState[] | undefined {
  const n = name.toLowerCase();
  if (n === 'all') return ALL_STATES;
  if (n === 'connected') return without('UNCONN', 'LISTEN');
  if (n === 'synchronized') return without('UNCONN', 'LISTEN', 'SYN-SENT');
  if (n === 'bucket') return ['SYN-RECV', 'TIME-WAIT'];
  if (n === 'big') return without('SYN-RECV', 'TIME-WAIT');
  const one = LONG_NAMES.get(n);
  return one ? [one] : undefined;
}

/** ss's default states without -l or -a (SS_CONN). */
export const CONNECTED_STATES: readonly SockState[] = without('LISTEN', 'UNCONN', 'TIME-WAIT', 'SYN-RECV');

/** The state a socket is in. */
export function stateOf(s: Socket): SockState {
  return s.state ?? (s.proto === 'tcp' ? 'LISTEN' : 'UNCONN');
}

const KEYS = new Set(['sport', 'dport', 'src', 'dst']);
/** ssfilter.y's comparison operators and their word forms. */
const OPERATORS = new Map([['=', '='], ['==', '='], ['eq', '='], ['!=', '!='], ['ne', '!='], ['neq', '!='], ['>', '>'], ['gt', '>'], ['<', '<'], ['lt', '<'], ['>=', '>='], ['ge', '>='], ['<=', '<='], ['le', '<=']]);

/** A parsed filter: does a socket pass? */
export type SocketFilter = (s: Socket) => boolean;

/** Parses a filter expression; a string is bison's complaint. */
export function parseFilter(words: readonly string[]): SocketFilter | string {
  const tokens = words.join(' ').match(/\(|\)|!=|==|>=|<=|=|>|<|&&|\|\||!|&|\||[^\s()!=<>&|]+/g) ?? [];
  let i = 0;
  const peek = () => tokens[i];
  const fail = 'syntax error';
  const expr = (): SocketFilter | string => {
    let left = term();
    while (typeof left !== 'string' && ['or', '|', '||'].includes(peek() ?? '')) {
      i++;
      const right = term();
      if (typeof right === 'string') return right;
      const l = left;
      left = (s) => l(s) || right(s);
    }
    return left;
  };
  const term = (): SocketFilter | string => {
    let left = factor();
    while (typeof left !== 'string' && peek() !== undefined && peek() !== ')' && !['or', '|', '||'].includes(peek()!)) {
      if (['and', '&', '&&'].includes(peek()!)) i++;
      const right = factor();
      if (typeof right === 'string') return right;
      const l = left;
      left = (s) => l(s) && right(s);
    }
    return left;
  };
  const factor = (): SocketFilter | string => {
    const t = tokens[i++];
    if (t === undefined) return fail;
    if (t === 'not' || t === '!') {
      const inner = factor();
      return typeof inner === 'string' ? inner : (s) => !inner(s);
    }
    if (t === '(') {
      const inner = expr();
      if (typeof inner === 'string') return inner;
      if (tokens[i++] !== ')') return fail;
      return inner;
    }
    const key = KEYS.has(t) ? t : undefined;
    if (!key) return fail;
    let op = '=';
    const maybeOp = OPERATORS.get(peek() ?? '');
    if (maybeOp) {
      op = maybeOp;
      i++;
    }
    const value = tokens[i++];
    if (value === undefined) return fail;
    if (key === 'sport' || key === 'dport') {
      const port = Number(value.replace(/^:/, ''));
      if (!Number.isInteger(port)) return fail;
      const cmp = (p: number | undefined) => p !== undefined && (op === '=' ? p === port : op === '!=' ? p !== port : op === '>' ? p > port : op === '<' ? p < port : op === '>=' ? p >= port : p <= port);
      return key === 'sport' ? (s) => cmp(s.port) : (s) => cmp(s.peer?.port ?? 0);
    }
    if (op !== '=' && op !== '!=') return fail;
    const match = hostMatcher(value);
    if (!match) return fail;
    const test: SocketFilter = key === 'src' ? (s) => match(s.address, s.port) : (s) => match(s.peer?.address ?? (s.family === 4 ? '0.0.0.0' : '::'), s.peer?.port ?? 0);
    return op === '=' ? test : (s) => !test(s);
  };
  const f = expr();
  if (typeof f === 'string') return f;
  if (i < tokens.length) return fail;
  return f;
}

/** `ADDR`, `ADDR/LEN`, `ADDR:PORT`, `[V6]:PORT`, `*` or `*:PORT`, as ssfilter's HOSTCOND compares them. */
function hostMatcher(text: string): ((address: string, port: number) => boolean) | undefined {
  let host = text;
  let port: number | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) {
    host = bracketed[1];
    if (bracketed[2]) port = Number(bracketed[2]);
  } else if (/^[^:]*:\d+$/.test(text)) {
    [host] = text.split(':');
    port = Number(text.split(':')[1]);
  }
  const portOk = (p: number) => port === undefined || p === port;
  if (host === '*' || host === '') return (_a, p) => portOk(p);
  const [addr, lenText] = host.split('/');
  const v4 = parseIPv4(addr);
  if (v4 === undefined) return (a, p) => a.replace(/^::ffff:/, '') === addr && portOk(p);
  const len = lenText === undefined ? 32 : Number(lenText);
  if (!Number.isInteger(len) || len < 0 || len > 32) return undefined;
  const mask = len === 0 ? 0 : (~0 << (32 - len)) >>> 0;
  return (a, p) => {
    const n = parseIPv4(a.replace(/^::ffff:/, ''));
    return n !== undefined && ((n & mask) >>> 0) === ((v4 & mask) >>> 0) && portOk(p);
  };
}

