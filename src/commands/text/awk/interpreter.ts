/**
 * Runs a parsed awk program over input records: BEGIN rules, then each
 * record against every pattern, then END rules (POSIX awk "Overall Program
 * Structure"). Fields split on FS (a single blank means runs of blanks).
 */
import { BudgetExceeded, freshBudget, type CommandBudget } from '../../budget.js';
import { translatePosixRegex } from '../lib/posix-regex.js';
import { allMatches, compileUserRegex, type UserRegex } from '../lib/user-regex.js';
import { formatPrintf, type FormatArg } from '../lib/printf-format.js';
import type { AwkProgram, Expr, Stmt } from './ast.js';
import { UNINIT, compareValues, fromInput, toBool, toNumber, toStr, type AwkValue } from './values.js';

/** A runtime failure; the message is mawk's wording without `awk: `. */
export class AwkRuntimeError extends Error {}

/** Where output goes and what the program may read. */
export interface AwkIo {
  /** Appends to stdout. */
  write(text: string): void;
  /** Writes to a named output (`print > "file"`); `/dev/stderr` and `/dev/stdout` are handled by the caller. */
  writeTo(name: string, text: string, append: boolean): void;
}

/** One input: its name (FILENAME) and text. */
export interface AwkInput {
  readonly name: string;
  readonly text: string;
}

class Next {}
class Exit {
  constructor(readonly code: number) {}
}
class Break {}
class Continue {}
class Return {
  constructor(readonly value: AwkValue) {}
}

type Scope = Map<string, AwkValue | Map<string, AwkValue>>;

/**
 * Executes `program` with variables `vars` over `inputs`; returns the exit status.
 * Statements, loop turns, calls and records count against `budget`; strings and
 * call depth are checked too (BudgetExceeded ends the program).
 */
export function runAwk(program: AwkProgram, inputs: readonly AwkInput[], vars: Readonly<Record<string, string>>, io: AwkIo, budget: CommandBudget = freshBudget()): number {
  try {
    return new Interpreter(program, io, vars, budget).run(inputs);
  } catch (e) {
    // Deep recursion the depth budget did not catch first (nested expressions inside calls).
    if (e instanceof RangeError && /call stack/i.test(e.message)) throw new BudgetExceeded('depth', budget.limits);
    throw e;
  }
}

class Interpreter {
  private readonly globals: Scope = new Map();
  private frames: Scope[] = [];
  private record = '';
  private fields: string[] = [];
  private fieldsValid = true;
  private readonly regexCache = new Map<string, UserRegex>();
  private readonly rangeActive: boolean[];
  private readonly opened = new Set<string>();

  constructor(
    private readonly program: AwkProgram,
    private readonly io: AwkIo,
    vars: Readonly<Record<string, string>>,
    private readonly budget: CommandBudget,
  ) {
    const defaults: Record<string, AwkValue> = { FS: ' ', OFS: ' ', ORS: '\n', RS: '\n', NR: 0, NF: 0, FNR: 0, SUBSEP: '\x1c', CONVFMT: '%.6g', OFMT: '%.6g', RSTART: 0, RLENGTH: -1, FILENAME: '' };
    for (const [k, v] of Object.entries(defaults)) this.globals.set(k, v);
    for (const [k, v] of Object.entries(vars)) this.globals.set(k, fromInput(v));
    this.rangeActive = program.rules.map(() => false);
  }

  run(inputs: readonly AwkInput[]): number {
    try {
      for (const rule of this.program.rules) if (rule.pattern?.t === 'begin' && rule.action) this.exec(rule.action);
      const hasMain = this.program.rules.some((r) => r.pattern?.t !== 'begin');
      if (hasMain) {
        for (const input of inputs) {
          this.globals.set('FILENAME', input.name === '-' ? '' : input.name);
          this.globals.set('FNR', 0);
          for (const rec of this.records(input.text)) {
            this.budget.step();
            this.setRecord(rec);
            this.globals.set('NR', toNumber(this.get('NR')) + 1);
            this.globals.set('FNR', toNumber(this.get('FNR')) + 1);
            try {
              this.rules();
            } catch (e) {
              if (!(e instanceof Next)) throw e;
            }
          }
        }
      }
      return this.endRules(0);
    } catch (e) {
      if (e instanceof Exit) return this.endRules(e.code, true);
      throw e;
    }
  }

  private endRules(code: number, exiting = false): number {
    if (exiting) return code;
    try {
      for (const rule of this.program.rules) if (rule.pattern?.t === 'end' && rule.action) this.exec(rule.action);
    } catch (e) {
      if (e instanceof Exit) return e.code;
      throw e;
    }
    return code;
  }

  private records(text: string): string[] {
    const rs = toStr(this.get('RS'));
    if (rs === '\n' || rs === '') {
      if (rs === '') return text.split(/\n\n+/).filter((r) => r !== '');
      const lines = text.split('\n');
      if (lines[lines.length - 1] === '') lines.pop();
      return lines;
    }
    const parts = text.split(rs[0]);
    if (parts[parts.length - 1] === '' || parts[parts.length - 1] === '\n') parts.pop();
    return parts;
  }

  private rules(): void {
    this.program.rules.forEach((rule, i) => {
      const p = rule.pattern;
      if (p?.t === 'begin' || p?.t === 'end') return;
      let selected: boolean;
      if (p === undefined) selected = true;
      else if (p.t === 'expr') selected = toBool(this.eval(p.expr));
      else {
        if (!this.rangeActive[i]) {
          selected = toBool(this.eval(p.from));
          if (selected) this.rangeActive[i] = !toBool(this.eval(p.to));
        } else {
          selected = true;
          if (toBool(this.eval(p.to))) this.rangeActive[i] = false;
        }
      }
      if (!selected) return;
      if (rule.action) this.exec(rule.action);
      else this.io.write(this.record + toStr(this.get('ORS')));
    });
  }

  // ---- records and fields

  private setRecord(text: string): void {
    this.record = this.scanned(text);
    this.fieldsValid = false;
    this.splitFields();
  }

  private splitFields(): void {
    this.fields = this.split(this.record, toStr(this.get('FS')));
    this.fieldsValid = true;
    this.globals.set('NF', this.fields.length);
  }

  private split(text: string, fs: string): string[] {
    if (fs === ' ') return text.split(/[ \t\n]+/).filter((f, i, all) => f !== '' || (i !== 0 && i !== all.length - 1)).filter((f) => f !== '');
    if (text === '') return [];
    if (fs.length === 1 && fs !== '\\') return text.split(fs === '\t' ? '\t' : fs);
    // An empty separator splits into characters (mawk, gawk).
    if (fs === '') return [...text];
    const parts: string[] = [];
    let from = 0;
    for (const m of allMatches(this.regex(fs), text, this.budget)) {
      if (m.end === m.start) continue;
      parts.push(text.slice(from, m.start));
      from = m.end;
    }
    parts.push(text.slice(from));
    return parts;
  }

  private getField(i: number): string {
    if (i < 0) throw new AwkRuntimeError(`run time error: negative field index $${i}`);
    if (i === 0) return this.record;
    return this.fields[i - 1] ?? '';
  }

  private setField(i: number, value: string): void {
    if (i < 0) throw new AwkRuntimeError(`run time error: negative field index $${i}`);
    if (i === 0) {
      this.setRecord(value);
      return;
    }
    checkFieldCount(i);
    while (this.fields.length < i) this.fields.push('');
    this.fields[i - 1] = value;
    this.globals.set('NF', this.fields.length);
    this.rebuild();
  }

  private rebuild(): void {
    this.record = this.fields.join(toStr(this.get('OFS')));
  }

  // ---- variables

  private scopeOf(name: string): Scope {
    const frame = this.frames[this.frames.length - 1];
    return frame && frame.has(name) ? frame : this.globals;
  }

  private get(name: string): AwkValue {
    const v = this.scopeOf(name).get(name);
    if (v instanceof Map) throw new AwkRuntimeError(`can't use array ${name} in scalar context`);
    return v ?? UNINIT;
  }

  private set(name: string, value: AwkValue): void {
    if (name === 'NF') {
      const n = Math.max(0, Math.trunc(toNumber(value)));
      checkFieldCount(n);
      this.fields = this.fields.slice(0, n);
      while (this.fields.length < n) this.fields.push('');
      this.globals.set('NF', n);
      this.rebuild();
      return;
    }
    this.scopeOf(name).set(name, value);
    if (name === 'FS') this.globals.set('FS', value);
  }

  private array(name: string): Map<string, AwkValue> {
    const scope = this.scopeOf(name);
    let a = scope.get(name);
    if (a === undefined || a === UNINIT) {
      a = new Map();
      scope.set(name, a);
    }
    if (!(a instanceof Map)) throw new AwkRuntimeError(`can't use scalar ${name} as array`);
    return a;
  }

  private key(subs: readonly Expr[]): string {
    return subs.map((s) => toStr(this.eval(s))).join(toStr(this.get('SUBSEP')));
  }

  // ---- statements

  private exec(s: Stmt): void {
    this.budget.step();
    switch (s.t) {
      case 'block':
        for (const x of s.body) this.exec(x);
        return;
      case 'expr':
        this.eval(s.expr);
        return;
      case 'print': {
        const text = s.args.length === 0 ? this.record : s.args.map((a) => this.outputString(this.eval(a))).join(toStr(this.get('OFS')));
        this.output(text + toStr(this.get('ORS')), s.redirect);
        return;
      }
      case 'printf': {
        if (s.args.length === 0) throw new AwkRuntimeError('printf: no format');
        const [fmt, ...rest] = s.args.map((a) => this.eval(a));
        this.output(this.sprintf(toStr(fmt), rest), s.redirect);
        return;
      }
      case 'if':
        if (toBool(this.eval(s.test))) this.exec(s.then);
        else if (s.else) this.exec(s.else);
        return;
      case 'while':
        while (toBool(this.eval(s.test))) if (this.loopBody(s.body)) break;
        return;
      case 'do':
        do {
          if (this.loopBody(s.body)) break;
        } while (toBool(this.eval(s.test)));
        return;
      case 'for':
        for (s.init && this.eval(s.init); s.test ? toBool(this.eval(s.test)) : true; s.step && this.eval(s.step)) {
          if (this.loopBody(s.body)) break;
        }
        return;
      case 'for-in': {
        // Keys in insertion order: deterministic, though real awks use hash order.
        for (const k of [...this.array(s.array).keys()]) {
          this.set(s.key, fromInput(k));
          if (this.loopBody(s.body)) break;
        }
        return;
      }
      case 'next':
        throw new Next();
      case 'exit':
        throw new Exit(s.code ? Math.trunc(toNumber(this.eval(s.code))) & 255 : 0);
      case 'return':
        throw new Return(s.value ? this.eval(s.value) : UNINIT);
      case 'break':
        throw new Break();
      case 'continue':
        throw new Continue();
      case 'delete':
        if (s.subs) this.array(s.name).delete(this.key(s.subs));
        else this.array(s.name).clear();
        return;
    }
  }

  /** Runs a loop body; true when it broke out. */
  private loopBody(body: Stmt): boolean {
    try {
      this.exec(body);
    } catch (e) {
      if (e instanceof Break) return true;
      if (e instanceof Continue) return false;
      throw e;
    }
    return false;
  }

  private output(text: string, redirect: { op: string; target: Expr } | undefined): void {
    if (!redirect) {
      this.io.write(text);
      return;
    }
    const name = toStr(this.eval(redirect.target));
    const append = redirect.op === '>>' || this.opened.has(name);
    this.opened.add(name);
    this.io.writeTo(name, text, append);
  }

  private outputString(v: AwkValue): string {
    if (typeof v === 'number' && !Number.isInteger(v)) return this.sprintf(toStr(this.get('OFMT')), [v]);
    return toStr(v);
  }

  private sprintf(format: string, values: readonly AwkValue[]): string {
    const args: FormatArg[] = values.map((v) => ({ str: toStr(v), num: toNumber(v), isNumber: typeof v === 'number' }));
    const text = formatPrintf(format, args, this.budget).text;
    this.budget.checkString(text.length);
    this.budget.step(1 + (text.length >> 4));
    return text;
  }

  private regex(source: string): UserRegex {
    let re = this.regexCache.get(source);
    if (!re) {
      const t = translatePosixRegex(source, true);
      if (!t.ok) throw new AwkRuntimeError(`regular expression compile failed (${t.message.toLowerCase()})\n${source}`);
      const compiled = compileUserRegex(t.source, { backrefs: t.backrefs });
      if (!compiled.ok) throw new AwkRuntimeError(`regular expression compile failed (${compiled.message.toLowerCase()})\n${source}`);
      re = compiled.regex;
      this.regexCache.set(source, re);
    }
    return re;
  }

  /** Counts the steps of a pass over `text` (a 16th of a step per character) and returns it. */
  private scanned(text: string): string {
    if (text.length > 64) this.budget.step(text.length >> 4);
    return text;
  }

  private regexOf(e: Expr): UserRegex {
    return this.regex(e.t === 'regex' ? e.source : toStr(this.eval(e)));
  }

  // ---- expressions

  private eval(e: Expr): AwkValue {
    switch (e.t) {
      case 'num':
        return e.value;
      case 'str':
        return e.value;
      case 'regex':
        return this.regex(e.source).test(this.scanned(this.record)) ? 1 : 0;
      case 'group':
        return this.eval(e.expr);
      case 'var':
        return this.get(e.name);
      case 'index': {
        const a = this.array(e.name);
        const k = this.key(e.subs);
        if (!a.has(k)) a.set(k, UNINIT);
        return a.get(k)!;
      }
      case 'field':
        return fromInput(this.getField(Math.trunc(toNumber(this.eval(e.index)))));
      case 'in':
        return this.array(e.name).has(this.key(e.subs)) ? 1 : 0;
      case 'assign': {
        let value = this.eval(e.value);
        if (e.op !== '=') value = arithmetic(e.op.slice(0, -1), toNumber(this.eval(e.target)), toNumber(value));
        this.assign(e.target, value);
        return value;
      }
      case 'incdec': {
        const old = toNumber(this.eval(e.target));
        const now = e.op === '++' ? old + 1 : old - 1;
        this.assign(e.target, now);
        return e.prefix ? now : old;
      }
      case 'cond':
        return toBool(this.eval(e.test)) ? this.eval(e.then) : this.eval(e.else);
      case 'unary': {
        const v = this.eval(e.operand);
        if (e.op === '!') return toBool(v) ? 0 : 1;
        return e.op === '-' ? -toNumber(v) : toNumber(v);
      }
      case 'match': {
        const matched = this.regexOf(e.right).test(this.scanned(toStr(this.eval(e.left))));
        return matched !== e.negated ? 1 : 0;
      }
      case 'binary':
        return this.binary(e.op, e.left, e.right);
      case 'call':
        return this.builtin(e.name, e.args);
      case 'user-call':
        return this.callUser(e.name, e.args);
    }
  }

  private assign(target: Expr, value: AwkValue): void {
    if (target.t === 'var') this.set(target.name, value);
    else if (target.t === 'index') this.array(target.name).set(this.key(target.subs), value);
    else if (target.t === 'field') this.setField(Math.trunc(toNumber(this.eval(target.index))), toStr(value));
  }

  private binary(op: string, l: Expr, r: Expr): AwkValue {
    if (op === '&&') return toBool(this.eval(l)) && toBool(this.eval(r)) ? 1 : 0;
    if (op === '||') return toBool(this.eval(l)) || toBool(this.eval(r)) ? 1 : 0;
    const a = this.eval(l);
    const b = this.eval(r);
    switch (op) {
      case 'concat': {
        const left = toStr(a);
        const right = toStr(b);
        this.budget.checkString(left.length + right.length);
        // Building text costs time and memory in proportion to its size, not one step.
        this.budget.step(1 + ((left.length + right.length) >> 4));
        return left + right;
      }
      case '<':
        return compareValues(a, b) < 0 ? 1 : 0;
      case '<=':
        return compareValues(a, b) <= 0 ? 1 : 0;
      case '>':
        return compareValues(a, b) > 0 ? 1 : 0;
      case '>=':
        return compareValues(a, b) >= 0 ? 1 : 0;
      case '==':
        return compareValues(a, b) === 0 ? 1 : 0;
      case '!=':
        return compareValues(a, b) !== 0 ? 1 : 0;
      default:
        return arithmetic(op, toNumber(a), toNumber(b));
    }
  }

  private callUser(name: string, args: readonly Expr[]): AwkValue {
    const fn = this.program.functions.get(name);
    if (!fn) throw new AwkRuntimeError(`function ${name} never defined`);
    const frame: Scope = new Map();
    fn.params.forEach((p, i) => {
      const arg = args[i];
      if (arg === undefined) {
        frame.set(p, UNINIT);
        return;
      }
      // Arrays are passed by reference, scalars by value.
      if (arg.t === 'var') {
        const v = this.scopeOf(arg.name).get(arg.name);
        frame.set(p, v instanceof Map ? v : (v ?? UNINIT));
      } else frame.set(p, this.eval(arg));
    });
    this.budget.checkDepth(this.frames.length + 1);
    this.frames.push(frame);
    try {
      this.exec(fn.body);
      return UNINIT;
    } catch (e) {
      if (e instanceof Return) return e.value;
      throw e;
    } finally {
      this.frames.pop();
    }
  }

  private builtin(name: string, args: readonly Expr[]): AwkValue {
    // Builtins walk their string arguments: long strings cost steps in proportion.
    const str = (i: number): string => this.scanned(toStr(this.eval(args[i])));
    const num = (i: number): number => toNumber(this.eval(args[i]));
    switch (name) {
      case 'length': {
        if (args.length === 0) return [...this.record].length;
        const a = args[0];
        if (a.t === 'var' && this.scopeOf(a.name).get(a.name) instanceof Map) return this.array(a.name).size;
        return [...str(0)].length;
      }
      case 'substr': {
        const s = [...str(0)];
        // POSIX: characters from position m (1-based, rounded) for n characters.
        const m = Math.round(num(1));
        const n = args.length > 2 ? Math.round(num(2)) : Infinity;
        const start = Math.max(m, 1);
        const end = n === Infinity ? s.length + 1 : m + n;
        return end <= start ? '' : s.slice(start - 1, end - 1).join('');
      }
      case 'index':
        return str(0).indexOf(str(1)) + 1;
      case 'split': {
        const target = args[1];
        if (target?.t !== 'var') throw new AwkRuntimeError('split: second argument must be an array');
        const a = this.array(target.name);
        a.clear();
        const sep = args.length > 2 ? (args[2].t === 'regex' ? args[2].source : str(2)) : toStr(this.get('FS'));
        const parts = this.split(str(0), sep);
        // One step per element: a million-element array is a million steps of work.
        this.budget.step(parts.length);
        parts.forEach((p, i) => a.set(String(i + 1), fromInput(p)));
        return parts.length;
      }
      case 'sub':
      case 'gsub': {
        const re = this.regexOf(args[0]);
        const repl = str(1);
        const target = args[2] ?? { t: 'field', index: { t: 'num', value: 0 } };
        const text = toStr(this.eval(target));
        const matches = allMatches(re, text, this.budget);
        const used = name === 'gsub' ? matches : matches.slice(0, 1);
        let result = '';
        let from = 0;
        for (const m of used) {
          const matched = text.slice(m.start, m.end);
          result += text.slice(from, m.start) + repl.replace(/\\\\|\\&|&/g, (x) => (x === '&' ? matched : x === '\\&' ? '&' : '\\'));
          this.budget.checkString(result.length);
          from = m.end;
        }
        result += text.slice(from);
        if (used.length > 0) this.assign(target, result);
        return used.length;
      }
      case 'match': {
        const m = this.regexOf(args[1]).find(str(0));
        this.globals.set('RSTART', m ? m.start + 1 : 0);
        this.globals.set('RLENGTH', m ? m.end - m.start : -1);
        return m ? m.start + 1 : 0;
      }
      case 'sprintf': {
        if (args.length === 0) return '';
        const [fmt, ...rest] = args.map((a) => this.eval(a));
        return this.sprintf(toStr(fmt), rest);
      }
      case 'tolower':
        return str(0).toLowerCase();
      case 'toupper':
        return str(0).toUpperCase();
      case 'int':
        return Math.trunc(num(0));
      case 'sqrt':
        return Math.sqrt(num(0));
      case 'exp':
        return Math.exp(num(0));
      case 'log':
        return Math.log(num(0));
      case 'sin':
        return Math.sin(num(0));
      case 'cos':
        return Math.cos(num(0));
      case 'atan2':
        return Math.atan2(num(0), num(1));
      case 'rand':
        // Deterministic: the simulation has no unseeded randomness.
        return 0;
      case 'srand':
        return 0;
      default:
        throw new AwkRuntimeError(`function ${name} is not supported here`);
    }
  }
}

/** mawk's MAX_FIELD: `$40000 = x` or `NF = 1e9` is a program limit, not a billion empty fields. */
const MAX_FIELDS = 32767;

function checkFieldCount(n: number): void {
  if (n > MAX_FIELDS) throw new AwkRuntimeError(`program limit exceeded: maximum number of fields size=${MAX_FIELDS}`);
}

function arithmetic(op: string, a: number, b: number): number {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      // mawk follows IEEE arithmetic here: 1/0 prints inf (gawk would stop with an error).
      return a / b;
    case '%':
      return a % b;
    default:
      return a ** b;
  }
}
