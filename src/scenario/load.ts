/**
 * Loads a scenario file: YAML (js-yaml's safe `load`) → zod schema, reporting
 * every problem as `file:line:col: message` at the node that caused it.
 *
 * Positions come from js-yaml's `listener` option: the loader calls it with
 * 'open' and 'close' around every node it composes, with the parser state, so
 * replaying those events rebuilds the node tree with source offsets
 * (js-yaml lib/loader.js `composeNode`).
 */
import { load, YAMLException } from 'js-yaml';
import { z } from 'zod';
import { faultParamSchemas } from '../faults/param-schemas.js';
import { SCENARIO_API_VERSION, scenarioSchema, type Scenario } from './schema.js';
import { allCauseIds, findComponent } from './taxonomy.js';
import { escapeControlCharacters, quote } from '../shell/sanitize.js';
import { readText } from './read-text.js';

export { readText };

/** One problem in a scenario file, at a 1-based line and column (0 and 0: the file as a whole). */
export interface ScenarioError {
  file: string;
  line: number;
  col: number;
  message: string;
}

/** What loading a scenario yields: the scenario, or every error found. */
export type LoadResult = { ok: true; scenario: Scenario } | { ok: false; errors: ScenarioError[] };

/** A 1-based source position. */
export interface SourcePosition {
  line: number;
  col: number;
}

/** A path into the document, as zod reports it: keys and array indices. */
export type DocPath = readonly PropertyKey[];

/** Formats an error as `file:line:col: message` (or `file: message` for whole-file errors). */
export function formatError(e: ScenarioError): string {
  // Messages quote scenario text: control characters are shown as `\x1b`, never sent raw.
  const text = e.line > 0 ? `${e.file}:${e.line}:${e.col}: ${e.message}` : `${e.file}: ${e.message}`;
  return escapeControlCharacters(text);
}

/** Formats a document path as people write it: `cluster.nodes[0].name`, `images["shop/app:1"]`. */
export function formatPath(path: DocPath): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_][\w-]*$/.test(String(seg))) out += out === '' ? String(seg) : `.${String(seg)}`;
    else out += `[${JSON.stringify(String(seg))}]`;
  }
  return out;
}

// ---------------------------------------------------------------------------
// Position tree

interface YamlNode {
  openPos: number;
  start: number;
  end: number;
  kind: 'mapping' | 'sequence' | 'scalar' | null;
  result: unknown;
  children: YamlNode[];
  entries?: Map<string, { key: YamlNode; value?: YamlNode }>;
  items?: (YamlNode | undefined)[];
}

/** Where each node of a parsed document starts, addressable by document path. */
export class PositionMap {
  private readonly lineStarts: number[];

  constructor(
    private readonly text: string,
    private readonly root: YamlNode | undefined,
  ) {
    this.lineStarts = [0];
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
  }

  /** Position of the value at `path`, or of the deepest existing ancestor (or the key, for an empty value). */
  valueAt(path: DocPath): SourcePosition {
    let node = this.root;
    let best = node?.start ?? 0;
    for (const seg of path) {
      const next = this.child(node, seg);
      if (!next) break;
      // An empty value (`key:` with nothing after it) is best shown at its key.
      if (next.key) best = next.key.start;
      node = next.value;
      if (!node) break;
      if (node.kind !== null) best = node.start;
    }
    return this.pos(best);
  }

  /** Position of the key of the mapping entry at `path` (falls back to `valueAt`). */
  keyAt(path: DocPath): SourcePosition {
    if (path.length === 0) return this.valueAt(path);
    const parent = this.nodeAt(path.slice(0, -1));
    const entry = this.child(parent, path[path.length - 1] as PropertyKey);
    return entry?.key ? this.pos(entry.key.start) : this.valueAt(path);
  }

  /** Whether the document holds a node at `path`. */
  has(path: DocPath): boolean {
    return this.nodeAt(path) !== undefined;
  }

  private nodeAt(path: DocPath): YamlNode | undefined {
    let node = this.root;
    for (const seg of path) {
      node = this.child(node, seg)?.value;
      if (!node) return undefined;
    }
    return node;
  }

  private child(node: YamlNode | undefined, seg: PropertyKey): { key?: YamlNode; value?: YamlNode } | undefined {
    if (!node) return undefined;
    if (node.kind === 'mapping') return node.entries?.get(String(seg));
    if (node.kind === 'sequence' && typeof seg === 'number') return { value: node.items?.[seg] };
    return undefined;
  }

  private pos(offset: number): SourcePosition {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.lineStarts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - (this.lineStarts[lo] as number) + 1 };
  }
}

/** Skips whitespace, line breaks and comments: where a node really starts after js-yaml opened it. */
function skipBlank(text: string, pos: number): number {
  let i = pos;
  while (i < text.length) {
    const ch = text[i];
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n') i++;
    else if (ch === '#') while (i < text.length && text[i] !== '\n') i++;
    else break;
  }
  return i;
}

/** Pairs a mapping node's children into key → {key, value} and a sequence's into items. */
function index(text: string, node: YamlNode): void {
  for (const c of node.children) index(text, c);
  const only = node.children.length === 1 ? node.children[0] : undefined;
  if (only && only.result === node.result && typeof node.result === 'object' && node.result !== null) {
    // js-yaml read a compact block mapping's would-be key, found no ':' and kept
    // that node as the whole result (loader.js readBlockMapping): same node, one level down.
    node.entries = only.entries;
    node.items = only.items;
    return;
  }
  if (node.kind === 'mapping') {
    node.entries = new Map();
    let key: YamlNode | undefined;
    for (const c of node.children) {
      if (key === undefined) {
        if (c.kind === null) continue; // js-yaml probing for another key and finding none
        let i = c.end;
        while (text[i] === ' ' || text[i] === '\t') i++;
        if (text[i] === ':' || (text[i] === '\n' && /^\s*:/.test(text.slice(i)))) key = c;
        else node.entries.set(String(c.result), { key: c });
      } else {
        node.entries.set(String(key.result), { key, value: c });
        key = undefined;
      }
    }
    if (key) node.entries.set(String(key.result), { key });
  } else if (node.kind === 'sequence' && Array.isArray(node.result)) {
    // An empty `- ` item has no node of its own, so align children to items by identity.
    const arr = node.result as unknown[];
    node.items = new Array<YamlNode | undefined>(arr.length);
    let i = 0;
    for (const c of node.children) {
      while (i < arr.length && !Object.is(arr[i], c.result)) i++;
      if (i < arr.length) node.items[i++] = c;
    }
  }
}

/** Parses YAML with js-yaml's safe `load`, also returning where each node is. */
function parseYaml(text: string): { value: unknown; positions: PositionMap } {
  const stack: YamlNode[] = [];
  let root: YamlNode | undefined;
  const listener = (event: 'open' | 'close', state: { position: number; kind: string | null; result: unknown }) => {
    if (event === 'open') {
      stack.push({ openPos: state.position, start: 0, end: 0, kind: null, result: undefined, children: [] });
      return;
    }
    const node = stack.pop() as YamlNode;
    node.end = state.position;
    node.kind = (state.kind as YamlNode['kind']) ?? null;
    node.result = state.result;
    node.start = skipBlank(text, node.openPos);
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else root = node;
  };
  const value = load(text, { listener } as Parameters<typeof load>[1]);
  if (root) index(text, root);
  return { value, positions: new PositionMap(text, root) };
}

// ---------------------------------------------------------------------------
// Messages

const MISSING = '\u0000missing';

function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  if (typeof v === 'string') return `string ${quote(v)}`;
  return `${typeof v} ${String(v)}`;
}

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping',
  record: 'a mapping',
};

/** The error map for a whole parse: human messages without the path (the caller prefixes it). */
function errorMap(iss: z.core.$ZodRawIssue): string | undefined {
  const i = iss as z.core.$ZodRawIssue & Record<string, unknown>;
  switch (iss.code) {
    case 'invalid_type':
      if (i.input === undefined) return MISSING;
      return `expected ${EXPECTED[String(i.expected)] ?? String(i.expected)}, got ${describeValue(i.input)}`;
    case 'invalid_value': {
      const values = (i.values as unknown[]).map(String);
      const suggestion = typeof i.input === 'string' ? didYouMean(i.input, values) : '';
      if (values.length === 1) return `expected "${values[0]}", got ${describeValue(i.input)}`;
      return `${suggestion ? `unknown value ${quote(i.input)}${suggestion}; ` : ''}expected one of ${values.join(', ')}`;
    }
    case 'too_small':
      if (i.origin === 'array') return `expected at least ${String(i.minimum)} item${i.minimum === 1 ? '' : 's'}`;
      if (i.origin === 'string') return i.minimum === 1 ? 'must not be empty' : `expected at least ${String(i.minimum)} characters`;
      return `must be ${i.inclusive ? 'at least' : 'greater than'} ${String(i.minimum)}`;
    case 'too_big':
      if (i.origin === 'array') return `expected at most ${String(i.maximum)} items`;
      if (i.origin === 'string') return `expected at most ${String(i.maximum)} characters`;
      return `must be ${i.inclusive ? 'at most' : 'less than'} ${String(i.maximum)}`;
    case 'invalid_format':
      return `invalid ${String(i.format)}`;
    case 'invalid_union':
      return 'does not match any allowed form';
    default:
      return undefined;
  }
}

function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] as number;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j] as number;
      prev[j] = Math.min(tmp + 1, (prev[j - 1] as number) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length] as number;
}

/** ` (did you mean "x"?)` for the closest candidate within a small edit distance, else ''. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = c.toLowerCase() === word.toLowerCase() ? 0 : editDistance(word, c);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  const limit = Math.max(2, Math.floor(word.length / 3));
  return best !== undefined && bestDistance <= limit ? ` (did you mean "${best}"?)` : '';
}

type AnySchema = z.core.$ZodType;

function unwrap(schema: AnySchema, data: unknown): AnySchema {
  let s = schema;
  for (;;) {
    const def = s._zod.def as unknown as Record<string, unknown> & { type: string };
    if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type)) {
      s = def.innerType as AnySchema;
    } else if (def.type === 'pipe') s = def.in as AnySchema;
    else if (def.type === 'lazy') s = (def.getter as () => AnySchema)();
    else if (def.type === 'union') {
      const options = def.options as AnySchema[];
      // One item or a list of them (`diagnosis`): follow the shape the data has.
      const list = Array.isArray(data) ? options.find((o) => unwrap(o, undefined)._zod.def.type === 'array') : undefined;
      if (list) {
        s = list;
        continue;
      }
      const type = (data as { type?: unknown } | null)?.type;
      const match = options.find((o) => {
        const shape = (unwrap(o, undefined)._zod.def as unknown as { shape?: Record<string, AnySchema> }).shape;
        const lit = shape?.type?._zod.def as unknown as { values?: unknown[] } | undefined;
        return lit?.values?.includes(type);
      });
      s = match ?? (options[0] as AnySchema);
    } else return s;
  }
}

/** The field names the schema allows for the mapping at `path` (for did-you-mean). */
function knownKeysAt(schema: AnySchema, path: DocPath, data: unknown): string[] {
  let s = unwrap(schema, data);
  let d = data;
  for (const seg of path) {
    d = (d as Record<PropertyKey, unknown> | null | undefined)?.[seg];
    const def = s._zod.def as unknown as Record<string, unknown> & { type: string };
    if (def.type === 'object') s = (def.shape as Record<string, AnySchema>)[String(seg)] as AnySchema;
    else if (def.type === 'array') s = def.element as AnySchema;
    else if (def.type === 'record') s = def.valueType as AnySchema;
    else return [];
    if (!s) return [];
    s = unwrap(s, d);
  }
  const def = s._zod.def as unknown as { type: string; shape?: Record<string, unknown> };
  return def.type === 'object' ? Object.keys(def.shape ?? {}) : [];
}

function prefixed(path: DocPath, message: string): string {
  return path.length === 0 ? message : `${formatPath(path)}: ${message}`;
}

/**
 * A union of shapes that are not told apart by a `type` field (one diagnosis or
 * a list of them) fails as a whole; report the issues of the one branch whose
 * shape the data has, as if there were no union.
 */
function withUnionsResolved(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || ('discriminator' in issue && issue.discriminator)) return [issue];
    const shaped = issue.errors.filter((branch) => !(branch.length === 1 && branch[0]?.code === 'invalid_type' && branch[0].path.length === 0));
    if (shaped.length !== 1) return [issue];
    return withUnionsResolved(shaped[0]!.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }) as z.core.$ZodIssue));
  });
}

/** Turns zod issues into positioned, human errors (one per unknown key), sorted by position. */
function issuesToErrors(
  rawIssues: readonly z.core.$ZodIssue[],
  positions: PositionMap,
  file: string,
  schema: AnySchema,
  data: unknown,
): ScenarioError[] {
  const issues = withUnionsResolved(rawIssues);
  const errors: ScenarioError[] = [];
  const at = (pos: SourcePosition, message: string) => errors.push({ file, line: pos.line, col: pos.col, message });
  const unknownAt = new Set(issues.filter((i) => i.code === 'unrecognized_keys').map((i) => formatPath(i.path)));
  const suggestion = (path: DocPath, key: string) => didYouMean(key, knownKeysAt(schema, path, data)).match(/"(.*)"/)?.[1];
  // A misspelled key that we suggest as the fix already explains the "missing" one.
  const explainedMissing = new Set(
    issues.flatMap((i) => (i.code === 'unrecognized_keys' ? i.keys.map((k) => formatPath([...i.path, suggestion(i.path, k) ?? ''])) : [])),
  );
  for (const issue of issues) {
    const path = issue.path;
    if (issue.code === 'unrecognized_keys') {
      const known = knownKeysAt(schema, path, data);
      for (const key of issue.keys) {
        at(positions.keyAt([...path, key]), prefixed(path, `unknown field ${quote(key)}${didYouMean(key, known)}`));
      }
    } else if (issue.code === 'invalid_union' && 'discriminator' in issue && issue.discriminator) {
      const value = path.reduce<unknown>((d, seg) => (d as Record<PropertyKey, unknown> | undefined)?.[seg], data);
      const options = ((issue as unknown as { options?: unknown[] }).options ?? []).map(String);
      const isFault = path.length >= 3 && path[path.length - 3] === 'faults';
      const known = isFault ? Object.keys(faultParamSchemas()) : options;
      const message =
        value === undefined
          ? `missing "${issue.discriminator}"; known: ${known.join(', ')}`
          : `unknown ${isFault ? 'fault' : 'type'} ${JSON.stringify(value)}${typeof value === 'string' ? didYouMean(value, known) : ''}; known: ${known.join(', ')}`;
      at(value === undefined ? positions.valueAt(path.slice(0, -1)) : positions.valueAt(path), prefixed(path, message));
    } else if (issue.code === 'invalid_key') {
      const inner = issue.issues[0]?.message ?? 'invalid key';
      at(positions.keyAt(path), prefixed(path.slice(0, -1), inner));
    } else if (issue.message === MISSING) {
      if (explainedMissing.has(formatPath(path))) continue;
      const parent = path.slice(0, -1);
      at(positions.valueAt(parent), prefixed(parent, `missing required field "${String(path[path.length - 1])}"`));
    } else if (issue.code === 'invalid_value' && path[0] === 'diagnosis' && path[path.length - 1] === 'cause') {
      // The full cause list is long; the causes of the named component are what helps.
      const entry = path.slice(0, -1).reduce<unknown>((d, seg) => (d as Record<PropertyKey, unknown> | undefined)?.[seg], data) as { component?: unknown; cause?: unknown } | undefined;
      const component = findComponent(String(entry?.component));
      const value = String(entry?.cause);
      const causes = component ? component.causes.map((c) => c.id) : allCauseIds();
      const where = component ? ` for component ${component.id}` : '';
      at(positions.valueAt(path), prefixed(path, `unknown cause ${quote(value)}${didYouMean(value, causes)}; causes${where}: ${causes.join(', ')}`));
    } else if (issue.code === 'custom' && unknownAt.has(formatPath(path))) {
      continue; // the unknown key already explains it
    } else {
      at(positions.valueAt(path), prefixed(path, issue.message));
    }
  }
  return errors.sort((a, b) => a.line - b.line || a.col - b.col);
}

// ---------------------------------------------------------------------------
// Entry points

/** A schema-valid scenario together with where each of its nodes is in the file. */
export type ParseResult = { ok: true; scenario: Scenario; positions: PositionMap } | { ok: false; errors: ScenarioError[] };

/** What {@link parseDocumentText} needs to know about a kind of kubedrill document (scenario, quiz bank). */
export interface DocumentFormat {
  /** What the document is called in messages: `scenario`, `quiz bank`. */
  readonly noun: string;
  /** The only apiVersion this build reads. */
  readonly apiVersion: string;
  /** The zod schema of the whole document (built lazily by the caller). */
  readonly schema: () => z.core.$ZodType;
}

/** A schema-valid document of some format, with the position of each node. */
export type DocumentParseResult<T> = { ok: true; value: T; positions: PositionMap } | { ok: false; errors: ScenarioError[] };

/**
 * Parses YAML text and checks it against a document format's schema, every
 * problem as a positioned error. Scenarios and quiz banks share this, so both
 * report errors in the same words at the same kind of position.
 */
export function parseDocumentText<T>(text: string, fileName: string, format: DocumentFormat): DocumentParseResult<T> {
  let parsed: { value: unknown; positions: PositionMap };
  try {
    parsed = parseYaml(text);
  } catch (err) {
    if (err instanceof YAMLException) {
      const mark = (err as YAMLException & { mark?: { line: number; column: number } }).mark;
      return {
        ok: false,
        errors: [{ file: fileName, line: (mark?.line ?? 0) + 1, col: (mark?.column ?? 0) + 1, message: `YAML: ${err.reason}` }],
      };
    }
    return { ok: false, errors: [{ file: fileName, line: 0, col: 0, message: `cannot parse: ${String(err)}` }] };
  }
  const { value, positions } = parsed;
  if (value === undefined || value === null) {
    return { ok: false, errors: [{ file: fileName, line: 1, col: 1, message: `empty file; expected a ${format.noun} starting with "apiVersion: ${format.apiVersion}"` }] };
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, errors: [{ file: fileName, line: 1, col: 1, message: `expected a mapping at the top level, got ${describeValue(value)}` }] };
  }
  // A file for another format version would drown in unrelated errors: report only the version.
  const apiVersion = (value as Record<string, unknown>).apiVersion;
  if (apiVersion !== undefined && apiVersion !== format.apiVersion) {
    const pos = positions.valueAt(['apiVersion']);
    return {
      ok: false,
      errors: [{ file: fileName, ...pos, message: `apiVersion: unsupported version ${JSON.stringify(apiVersion)}; this build reads ${format.apiVersion}` }],
    };
  }
  try {
    const schema = format.schema();
    const result = z.safeParse(schema, value, { error: errorMap });
    if (!result.success) {
      return { ok: false, errors: issuesToErrors(result.error.issues, positions, fileName, schema, value) };
    }
    return { ok: true, value: result.data as T, positions };
  } catch (err) {
    // A bug here (or in a fault's schema) must still read as one line, not a stack trace.
    return { ok: false, errors: [{ file: fileName, line: 0, col: 0, message: `internal error while checking the ${format.noun}: ${(err as Error).message}` }] };
  }
}

const SCENARIO_FORMAT: DocumentFormat = { noun: 'scenario', apiVersion: SCENARIO_API_VERSION, schema: scenarioSchema };

/** Parses and schema-checks scenario text, keeping the position map for later checks (validate.ts). */
export function parseScenarioText(text: string, fileName: string): ParseResult {
  const r = parseDocumentText<Scenario>(text, fileName, SCENARIO_FORMAT);
  return r.ok ? { ok: true, scenario: r.value, positions: r.positions } : r;
}

/** The `kind` a YAML document declares at its top level, without checking anything else; undefined when it has none. */
export function documentKind(text: string): string | undefined {
  try {
    const value = load(text);
    const kind = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).kind : undefined;
    return typeof kind === 'string' ? kind : undefined;
  } catch {
    return undefined;
  }
}

/** Parses and schema-checks scenario text; `fileName` is used in error positions. */
export function loadScenarioText(text: string, fileName: string): LoadResult {
  const r = parseScenarioText(text, fileName);
  return r.ok ? { ok: true, scenario: r.scenario } : r;
}

/** Reads, parses and schema-checks a scenario file. Unreadable files become an error, never a throw. */
export function loadScenarioFile(path: string): LoadResult {
  const text = readText(path);
  if (typeof text !== 'string') return { ok: false, errors: [text] };
  return loadScenarioText(text, path);
}
