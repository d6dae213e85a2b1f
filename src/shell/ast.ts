/**
 * The shell's syntax tree: a script is `;`-separated and/or lists of pipelines
 * of simple commands. Words keep their quoting so that expansion (which needs
 * the environment at run time, after earlier `export`s) happens at execution,
 * as in bash.
 */

/** One piece of a word: literal text, a `$VAR` reference or a command substitution, with its quoting. */
export type WordPart =
  | {
      /** Literal text. */
      readonly kind: 'text';
      /** The characters, quotes and escapes already removed. */
      readonly text: string;
      /** True when the text came from quotes or a backslash (no tilde or field splitting). */
      readonly quoted: boolean;
    }
  | {
      /** A parameter expansion `$NAME`, `${NAME}` or `$?`. */
      readonly kind: 'var';
      /** The parameter name. */
      readonly name: string;
      /** True inside double quotes (the value is not field-split). */
      readonly quoted: boolean;
    }
  | {
      /** A command substitution `$(cmd)` or `` `cmd` ``. */
      readonly kind: 'subst';
      /**
       * The command's source text (backticks' escapes already undone).
       */
      readonly source: string;
      /** True inside double quotes (the output is one field). */
      readonly quoted: boolean;
      /** The text as typed, `$(…)` or `` `…` ``, for error messages. */
      readonly raw: string;
      /** A `$(…)`'s command, parsed with the line (backquoted commands are parsed when they run). */
      readonly script?: Script;
    };

/** A shell word before expansion. */
export interface Word {
  /** Its pieces in order. */
  readonly parts: readonly WordPart[];
}

/** A redirection attached to a simple command. */
export type Redirect =
  | {
      /** `>`, `>>`, `2>`, `&>` and friends: send a stream into a file. */
      readonly kind: 'file';
      /** The stream redirected: 1, 2, or both (`&>`). */
      readonly fd: 1 | 2 | 'both';
      /** The file name, expanded at run time. */
      readonly target: Word;
      /** `>>`: append instead of truncate. */
      readonly append: boolean;
    }
  | {
      /** `2>&1`, `>&2`: make `fd` a copy of `to`. */
      readonly kind: 'dup';
      /** The descriptor being redirected. */
      readonly fd: 1 | 2;
      /** The descriptor copied. */
      readonly to: 1 | 2;
    }
  | {
      /** `< file`: read stdin from a file. */
      readonly kind: 'input';
      /** The file name. */
      readonly target: Word;
    };

/** `NAME=value` before a command (or alone, setting a shell variable). */
export interface Assignment {
  /** The variable name. */
  readonly name: string;
  /** The value, expanded without field splitting. */
  readonly value: Word;
}

/** A simple command: assignments, words and redirections. */
export interface SimpleCommand {
  readonly type: 'command';
  /** Leading `NAME=value` words. */
  readonly assignments: readonly Assignment[];
  /** The command name and its arguments. */
  readonly words: readonly Word[];
  /** Redirections in the order written (order matters: `>f 2>&1` vs `2>&1 >f`). */
  readonly redirects: readonly Redirect[];
  /** Followed by `|&`: stderr also goes into the pipe. */
  readonly pipeStderr: boolean;
}

/** Commands joined by `|`. */
export interface Pipeline {
  readonly type: 'pipeline';
  /** `! cmd`: the exit status is inverted. */
  readonly negated: boolean;
  /** The stages, left to right. */
  readonly commands: readonly SimpleCommand[];
}

/** Pipelines joined by `&&` and `||`. */
export interface AndOrList {
  readonly type: 'and-or';
  /** The first pipeline. */
  readonly first: Pipeline;
  /** Each further pipeline with the operator before it. */
  readonly rest: readonly { readonly op: '&&' | '||'; readonly pipeline: Pipeline }[];
}

/** A whole command line: and/or lists separated by `;`, `&` or newlines. */
export interface Script {
  readonly type: 'script';
  /** The lists, run one after another. */
  readonly lists: readonly AndOrList[];
}
