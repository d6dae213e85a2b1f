/**
 * A scenario's catalogue entry read cheaply: only the top-level `apiVersion`
 * and `metadata:` blocks are read (by a plain reader for the usual layout,
 * by js-yaml on those few lines otherwise) and checked by hand, so the
 * scenario list and the home screen start without zod, the YAML parser or
 * the whole file.
 * The full schema and meaning checks run when a scenario is opened, played,
 * verified or validated (load.ts, validate.ts).
 *
 * The fast read is conservative: whenever the file is not laid out as a plain
 * block mapping with one `metadata:` block, or the block does not pass the
 * check, it answers `undefined` and the caller falls back to the full loader,
 * which reports the problem as `file:line:col`.
 */
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';

/** A scenario's catalogue entry (what the home screen lists). */
export interface ScenarioSummary {
  id: string;
  title: string;
  difficulty: 'beginner' | 'intermediate' | 'advanced';
  topics: string[];
  estimatedMinutes: number;
  /** Path of the scenario file. */
  file: string;
}

/** The scenario format this fast read understands (equal to schema.ts's SCENARIO_API_VERSION; a test keeps them equal). */
export const METADATA_API_VERSION = 'kubedrill/v1';

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const DIFFICULTIES: readonly string[] = ['beginner', 'intermediate', 'advanced'];
const FIELDS: readonly string[] = ['id', 'title', 'difficulty', 'topics', 'estimatedMinutes'];
/** A top-level key of a block mapping, at column 0. */
const TOP_LEVEL_KEY = /^([A-Za-z_][\w-]*):(?:[ \t]|$)/;

/** What the catalogue needs of a scenario's `metadata`. */
export interface CatalogueMetadata {
  id: string;
  title: string;
  difficulty: ScenarioSummary['difficulty'];
  topics: readonly string[];
  estimatedMinutes: number;
}

/** The catalogue entry of a scenario's metadata (the shape the scenario list shows). */
export function summaryOf(metadata: CatalogueMetadata, file: string): ScenarioSummary {
  const { id, title, difficulty, topics, estimatedMinutes } = metadata;
  return { id, title, difficulty, topics: [...topics], estimatedMinutes, file };
}

/**
 * The metadata when it is exactly what the full schema accepts (`metadata` of
 * schema.ts: kebab-case id and topics, a title, a known difficulty, a positive
 * whole number of minutes, no other fields), else undefined. Never looser than
 * the schema, so an entry listed from it is one the full loader agrees with.
 */
export function checkMetadata(value: unknown): CatalogueMetadata | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const m = value as Record<string, unknown>;
  if (Object.keys(m).some((k) => !FIELDS.includes(k))) return undefined;
  const { id, title, difficulty, topics, estimatedMinutes } = m;
  if (typeof id !== 'string' || !KEBAB.test(id)) return undefined;
  if (typeof title !== 'string' || title.length === 0) return undefined;
  if (typeof difficulty !== 'string' || !DIFFICULTIES.includes(difficulty)) return undefined;
  if (!Array.isArray(topics) || topics.length === 0 || !topics.every((t) => typeof t === 'string' && KEBAB.test(t))) return undefined;
  if (typeof estimatedMinutes !== 'number' || !Number.isSafeInteger(estimatedMinutes) || estimatedMinutes <= 0) return undefined;
  return { id, title, difficulty: difficulty as CatalogueMetadata['difficulty'], topics: topics as string[], estimatedMinutes };
}

/**
 * The top-level `apiVersion` and `metadata` blocks of scenario text (each its
 * key line and the indented, blank and comment lines below it), or undefined
 * when the text is not a plain block mapping whose every column-0 line is a
 * key (a flow mapping, a directive, several documents, a repeated key: the
 * full loader judges those).
 */
export function metadataBlocks(text: string): { apiVersion: string[]; metadata: string[] } | undefined {
  const blocks = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of text.split(/\r?\n/)) {
    const c = line.charCodeAt(0);
    // Indented lines, blank lines and comments belong to the block above.
    if (line.length === 0 || c === 32 /* space */ || c === 35 /* # */) {
      current?.push(line);
      continue;
    }
    const key = TOP_LEVEL_KEY.exec(line)?.[1];
    if (key === undefined || blocks.has(key)) return undefined;
    current = [line];
    blocks.set(key, current);
  }
  const apiVersion = blocks.get('apiVersion');
  const metadata = blocks.get('metadata');
  return apiVersion && metadata ? { apiVersion, metadata } : undefined;
}

/** A plain scalar this reader types with certainty: a letter, then letters, digits, spaces and harmless punctuation. */
const PLAIN_WORDS = /^[A-Za-z](?:[A-Za-z0-9 ,.;!?'()/&+-]*[A-Za-z0-9.!?')/])?$/;
/** Plain scalars that YAML's core schema reads as null or a boolean (js-yaml type/null.js, type/bool.js), in any case. */
const NOT_A_STRING = /^(?:null|true|false)$/i;
/** `key: value` (or `key:` with nothing after it) at some indentation. */
const ENTRY = /^( *)([A-Za-z][A-Za-z0-9]*):(?: (.*))?$/;

/**
 * The value of a plain scalar, flow list of plain scalars or decimal whole
 * number, exactly as js-yaml reads it; undefined for anything else (quotes,
 * comments, anchors, tags, special words, other number forms).
 */
function plainValue(text: string, inList = false): unknown {
  if (/^(?:0|[1-9][0-9]{0,14})$/.test(text)) return Number(text);
  if (!inList && text.startsWith('[') && text.endsWith(']')) {
    const inner = text.slice(1, -1).trim();
    if (inner === '') return [];
    const items = inner.split(',').map((item) => plainValue(item.trim(), true));
    return items.every((item) => item !== undefined) ? items : undefined;
  }
  // In a flow list a comma ends the item and `[]{}` are indicators; PLAIN_WORDS has none of those.
  if (inList && text.includes(',')) return undefined;
  return PLAIN_WORDS.test(text) && !NOT_A_STRING.test(text) ? text : undefined;
}

/**
 * A top-level block read without a YAML parser when it has the simplest
 * shape (`key: value`, or `key:` over one level of `key: value` lines), else
 * undefined. What it returns is what js-yaml returns for the same lines.
 */
export function plainBlock(lines: readonly string[]): Record<string, unknown> | undefined {
  const meaningful = lines.filter((l) => l.trim() !== '' && !/^ *#/.test(l));
  const head = ENTRY.exec(meaningful[0] ?? '');
  if (!head || head[1] !== '') return undefined;
  const key = head[2] as string;
  if (head[3] !== undefined) {
    if (meaningful.length !== 1) return undefined;
    const value = plainValue(head[3]);
    return value === undefined ? undefined : { [key]: value };
  }
  const mapping: Record<string, unknown> = {};
  let indent: string | undefined;
  for (const line of meaningful.slice(1)) {
    const m = ENTRY.exec(line);
    if (!m || m[1] === '' || m[3] === undefined) return undefined;
    indent ??= m[1];
    const name = m[2] as string;
    if (m[1] !== indent || Object.hasOwn(mapping, name)) return undefined;
    const value = plainValue(m[3]);
    if (value === undefined) return undefined;
    mapping[name] = value;
  }
  return indent === undefined ? undefined : { [key]: mapping };
}

/** A block parsed by js-yaml (imported only for blocks {@link plainBlock} cannot read); undefined if it does not parse. */
async function yamlBlock(lines: readonly string[]): Promise<Record<string, unknown> | undefined> {
  const { load } = await import('js-yaml');
  try {
    // Alone, an alias to an anchor elsewhere in the file does not resolve: that throws, and the full loader decides.
    const value = load(lines.join('\n'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a scenario file's catalogue entry from its `metadata:` block alone,
 * or undefined when that cannot be done with certainty (unreadable file,
 * unusual layout, another format version, metadata the schema would reject,
 * an id that is not the file name): then the full loader must judge the file.
 */
export async function readCatalogueEntry(file: string): Promise<ScenarioSummary | undefined> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  return catalogueEntryOf(text, file);
}

/** {@link readCatalogueEntry} of text already read; `file` names it and must match its id. */
export async function catalogueEntryOf(text: string, file: string): Promise<ScenarioSummary | undefined> {
  const blocks = metadataBlocks(text);
  if (!blocks) return undefined;
  const apiVersion = (plainBlock(blocks.apiVersion) ?? (await yamlBlock(blocks.apiVersion)))?.apiVersion;
  if (apiVersion !== METADATA_API_VERSION) return undefined;
  const metadata = (plainBlock(blocks.metadata) ?? (await yamlBlock(blocks.metadata)))?.metadata;
  const checked = checkMetadata(metadata);
  // The full checks require the id to be the file name (validate.ts); anything else is theirs to report.
  if (!checked || checked.id !== basename(file, extname(file))) return undefined;
  return summaryOf(checked, file);
}
