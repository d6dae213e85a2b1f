/**
 * Recursive-descent parser for awk (grammar and precedence from POSIX awk,
 * "Expressions in awk", lowest first: ?:, ||, &&, in, ~ !~, relational,
 * concatenation, additive, multiplicative, unary, ^, ++/--, $, grouping).
 */
import type { AwkFunction, AwkProgram, Expr, OutputRedirect, Rule, Stmt } from './ast.js';
import { AwkSyntaxError, lexAwk, type AwkToken } from './lexer.js';

/** How deep expressions and statements may nest: the parser recurses per level, and the stack is finite. */
const MAX_PARSE_DEPTH = 200;

/** Parses an awk program; throws AwkSyntaxError with mawk's wording. */
export function parseAwk(source: string, maxDepth = MAX_PARSE_DEPTH): AwkProgram {
  return new AwkParser(lexAwk(source), Math.min(maxDepth, MAX_PARSE_DEPTH)).program();
}

const ASSIGN_OPS = new Set(['=', '+=', '-=', '*=', '/=', '%=', '^=', '**=']);
const STARTS_OPERAND = new Set(['number', 'string', 'regex', 'name', 'builtin', '$', '(', '!', '-', '+', '++', '--']);

class AwkParser {
  private pos = 0;
  private readonly functions = new Map<string, AwkFunction>();
  /** Inside `print`'s argument list, `>` is a redirection, not a comparison. */
  private noGt = false;
  /** Inside `for (... in ...)` headers and the like, `in` must not be consumed. */
  private noIn = false;

  private depth = 0;

  constructor(
    private readonly tokens: readonly AwkToken[],
    private readonly maxDepth: number,
  ) {}

  /** Runs one nested production, refusing nesting deeper than the simulator's budget. */
  private nested<T>(production: () => T): T {
    if (++this.depth > this.maxDepth) {
      throw new AwkSyntaxError(`line ${this.peek().line}: nesting exceeded the simulator's depth budget (${this.maxDepth} levels)`);
    }
    try {
      return production();
    } finally {
      this.depth--;
    }
  }

  program(): AwkProgram {
    const rules: Rule[] = [];
    this.skipTerminators();
    while (this.peek().type !== 'eof') {
      const rule = this.item();
      if (rule) rules.push(rule);
      this.skipTerminators();
    }
    return { rules, functions: this.functions };
  }

  private item(): Rule | undefined {
    const t = this.peek();
    if (t.type === 'keyword' && (t.value === 'BEGIN' || t.value === 'END')) {
      this.pos++;
      this.skipNewlines();
      return { pattern: { t: t.value === 'BEGIN' ? 'begin' : 'end' }, action: this.block() };
    }
    if (t.type === 'keyword' && t.value === 'function') {
      this.pos++;
      const name = this.expect('name').value;
      this.expect('(');
      const params: string[] = [];
      while (this.peek().type !== ')') {
        params.push(this.expect('name').value);
        if (this.peek().type === ',') {
          this.pos++;
          this.skipNewlines();
        }
      }
      this.expect(')');
      this.skipNewlines();
      this.functions.set(name, { params, body: this.block() });
      return undefined;
    }
    if (t.type === '{') return { pattern: undefined, action: this.block() };
    const from = this.expr();
    let pattern: Rule['pattern'] = { t: 'expr', expr: from };
    if (this.peek().type === ',') {
      this.pos++;
      this.skipNewlines();
      pattern = { t: 'range', from, to: this.expr() };
    }
    return { pattern, action: this.peek().type === '{' ? this.block() : undefined };
  }

  private block(): Stmt {
    this.expect('{');
    const body: Stmt[] = [];
    this.skipTerminators();
    while (this.peek().type !== '}') {
      if (this.peek().type === 'eof') throw new AwkSyntaxError(`line ${this.peek().line}: missing } near end of file`);
      body.push(this.statement());
      this.skipTerminators();
    }
    this.expect('}');
    return { t: 'block', body };
  }

  private simpleOrBlock(): Stmt {
    this.skipNewlines();
    if (this.peek().type === ';') {
      this.pos++;
      return { t: 'block', body: [] };
    }
    return this.statement();
  }

  private statement(): Stmt {
    return this.nested(() => this.statementBody());
  }

  private statementBody(): Stmt {
    const t = this.peek();
    if (t.type === '{') return this.block();
    if (t.type === 'keyword') {
      switch (t.value) {
        case 'if': {
          this.pos++;
          this.expect('(');
          const test = this.expr();
          this.expect(')');
          const then = this.simpleOrBlock();
          const save = this.pos;
          this.skipTerminators();
          if (this.peek().type === 'keyword' && this.peek().value === 'else') {
            this.pos++;
            return { t: 'if', test, then, else: this.simpleOrBlock() };
          }
          this.pos = save;
          return { t: 'if', test, then };
        }
        case 'while': {
          this.pos++;
          this.expect('(');
          const test = this.expr();
          this.expect(')');
          return { t: 'while', test, body: this.simpleOrBlock() };
        }
        case 'do': {
          this.pos++;
          const body = this.simpleOrBlock();
          this.skipTerminators();
          if (this.peek().value !== 'while') throw this.unexpected();
          this.pos++;
          this.expect('(');
          const test = this.expr();
          this.expect(')');
          this.endSimple();
          return { t: 'do', body, test };
        }
        case 'for': {
          this.pos++;
          this.expect('(');
          const a = this.peek();
          const b = this.tokens[this.pos + 1];
          const c = this.tokens[this.pos + 2];
          if (a.type === 'name' && b?.value === 'in' && c?.type === 'name' && this.tokens[this.pos + 3]?.type === ')') {
            this.pos += 4;
            return { t: 'for-in', key: a.value, array: c.value, body: this.simpleOrBlock() };
          }
          const init = this.peek().type === ';' ? undefined : this.expr();
          this.expect(';');
          this.skipNewlines();
          const test = this.peek().type === ';' ? undefined : this.expr();
          this.expect(';');
          this.skipNewlines();
          const step = this.peek().type === ')' ? undefined : this.expr();
          this.expect(')');
          return { t: 'for', init, test, step, body: this.simpleOrBlock() };
        }
        case 'print':
        case 'printf': {
          this.pos++;
          const args: Expr[] = [];
          this.noGt = true;
          if (!this.atSimpleEnd() && this.peek().type !== '>' && this.peek().type !== '>>' && this.peek().type !== '|') {
            args.push(this.expr());
            while (this.peek().type === ',') {
              this.pos++;
              this.skipNewlines();
              args.push(this.expr());
            }
          }
          this.noGt = false;
          // `print (a, b)` parses as one grouping of a list.
          const unwrapped = args.length === 1 && args[0].t === 'group' && (args[0].expr as Expr & { list?: Expr[] }).list ? (args[0].expr as Expr & { list: Expr[] }).list : args;
          let redirect: OutputRedirect | undefined;
          const r = this.peek().type;
          if (r === '>' || r === '>>' || r === '|') {
            this.pos++;
            redirect = { op: r, target: this.concat() };
          }
          this.endSimple();
          return { t: t.value, args: unwrapped, redirect };
        }
        case 'next':
        case 'nextfile':
          this.pos++;
          this.endSimple();
          return { t: 'next' };
        case 'break':
        case 'continue':
          this.pos++;
          this.endSimple();
          return { t: t.value };
        case 'exit':
        case 'return': {
          this.pos++;
          const value = this.atSimpleEnd() ? undefined : this.expr();
          this.endSimple();
          return t.value === 'exit' ? { t: 'exit', code: value } : { t: 'return', value };
        }
        case 'delete': {
          this.pos++;
          const name = this.expect('name').value;
          let subs: Expr[] | undefined;
          if (this.peek().type === '[') subs = this.subscripts();
          this.endSimple();
          return { t: 'delete', name, subs };
        }
        default:
          break;
      }
    }
    if (t.type === ';') {
      this.pos++;
      return { t: 'block', body: [] };
    }
    const expr = this.expr();
    this.endSimple();
    return { t: 'expr', expr };
  }

  private atSimpleEnd(): boolean {
    const t = this.peek().type;
    return t === ';' || t === 'newline' || t === '}' || t === 'eof';
  }

  private endSimple(): void {
    const t = this.peek().type;
    if (t === ';' || t === 'newline') this.pos++;
    else if (t !== '}' && t !== 'eof') throw this.unexpected();
  }

  private subscripts(): Expr[] {
    this.expect('[');
    const saveIn = this.noIn;
    this.noIn = false;
    const subs = [this.expr()];
    while (this.peek().type === ',') {
      this.pos++;
      subs.push(this.expr());
    }
    this.noIn = saveIn;
    this.expect(']');
    return subs;
  }

  expr(): Expr {
    return this.ternary();
  }

  private ternary(): Expr {
    return this.nested(() => this.ternaryBody());
  }

  private ternaryBody(): Expr {
    const test = this.or();
    if (this.peek().type === '?') {
      this.pos++;
      this.skipNewlines();
      const then = this.ternary();
      this.skipNewlines();
      this.expect(':');
      this.skipNewlines();
      return { t: 'cond', test, then, else: this.ternary() };
    }
    if (ASSIGN_OPS.has(this.peek().type) && isLvalue(test)) {
      const op = this.peek().type === '**=' ? '^=' : this.peek().type;
      this.pos++;
      this.skipNewlines();
      return { t: 'assign', op, target: test, value: this.ternary() };
    }
    return test;
  }

  private or(): Expr {
    let left = this.and();
    while (this.peek().type === '||') {
      this.pos++;
      this.skipNewlines();
      left = { t: 'binary', op: '||', left, right: this.and() };
    }
    return left;
  }

  private and(): Expr {
    let left = this.inExpr();
    while (this.peek().type === '&&') {
      this.pos++;
      this.skipNewlines();
      left = { t: 'binary', op: '&&', left, right: this.inExpr() };
    }
    return left;
  }

  private inExpr(): Expr {
    let left = this.matchExpr();
    while (!this.noIn && this.peek().type === 'keyword' && this.peek().value === 'in') {
      this.pos++;
      const name = this.expect('name').value;
      const subs = left.t === 'group' && (left.expr as Expr & { list?: Expr[] }).list ? (left.expr as Expr & { list: Expr[] }).list : [left];
      left = { t: 'in', subs, name };
    }
    return left;
  }

  private matchExpr(): Expr {
    let left = this.relational();
    while (this.peek().type === '~' || this.peek().type === '!~') {
      const negated = this.peek().type === '!~';
      this.pos++;
      left = { t: 'match', negated, left, right: this.relational() };
    }
    return left;
  }

  private relational(): Expr {
    const left = this.concat();
    const op = this.peek().type;
    if (op === '<' || op === '<=' || op === '!=' || op === '==' || op === '>=' || (op === '>' && !this.noGt)) {
      this.pos++;
      return { t: 'binary', op, left, right: this.concat() };
    }
    return left;
  }

  private concat(): Expr {
    let left = this.additive();
    for (;;) {
      const t = this.peek();
      const startsOperand =
        STARTS_OPERAND.has(t.type) && t.type !== '-' && t.type !== '+' && t.type !== '!';
      if (!startsOperand || (t.type === 'keyword')) break;
      left = { t: 'binary', op: 'concat', left, right: this.additive() };
    }
    return left;
  }

  private additive(): Expr {
    let left = this.multiplicative();
    while (this.peek().type === '+' || this.peek().type === '-') {
      const op = this.peek().type;
      this.pos++;
      left = { t: 'binary', op, left, right: this.multiplicative() };
    }
    return left;
  }

  private multiplicative(): Expr {
    let left = this.unary();
    while (this.peek().type === '*' || this.peek().type === '/' || this.peek().type === '%') {
      const op = this.peek().type;
      this.pos++;
      left = { t: 'binary', op, left, right: this.unary() };
    }
    return left;
  }

  private unary(): Expr {
    const t = this.peek().type;
    if (t === '!' || t === '-' || t === '+') {
      this.pos++;
      return { t: 'unary', op: t, operand: this.nested(() => this.unary()) };
    }
    return this.power();
  }

  private power(): Expr {
    const base = this.postfix();
    if (this.peek().type === '^' || this.peek().type === '**') {
      this.pos++;
      // Right associative, and binds tighter than unary minus on its left only.
      return { t: 'binary', op: '^', left: base, right: this.nested(() => this.unaryPower()) };
    }
    return base;
  }

  private unaryPower(): Expr {
    const t = this.peek().type;
    if (t === '-' || t === '+' || t === '!') {
      this.pos++;
      return { t: 'unary', op: t, operand: this.nested(() => this.unaryPower()) };
    }
    return this.power();
  }

  private postfix(): Expr {
    const t = this.peek().type;
    if (t === '++' || t === '--') {
      this.pos++;
      const target = this.nested(() => this.postfix());
      if (!isLvalue(target)) throw this.unexpected();
      return { t: 'incdec', op: t, prefix: true, target };
    }
    const e = this.primary();
    const n = this.peek().type;
    if ((n === '++' || n === '--') && isLvalue(e)) {
      this.pos++;
      return { t: 'incdec', op: n, prefix: false, target: e };
    }
    return e;
  }

  private primary(): Expr {
    const t = this.peek();
    switch (t.type) {
      case 'number':
        this.pos++;
        return { t: 'num', value: Number(t.value) };
      case 'string':
        this.pos++;
        return { t: 'str', value: t.value };
      case 'regex':
        this.pos++;
        return { t: 'regex', source: t.value };
      case '$': {
        this.pos++;
        const n = this.peek().type;
        const index = this.nested(() => (n === '++' || n === '--' ? this.postfix() : n === '-' ? this.unary() : this.primary()));
        return { t: 'field', index };
      }
      case '(': {
        this.pos++;
        const saveGt = this.noGt;
        const saveIn = this.noIn;
        this.noGt = false;
        this.noIn = false;
        const first = this.expr();
        const list = [first];
        while (this.peek().type === ',') {
          this.pos++;
          this.skipNewlines();
          list.push(this.expr());
        }
        this.noGt = saveGt;
        this.noIn = saveIn;
        this.expect(')');
        if (list.length > 1) return { t: 'group', expr: Object.assign({ ...first }, { list }) as Expr };
        return { t: 'group', expr: first };
      }
      case 'builtin': {
        this.pos++;
        if (t.value === 'length' && this.peek().type !== '(') return { t: 'call', name: 'length', args: [] };
        return { t: 'call', name: t.value, args: this.callArgs() };
      }
      case 'name': {
        this.pos++;
        if (this.peek().type === '[') return { t: 'index', name: t.value, subs: this.subscripts() };
        if (this.peek().type === '(' && this.functions !== undefined && this.tokens[this.pos - 1].line === this.peek().line) {
          const prev = this.tokens[this.pos];
          // A user function call has no blank between name and `(`; we cannot see blanks, so any `(` right after a name calls.
          void prev;
          return { t: 'user-call', name: t.value, args: this.callArgs() };
        }
        return { t: 'var', name: t.value };
      }
      default:
        throw this.unexpected();
    }
  }

  private callArgs(): Expr[] {
    this.expect('(');
    const args: Expr[] = [];
    const saveGt = this.noGt;
    this.noGt = false;
    this.skipNewlines();
    while (this.peek().type !== ')') {
      args.push(this.expr());
      this.skipNewlines();
      if (this.peek().type === ',') {
        this.pos++;
        this.skipNewlines();
      } else if (this.peek().type !== ')') throw this.unexpected();
    }
    this.noGt = saveGt;
    this.expect(')');
    return args;
  }

  private skipNewlines(): void {
    while (this.peek().type === 'newline') this.pos++;
  }

  private skipTerminators(): void {
    while (this.peek().type === 'newline' || this.peek().type === ';') this.pos++;
  }

  private peek(): AwkToken {
    return this.tokens[this.pos];
  }

  private expect(type: string): AwkToken {
    const t = this.peek();
    if (t.type !== type) throw this.unexpected();
    this.pos++;
    return t;
  }

  private unexpected(): AwkSyntaxError {
    const t = this.peek();
    if (t.type === 'eof') return new AwkSyntaxError(`line ${t.line}: unexpected end of file`);
    return new AwkSyntaxError(`line ${t.line}: syntax error at or near ${t.type === 'newline' ? 'end of line' : t.value}`);
  }
}

function isLvalue(e: Expr): boolean {
  return e.t === 'var' || e.t === 'index' || e.t === 'field';
}
