/**
 * The parser of Go's text/template (src/text/template/parse/parse.go and
 * node.go, Go 1.23): the node tree the executor walks, node texts as
 * `String()` prints them (they appear in execution errors), and parse errors
 * worded as upstream (`template: output:1: unexpected EOF`).
 * `define` and `block` add named templates that `template` runs.
 */
import { isKeyword, lex, type Item, type ItemType } from './lex.js';
import { goQuote } from '../../../../cluster/go-quote.js';

/** A template literal number: Go gives it type int, float64 or int32 (a rune). */
export interface NumberLit {
  readonly type: 'int' | 'float64' | 'int32';
  readonly value: number;
}

/** Parse-tree nodes (node.go). */
export type Node =
  | { kind: 'text'; pos: number; text: string }
  | { kind: 'action'; pos: number; pipe: PipeNode }
  | ControlNode
  | { kind: 'break' | 'continue'; pos: number }
  | { kind: 'template'; pos: number; name: string; pipe?: PipeNode };

/** {{if}}, {{range}} or {{with}} with its lists. */
export interface ControlNode {
  readonly kind: 'if' | 'range' | 'with';
  readonly pos: number;
  readonly pipe: PipeNode;
  readonly list: Node[];
  readonly elseList?: Node[];
}

/** A pipeline with its declared variables. */
export interface PipeNode {
  readonly kind: 'pipe';
  readonly pos: number;
  readonly isAssign: boolean;
  readonly decl: string[];
  readonly cmds: CommandNode[];
}

/** One command of a pipeline. */
export interface CommandNode {
  readonly kind: 'command';
  readonly pos: number;
  readonly args: Arg[];
}

/** An operand. */
export type Arg =
  | { kind: 'field'; pos: number; ident: string[] }
  | { kind: 'variable'; pos: number; ident: string[] }
  | { kind: 'chain'; pos: number; node: Arg; field: string[] }
  | { kind: 'identifier'; pos: number; name: string }
  | { kind: 'dot'; pos: number }
  | { kind: 'nil'; pos: number }
  | { kind: 'bool'; pos: number; value: boolean }
  | { kind: 'number'; pos: number; text: string; lit: NumberLit }
  | { kind: 'string'; pos: number; quoted: string; text: string }
  | PipeNode;

/** A failed parse, with the message text/template gives. */
export class TemplateParseError extends Error {}

/** node.go String() of an operand, pipeline or command. */
export function nodeString(n: Arg | CommandNode): string {
  switch (n.kind) {
    case 'field':
      return n.ident.map((i) => '.' + i).join('');
    case 'variable':
      return n.ident.join('.');
    case 'chain':
      return (n.node.kind === 'pipe' ? `(${nodeString(n.node)})` : nodeString(n.node)) + n.field.map((f) => '.' + f).join('');
    case 'identifier':
      return n.name;
    case 'dot':
      return '.';
    case 'nil':
      return 'nil';
    case 'bool':
      return String(n.value);
    case 'number':
      return n.text;
    case 'string':
      return n.quoted;
    case 'command':
      return n.args.map((a) => (a.kind === 'pipe' ? `(${nodeString(a)})` : nodeString(a))).join(' ');
    case 'pipe': {
      const decl = n.decl.length > 0 ? n.decl.join(', ') + (n.isAssign ? ' = ' : ' := ') : '';
      return decl + n.cmds.map(nodeString).join(' | ');
    }
  }
}

/** Go's %.10q: the first ten characters, quoted, then `...`. */
function quoteTrunc(s: string): string {
  const chars = [...s];
  return chars.length > 10 ? `${goQuote(chars.slice(0, 10).join(''))}...` : goQuote(s);
}

export { goQuote };

/** strconv.Unquote of a "…" or `…` token. */
function unquote(token: string): string {
  if (token.startsWith('`')) return token.slice(1, -1).replace(/\r/g, '');
  let out = '';
  const body = token.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = body[++i];
    const simple: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', '"': '"', "'": "'" };
    if (e in simple && e !== "'") out += simple[e];
    else if (e === 'x' || e === 'u' || e === 'U') {
      const n = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const hex = body.slice(i + 1, i + 1 + n);
      if (!new RegExp(`^[0-9A-Fa-f]{${n}}$`).test(hex)) throw new TemplateParseError('invalid syntax');
      out += String.fromCodePoint(parseInt(hex, 16));
      i += n;
    } else if (e >= '0' && e <= '7') {
      const oct = body.slice(i, i + 3);
      if (!/^[0-7]{3}$/.test(oct)) throw new TemplateParseError('invalid syntax');
      out += String.fromCharCode(parseInt(oct, 8));
      i += 2;
    } else throw new TemplateParseError('invalid syntax');
  }
  return out;
}

function parseNumber(text: string, typ: ItemType): NumberLit {
  if (typ === 'charConstant') {
    // strconv.UnquoteChar of the first character; anything left before the closing quote is malformed.
    const body = text.slice(1, -1);
    const m = /^(\\(x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|[0-7]{3}|.)|[^\\])/su.exec(body);
    if (!m) throw new TemplateParseError('invalid syntax');
    if (m[0].length !== body.length) throw new TemplateParseError(`malformed character constant: ${text}`);
    const s = m[0] === '"' ? '"' : m[0] === "\\'" ? "'" : unquote(`"${m[0]}"`);
    return { type: 'int32', value: s.codePointAt(0) ?? 0 };
  }
  const clean = text.replace(/_/g, '');
  if (/^[+-]?(0[xX][0-9a-fA-F]+|0[oO]?[0-7]+|0[bB][01]+|\d+)$/.test(clean)) {
    const neg = clean.startsWith('-');
    const body = clean.replace(/^[+-]/, '');
    const v = /^0[oO]?[0-7]+$/.test(body) && body !== '0' ? parseInt(body.replace(/^0[oO]?/, ''), 8) : Number(body.replace(/^0[bB]/, '0b'));
    return { type: 'int', value: neg ? -v : v };
  }
  const f = Number(clean);
  if (clean !== '' && !Number.isNaN(f) && /^[+-]?(\d*\.?\d*([eE][+-]?\d+)?)$/.test(clean) && /\d/.test(clean)) {
    // Go: an integral float constant written with . e or E stays float64.
    return { type: 'float64', value: f };
  }
  throw new TemplateParseError(`illegal number syntax: ${goQuote(text)}`);
}

const BUILTINS: ReadonlySet<string> = new Set(['and', 'call', 'html', 'index', 'slice', 'js', 'len', 'not', 'or', 'print', 'printf', 'println', 'urlquery', 'eq', 'ge', 'gt', 'le', 'lt', 'ne']);

/** A parsed template: its body and the templates it defines. */
export interface ParsedTemplate {
  readonly root: Node[];
  readonly defs: ReadonlyMap<string, Node[]>;
}

/** Parses a template named `name` with the extra functions `funcs`; throws TemplateParseError. */
export function parseTemplate(text: string, name: string, funcs: ReadonlySet<string>): ParsedTemplate {
  const defs = new Map<string, Node[]>();
  const items = lex(text);
  let i = 0;
  let vars: string[] = ['$'];
  let rangeDepth = 0;
  let actionLine = 0;
  let last: Item = items[0];

  const errorf = (msg: string, line = last.line): never => {
    throw new TemplateParseError(`template: ${name}:${line}: ${msg}`);
  };
  const next = (): Item => (last = items[Math.min(i++, items.length - 1)]);
  const backup = (): void => {
    i--;
  };
  const peek = (): Item => items[Math.min(i, items.length - 1)];
  const nextNonSpace = (): Item => {
    let t = next();
    while (t.typ === 'space') t = next();
    return t;
  };
  const peekNonSpace = (): Item => {
    const t = nextNonSpace();
    backup();
    return t;
  };
  const itemString = (t: Item): string => {
    if (t.typ === 'eof') return 'EOF';
    if (t.typ === 'error') return t.val;
    if (isKeyword(t.typ)) return `<${t.val}>`;
    return quoteTrunc(t.val);
  };
  const unexpected = (t: Item, context: string): never => {
    if (t.typ === 'error') {
      const extra = actionLine !== 0 && actionLine !== t.line ? ` in action started at ${name}:${actionLine}` : '';
      return errorf(`${t.val}${extra}`, t.line);
    }
    return errorf(`unexpected ${itemString(t)} in ${context}`, t.line);
  };
  const expect = (typ: ItemType, context: string): Item => {
    const t = nextNonSpace();
    if (t.typ !== typ) unexpected(t, context);
    return t;
  };

  const term = (): Arg | undefined => {
    const t = nextNonSpace();
    switch (t.typ) {
      case 'identifier':
        if (!BUILTINS.has(t.val) && !funcs.has(t.val)) errorf(`function ${goQuote(t.val)} not defined`, t.line);
        return { kind: 'identifier', pos: t.pos, name: t.val };
      case 'dot':
        return { kind: 'dot', pos: t.pos };
      case 'nil':
        return { kind: 'nil', pos: t.pos };
      case 'variable': {
        if (!vars.includes(t.val)) errorf(`undefined variable ${goQuote(t.val)}`, t.line);
        return { kind: 'variable', pos: t.pos, ident: [t.val] };
      }
      case 'field':
        return { kind: 'field', pos: t.pos, ident: [t.val.slice(1)] };
      case 'bool':
        return { kind: 'bool', pos: t.pos, value: t.val === 'true' };
      case 'charConstant':
      case 'number':
        try {
          return { kind: 'number', pos: t.pos, text: t.val, lit: parseNumber(t.val, t.typ) };
        } catch (e) {
          return errorf((e as Error).message, t.line);
        }
      case 'leftParen':
        return pipeline('parenthesized pipeline', 'rightParen');
      case 'string':
      case 'rawString':
        try {
          return { kind: 'string', pos: t.pos, quoted: t.val, text: unquote(t.val) };
        } catch (e) {
          return errorf((e as Error).message, t.line);
        }
    }
    backup();
    return undefined;
  };

  const operand = (): Arg | undefined => {
    const node = term();
    if (!node) return undefined;
    if (peek().typ !== 'field') return node;
    const pos = peek().pos;
    const fields: string[] = [];
    while (peek().typ === 'field') fields.push(next().val.slice(1));
    switch (node.kind) {
      case 'field':
        return { kind: 'field', pos, ident: [...node.ident, ...fields] };
      case 'variable':
        return { kind: 'variable', pos, ident: [...node.ident, ...fields] };
      case 'bool':
      case 'string':
      case 'number':
      case 'nil':
      case 'dot':
        return errorf(`unexpected . after term ${goQuote(nodeString(node))}`);
      default:
        return { kind: 'chain', pos, node, field: fields };
    }
  };

  const command = (): CommandNode => {
    const cmd: CommandNode = { kind: 'command', pos: peekNonSpace().pos, args: [] };
    for (;;) {
      peekNonSpace();
      const op = operand();
      if (op) cmd.args.push(op);
      const t = next();
      if (t.typ === 'space') continue;
      if (t.typ === 'rightDelim' || t.typ === 'rightParen') backup();
      else if (t.typ !== 'pipe') unexpected(t, 'operand');
      break;
    }
    if (cmd.args.length === 0) errorf('empty command');
    return cmd;
  };

  function pipeline(context: string, end: ItemType): PipeNode {
    const first = peekNonSpace();
    const pipe: PipeNode = { kind: 'pipe', pos: first.pos, isAssign: false, decl: [], cmds: [] };
    let isAssign = false;
    decls: for (;;) {
      const v = peekNonSpace();
      if (v.typ !== 'variable') break;
      nextNonSpace();
      const after = peek();
      const n = peekNonSpace();
      if (n.typ === 'assign' || n.typ === 'declare') {
        isAssign = n.typ === 'assign';
        nextNonSpace();
        pipe.decl.push(v.val);
        vars.push(v.val);
        break;
      }
      if (n.typ === 'char' && n.val === ',') {
        nextNonSpace();
        pipe.decl.push(v.val);
        vars.push(v.val);
        if (context === 'range' && pipe.decl.length < 2) {
          const p = peekNonSpace().typ;
          if (p === 'variable' || p === 'rightDelim' || p === 'rightParen') continue decls;
          errorf('range can only initialize variables');
        }
        errorf(`too many declarations in ${context}`);
      }
      // Not a declaration: the variable is an operand; put it (and any space) back.
      i = items.indexOf(v);
      void after;
      break;
    }
    for (;;) {
      const t = nextNonSpace();
      if (t.typ === end) {
        if (pipe.cmds.length === 0) errorf(`missing value for ${context}`);
        pipe.cmds.slice(1).forEach((c, k) => {
          if (['bool', 'dot', 'nil', 'number', 'string'].includes(c.args[0].kind)) errorf(`non executable command in pipeline stage ${k + 2}`);
        });
        return { ...pipe, isAssign };
      }
      switch (t.typ) {
        case 'bool':
        case 'charConstant':
        case 'dot':
        case 'field':
        case 'identifier':
        case 'number':
        case 'nil':
        case 'rawString':
        case 'string':
        case 'variable':
        case 'leftParen':
          backup();
          pipe.cmds.push(command());
          break;
        default:
          unexpected(t, context);
      }
    }
  }

  type Stop = { kind: 'end' | 'else'; pos: number; line: number };
  const itemList = (): { list: Node[]; stop: Stop } => {
    const list: Node[] = [];
    while (peekNonSpace().typ !== 'eof') {
      const n = textOrAction();
      if ('kind' in n && (n.kind === 'end' || n.kind === 'else')) return { list, stop: n as Stop };
      list.push(n as Node);
    }
    return errorf('unexpected EOF');
  };

  const control = (context: 'if' | 'range' | 'with'): Node => {
    const mark = vars.length;
    const pipe = pipeline(context, 'rightDelim');
    if (context === 'range') rangeDepth++;
    const { list, stop } = itemList();
    if (context === 'range') rangeDepth--;
    let elseList: Node[] | undefined;
    if (stop.kind === 'else') {
      // {{else if}} / {{else with}} chain into a nested control ending at the same {{end}}.
      if ((context === 'if' && peek().typ === 'if') || (context === 'with' && peek().typ === 'with')) {
        next();
        elseList = [control(context)];
      } else {
        const rest = itemList();
        if (rest.stop.kind !== 'end') errorf(`expected end; found {{else}}`);
        elseList = rest.list;
      }
    }
    vars = vars.slice(0, mark);
    return { kind: context, pos: pipe.pos, pipe, list, ...(elseList ? { elseList } : {}) };
  };

  const action = (): Node | Stop => {
    const t = nextNonSpace();
    switch (t.typ) {
      case 'else': {
        const p = peekNonSpace();
        if (p.typ === 'if' || p.typ === 'with') return { kind: 'else', pos: p.pos, line: p.line };
        const r = expect('rightDelim', 'else');
        return { kind: 'else', pos: r.pos, line: r.line };
      }
      case 'end': {
        const r = expect('rightDelim', 'end');
        return { kind: 'end', pos: r.pos, line: r.line };
      }
      case 'if':
      case 'range':
      case 'with':
        return control(t.typ);
      case 'break':
      case 'continue':
        if (rangeDepth === 0) errorf(`{{${t.typ}}} outside {{range}}`);
        expect('rightDelim', t.typ);
        return { kind: t.typ, pos: t.pos };
      case 'template':
      case 'block': {
        const context = `${t.typ} clause`;
        const nameTok = nextNonSpace();
        if (nameTok.typ !== 'string' && nameTok.typ !== 'rawString') unexpected(nameTok, context);
        const tname = unquote(nameTok.val);
        let pipe: PipeNode | undefined;
        if (t.typ === 'block') pipe = pipeline(context, 'rightDelim');
        else if (nextNonSpace().typ !== 'rightDelim') {
          backup();
          pipe = pipeline(context, 'rightDelim');
        }
        // {{block "x" .}}T{{end}}: define x as T, then run it like {{template "x" .}}.
        if (t.typ === 'block') definition(tname, context, false);
        return { kind: 'template', pos: nameTok.pos, name: tname, ...(pipe ? { pipe } : {}) };
      }
    }
    backup();
    const pipe = pipeline('command', 'rightDelim');
    return { kind: 'action', pos: t.pos, pipe };
  };

  function textOrAction(): Node | Stop {
    const t = nextNonSpace();
    switch (t.typ) {
      case 'text':
        return { kind: 'text', pos: t.pos, text: t.val };
      case 'leftDelim': {
        actionLine = peekNonSpace().line;
        const n = action();
        actionLine = 0;
        return n;
      }
    }
    return unexpected(t, 'input');
  }

  /** parseDefinition: the body up to {{end}} becomes template `tname` (with its own variables). */
  function definition(tname: string, context: string, expectDelim: boolean): void {
    if (expectDelim) expect('rightDelim', context);
    const saved = vars;
    vars = ['$'];
    const { list, stop } = itemList();
    vars = saved;
    if (stop.kind !== 'end') errorf(`unexpected {{${stop.kind}}} in ${context}`);
    const existing = defs.get(tname);
    if (existing && existing.some((n) => n.kind !== 'text' || n.text.trim() !== '') && list.some((n) => n.kind !== 'text' || n.text.trim() !== '')) {
      errorf(`template: multiple definition of template ${goQuote(tname)}`);
    }
    if (!existing || existing.every((n) => n.kind === 'text' && n.text.trim() === '')) defs.set(tname, list);
  }

  const root: Node[] = [];
  while (peek().typ !== 'eof') {
    if (peek().typ === 'leftDelim') {
      const mark = i;
      next();
      if (nextNonSpace().typ === 'define') {
        const nameTok = nextNonSpace();
        if (nameTok.typ !== 'string' && nameTok.typ !== 'rawString') unexpected(nameTok, 'define clause');
        definition(unquote(nameTok.val), 'define clause', true);
        continue;
      }
      i = mark;
    }
    const n = textOrAction();
    if ('kind' in n && (n.kind === 'end' || n.kind === 'else')) errorf(`unexpected {{${n.kind}}}`);
    root.push(n as Node);
  }
  return { root, defs };
}
