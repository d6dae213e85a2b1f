/** The syntax tree of an awk program (the subset learners use in pipelines). */

/** An expression. */
export type Expr =
  | { readonly t: 'num'; readonly value: number }
  | { readonly t: 'str'; readonly value: string }
  | { readonly t: 'regex'; readonly source: string }
  | { readonly t: 'var'; readonly name: string }
  | { readonly t: 'index'; readonly name: string; readonly subs: readonly Expr[] }
  | { readonly t: 'field'; readonly index: Expr }
  | { readonly t: 'assign'; readonly op: string; readonly target: Expr; readonly value: Expr }
  | { readonly t: 'cond'; readonly test: Expr; readonly then: Expr; readonly else: Expr }
  | { readonly t: 'binary'; readonly op: string; readonly left: Expr; readonly right: Expr }
  | { readonly t: 'unary'; readonly op: string; readonly operand: Expr }
  | { readonly t: 'incdec'; readonly op: '++' | '--'; readonly prefix: boolean; readonly target: Expr }
  | { readonly t: 'match'; readonly negated: boolean; readonly left: Expr; readonly right: Expr }
  | { readonly t: 'in'; readonly subs: readonly Expr[]; readonly name: string }
  | { readonly t: 'call'; readonly name: string; readonly args: readonly Expr[] }
  | { readonly t: 'user-call'; readonly name: string; readonly args: readonly Expr[] }
  | { readonly t: 'group'; readonly expr: Expr };

/** Where print output goes. */
export interface OutputRedirect {
  /** `>`, `>>` or `|`. */
  readonly op: '>' | '>>' | '|';
  /** The file (or command) name. */
  readonly target: Expr;
}

/** A statement. */
export type Stmt =
  | { readonly t: 'block'; readonly body: readonly Stmt[] }
  | { readonly t: 'expr'; readonly expr: Expr }
  | { readonly t: 'print'; readonly args: readonly Expr[]; readonly redirect?: OutputRedirect }
  | { readonly t: 'printf'; readonly args: readonly Expr[]; readonly redirect?: OutputRedirect }
  | { readonly t: 'if'; readonly test: Expr; readonly then: Stmt; readonly else?: Stmt }
  | { readonly t: 'while'; readonly test: Expr; readonly body: Stmt }
  | { readonly t: 'do'; readonly body: Stmt; readonly test: Expr }
  | { readonly t: 'for'; readonly init?: Expr; readonly test?: Expr; readonly step?: Expr; readonly body: Stmt }
  | { readonly t: 'for-in'; readonly key: string; readonly array: string; readonly body: Stmt }
  | { readonly t: 'next' }
  | { readonly t: 'exit'; readonly code?: Expr }
  | { readonly t: 'return'; readonly value?: Expr }
  | { readonly t: 'break' }
  | { readonly t: 'continue' }
  | { readonly t: 'delete'; readonly name: string; readonly subs?: readonly Expr[] };

/** A pattern-action pair. */
export interface Rule {
  /** `BEGIN`, `END`, an expression, a range `[from, to]`, or none (every record). */
  readonly pattern: { readonly t: 'begin' } | { readonly t: 'end' } | { readonly t: 'expr'; readonly expr: Expr } | { readonly t: 'range'; readonly from: Expr; readonly to: Expr } | undefined;
  /** The action; undefined means `{ print }`. */
  readonly action: Stmt | undefined;
}

/** A user-defined function. */
export interface AwkFunction {
  /** Parameter names (extra ones are locals). */
  readonly params: readonly string[];
  /** Its body. */
  readonly body: Stmt;
}

/** A whole program. */
export interface AwkProgram {
  /** Rules in source order. */
  readonly rules: readonly Rule[];
  /** Functions by name. */
  readonly functions: ReadonlyMap<string, AwkFunction>;
}
