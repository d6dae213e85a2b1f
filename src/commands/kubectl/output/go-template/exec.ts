/**
 * The executor of Go's text/template (src/text/template/exec.go, Go 1.23)
 * over decoded JSON, as kubectl's GoTemplatePrinter runs it: fields of maps,
 * `<no value>` for missing keys (missingkey=default) or an error
 * (missingkey=error), pipelines, variables, if/with/range with else,
 * break/continue, the builtin functions, and execution errors located and
 * worded as upstream (`template: output:1:11: executing "output" at
 * <.metadata.name.x>: can't evaluate field x in type interface {}`).
 *
 * Output written before an error is kept: text/template writes as it goes.
 */
import type { CommandBudget } from '../../../budget.js';
import { formatV, goTypeName, isMap, lit, type GoValue } from './go-fmt.js';
import { FUNCS, FuncError, NO_VALUE, truth, type ParamType, type Val } from './funcs.js';
import { goQuote, nodeString, type Arg, type CommandNode, type ControlNode, type Node, type ParsedTemplate, type PipeNode } from './parse.js';

/** An execution error, with text/template's message. */
export class TemplateExecError extends Error {}

/** A value with whether its static type is interface{} (map and slice elements are). */
interface Typed {
  readonly v: Val;
  readonly iface: boolean;
}

const MISSING: unique symbol = Symbol('missing');
type Final = Val | typeof MISSING;

class BreakSignal {}
class ContinueSignal {}

/** Options of one execution. */
export interface ExecOptions {
  /** The template's name in messages (`output` for kubectl). */
  readonly name: string;
  /** The template text (for line:column of errors). */
  readonly text: string;
  /** missingkey=error instead of default. */
  readonly missingKeyError: boolean;
  readonly budget?: CommandBudget;
}

/**
 * Runs a parsed template on `data`. Returns the output; on an execution
 * error, throws TemplateExecError carrying the output written so far in
 * `partial`.
 */
export function executeTemplate(tree: ParsedTemplate, data: GoValue, opts: ExecOptions): string {
  const s = new State(opts, tree.defs, opts.name, data, []);
  try {
    s.walkList({ v: data, iface: false }, tree.root);
  } catch (e) {
    if (e instanceof TemplateExecError) throw Object.assign(e, { partial: s.out.join('') });
    throw e;
  }
  return s.out.join('');
}

/** A position to report: a node's offset and its text. */
interface At {
  readonly pos: number;
  readonly text: string;
}

class State {
  private size = 0;
  private vars: { name: string; value: Typed }[];
  private node: At | undefined;

  constructor(
    private readonly opts: ExecOptions,
    private readonly defs: ReadonlyMap<string, Node[]>,
    /** The template being executed (`output`, or a {{define}}d name). */
    private readonly tmplName: string,
    root: Val,
    /** Output shared with the states of {{template}} calls. */
    readonly out: string[],
    private readonly depth = 0,
  ) {
    this.vars = [{ name: '$', value: { v: root, iface: false } }];
  }

  private at(n: At): void {
    this.node = n;
  }

  private atArg(n: Arg | CommandNode): void {
    this.at({ pos: n.pos, text: nodeString(n) });
  }

  /** exec.go errorf: `template: NAME:LINE:COL: executing "NAME" at <CONTEXT>: MESSAGE`. */
  errorf(message: string): never {
    const { name, text } = this.opts;
    if (!this.node) throw new TemplateExecError(`template: ${this.tmplName}: ${message}`);
    const before = text.slice(0, this.node.pos);
    const nl = before.lastIndexOf('\n');
    const line = 1 + (before.match(/\n/g)?.length ?? 0);
    // ErrorContext counts bytes, from the start of the line.
    const col = Buffer.byteLength(nl < 0 ? before : before.slice(nl + 1));
    throw new TemplateExecError(`template: ${name}:${line}:${col}: executing ${goQuote(this.tmplName)} at <${this.node.text}>: ${message}`);
  }

  private write(s: string): void {
    this.out.push(s);
    this.size += s.length;
    this.opts.budget?.checkString(this.size);
  }

  walkList(dot: Typed, list: readonly Node[]): void {
    for (const n of list) this.walk(dot, n);
  }

  private walk(dot: Typed, n: Node): void {
    this.opts.budget?.step();
    switch (n.kind) {
      case 'text':
        this.write(n.text);
        return;
      case 'action': {
        const v = this.evalPipeline(dot, n.pipe);
        if (n.pipe.decl.length === 0) {
          this.at({ pos: n.pos, text: `{{${nodeString(n.pipe)}}}` });
          this.write(v === NO_VALUE ? '<no value>' : formatV(v));
        }
        return;
      }
      case 'if':
      case 'with': {
        const mark = this.vars.length;
        const v = this.evalPipeline(dot, n.pipe);
        if (truth(v)) this.walkList(n.kind === 'with' ? { v, iface: false } : dot, n.list);
        else if (n.elseList) this.walkList(dot, n.elseList);
        this.vars.length = mark;
        return;
      }
      case 'range':
        this.walkRange(dot, n);
        return;
      case 'break':
        throw new BreakSignal();
      case 'continue':
        throw new ContinueSignal();
      case 'template': {
        this.at({ pos: n.pos, text: `{{template ${goQuote(n.name)}${n.pipe ? ' ' + nodeString(n.pipe) : ''}}}` });
        const body = this.defs.get(n.name);
        if (!body) this.errorf(`template ${goQuote(n.name)} not defined`);
        this.opts.budget?.checkDepth(this.depth + 1);
        // No dynamic scoping: the called template sees only $ = its dot.
        const v = n.pipe ? this.evalPipeline(dot, n.pipe) : NO_VALUE;
        new State(this.opts, this.defs, n.name, v, this.out, this.depth + 1).walkList({ v, iface: false }, body!);
        return;
      }
    }
  }

  private walkRange(dot: Typed, r: ControlNode): void {
    const mark0 = this.vars.length;
    const val = this.evalPipeline(dot, r.pipe);
    const mark = this.vars.length;
    const decl = r.pipe.decl;
    const one = (index: GoValue, elem: Typed): boolean => {
      if (decl.length > 0) {
        if (r.pipe.isAssign) this.setVar(decl[0], decl.length > 1 ? { v: index, iface: false } : elem);
        else this.vars[this.vars.length - 1].value = elem;
      }
      if (decl.length > 1) {
        if (r.pipe.isAssign) this.setVar(decl[1], elem);
        else this.vars[this.vars.length - 2].value = { v: index, iface: false };
      }
      try {
        this.walkList(elem, r.list);
      } catch (e) {
        if (e instanceof BreakSignal) return false;
        if (!(e instanceof ContinueSignal)) throw e;
      } finally {
        this.vars.length = mark;
      }
      return true;
    };
    let ran = false;
    if (Array.isArray(val)) {
      for (let i = 0; i < val.length; i++) {
        ran = true;
        if (!one(lit('int', i), { v: val[i], iface: true })) break;
      }
    } else if (isMap(val)) {
      for (const k of Object.keys(val).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))) {
        ran = true;
        if (!one(k, { v: val[k], iface: true })) break;
      }
    } else if (val !== NO_VALUE) this.errorf(`range can't iterate over ${formatV(val)}`);
    if (!ran && r.elseList) this.walkList(dot, r.elseList);
    this.vars.length = mark0;
  }

  private setVar(name: string, value: Typed): void {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      if (this.vars[i].name === name) {
        this.vars[i].value = value;
        return;
      }
    }
    this.errorf(`undefined variable: ${name}`);
  }

  private varValue(name: string): Typed {
    for (let i = this.vars.length - 1; i >= 0; i--) if (this.vars[i].name === name) return this.vars[i].value;
    return this.errorf(`undefined variable: ${name}`);
  }

  private evalPipeline(dot: Typed, pipe: PipeNode): Val {
    this.atArg(pipe);
    let value: Final = MISSING;
    for (const cmd of pipe.cmds) {
      value = this.evalCommand(dot, cmd, value);
      // exec.go: a value of type interface{} is replaced by what it holds ("lovely!"); nil becomes no value.
      if (value === null) value = NO_VALUE;
    }
    const v = value as Val;
    for (const name of pipe.decl) {
      if (pipe.isAssign) this.setVar(name, { v, iface: false });
      else this.vars.push({ name, value: { v, iface: false } });
    }
    return v;
  }

  private notAFunction(args: readonly Arg[], final: Final): void {
    if (args.length > 1 || final !== MISSING) this.errorf(`can't give argument to non-function ${nodeString(args[0])}`);
  }

  private evalCommand(dot: Typed, cmd: CommandNode, final: Final): Val {
    const first = cmd.args[0];
    switch (first.kind) {
      case 'field':
        this.atArg(first);
        return this.evalFieldChain(dot, dot, first.ident, cmd.args, final);
      case 'chain':
        return this.evalChain(dot, first, cmd.args, final);
      case 'identifier':
        return this.evalFunction(dot, first, cmd, cmd.args, final);
      case 'pipe':
        this.notAFunction(cmd.args, final);
        return this.evalPipeline(dot, first);
      case 'variable':
        return this.evalVariable(first, cmd.args, final, dot);
    }
    this.atArg(first);
    this.notAFunction(cmd.args, final);
    switch (first.kind) {
      case 'bool':
        return first.value;
      case 'dot':
        return dot.v;
      case 'nil':
        return this.errorf('nil is not a command');
      case 'number':
        return lit(first.lit.type, first.lit.value);
      case 'string':
        return first.text;
    }
  }

  private evalVariable(n: Extract<Arg, { kind: 'variable' }>, args: readonly Arg[], final: Final, dot: Typed): Val {
    this.atArg(n);
    const value = this.varValue(n.ident[0]);
    if (n.ident.length === 1) {
      this.notAFunction(args, final);
      return value.v;
    }
    return this.evalFieldChain(dot, value, n.ident.slice(1), args, final);
  }

  private evalChain(dot: Typed, n: Extract<Arg, { kind: 'chain' }>, args: readonly Arg[], final: Final): Val {
    if (n.node.kind === 'nil') this.errorf(`indirection through explicit nil in ${nodeString(n)}`);
    const pipe = this.evalArg(dot, 'any', n.node);
    return this.evalFieldChain(dot, { v: pipe, iface: false }, n.field, args, final);
  }

  private evalFieldChain(dot: Typed, receiver: Typed, idents: readonly string[], args: readonly Arg[], final: Final): Val {
    let r = receiver;
    for (let i = 0; i < idents.length - 1; i++) r = { v: this.evalField(r, idents[i], [], MISSING), iface: true };
    return this.evalField(r, idents[idents.length - 1], args, final);
  }

  private evalField(receiver: Typed, name: string, args: readonly Arg[], final: Final): Val {
    const v = receiver.v;
    if (v === NO_VALUE) {
      if (this.opts.missingKeyError) this.errorf(`nil data; no entry for key ${goQuote(name)}`);
      return NO_VALUE;
    }
    if (v === null) this.errorf(`nil pointer evaluating interface {}.${name}`);
    if (isMap(v)) {
      if (args.length > 1 || final !== MISSING) this.errorf(`${name} is not a method but has arguments`);
      if (Object.hasOwn(v, name) && v[name] !== undefined) return v[name];
      if (this.opts.missingKeyError) this.errorf(`map has no entry for key ${goQuote(name)}`);
      return NO_VALUE;
    }
    return this.errorf(`can't evaluate field ${name} in type ${receiver.iface ? 'interface {}' : goTypeName(v)}`);
  }

  private evalFunction(dot: Typed, ident: Extract<Arg, { kind: 'identifier' }>, cmd: Arg | CommandNode, args: readonly Arg[], final: Final): Val {
    this.atArg(ident);
    const name = ident.name;
    const fn = FUNCS.get(name);
    const rest = args.slice(1);
    if (name === 'and' || name === 'or') {
      const numIn = rest.length + (final !== MISSING ? 1 : 0);
      if (numIn < 1) this.errorf(`wrong number of args for ${name}: want at least 1 got ${numIn}`);
      let v: Val = NO_VALUE;
      for (const a of rest) {
        v = this.evalArg(dot, 'value', a);
        if (truth(v) === (name === 'or')) return v;
      }
      return final !== MISSING ? final : v;
    }
    if (!fn) return this.errorf(`${goQuote(name)} is not a defined function`);
    const numIn = rest.length + (final !== MISSING ? 1 : 0);
    if (fn.variadic !== undefined) {
      if (numIn < fn.fixed.length) this.errorf(`wrong number of args for ${name}: want at least ${fn.fixed.length} got ${numIn}`);
    } else if (numIn !== fn.fixed.length) this.errorf(`wrong number of args for ${name}: want ${fn.fixed.length} got ${numIn}`);
    const paramType = (i: number): ParamType => (i < fn.fixed.length ? fn.fixed[i] : fn.variadic!);
    const argv = rest.map((a, i) => this.evalArg(dot, paramType(i), a));
    if (final !== MISSING) argv.push(this.validateType(final, paramType(argv.length)));
    try {
      return fn.call(argv);
    } catch (e) {
      if (!(e instanceof FuncError)) throw e;
      this.atArg(cmd);
      return this.errorf(`error calling ${name}: ${e.message}`);
    }
  }

  /** validateType: converts a value to a parameter type or fails as reflect would. */
  private validateType(v: Val, type: ParamType): Val {
    if (v === NO_VALUE) {
      if (type === 'any') return null;
      if (type === 'value') return NO_VALUE;
      this.errorf(`invalid value; expected ${type}`);
    }
    if (type === 'string' && typeof v !== 'string') this.errorf(`wrong type for value; expected string; got ${v === null ? 'interface {}' : goTypeName(v)}`);
    return v;
  }

  private evalArg(dot: Typed, type: ParamType, n: Arg): Val {
    this.atArg(n);
    switch (n.kind) {
      case 'dot':
        return this.validateType(dot.v, type);
      case 'nil':
        if (type === 'string') this.errorf('cannot assign nil to string');
        return type === 'value' ? NO_VALUE : null;
      case 'field':
        return this.validateType(this.evalFieldChain(dot, dot, n.ident, [n], MISSING), type);
      case 'variable':
        return this.validateType(this.evalVariable(n, [], MISSING, dot), type);
      case 'pipe':
        return this.validateType(this.evalPipeline(dot, n), type);
      case 'identifier':
        return this.validateType(this.evalFunction(dot, n, n, [], MISSING), type);
      case 'chain':
        return this.validateType(this.evalChain(dot, n, [], MISSING), type);
    }
    if (type === 'string') {
      if (n.kind === 'string') return n.text;
      return this.errorf(`expected string; found ${nodeString(n)}`);
    }
    switch (n.kind) {
      case 'bool':
        return n.value;
      case 'number':
        return lit(n.lit.type, n.lit.value);
      case 'string':
        return n.text;
    }
  }
}

