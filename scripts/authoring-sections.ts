/**
 * The reference parts of docs/authoring.md, rendered from the code that
 * defines them: field tables from the scenario JSON Schema (itself generated
 * from src/scenario/schema.ts), fault parameters from the fault registry, the
 * default image catalog, and what the simulation models from
 * src/scenario/modelled.ts. Each part sits in the guide between
 * `<!-- generated:KEY -->` and `<!-- /generated:KEY -->`;
 * scripts/generate-docs.ts rewrites them and a test checks they are current.
 */
import { z } from 'zod';
import { faultPrimitives } from '../src/faults/registry.js';
import { defaultImages } from '../src/cluster/workloads/catalog.js';
import { FIELD_SUPPORT, IMAGE_FIELD_SUPPORT, JUDGED_STRUCTS, KIND_SUPPORT, MIN_MEMORY_LIMIT, type Support } from '../src/scenario/modelled.js';
import { EVIDENCE_FACTS, GOAL_PREDICATES } from '../src/scenario/schema.js';
import { generateScenarioJsonSchema } from './generate-schema.js';

/** The authored guide. */
export const AUTHORING_DOC = 'docs/authoring.md';

type Json = Record<string, any>;

/** One line of a markdown table cell: pipes escaped, newlines folded. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

/** The type of a JSON Schema node as an author writes it. */
function typeOf(node: Json, defs: Json): string {
  if (node.$ref) return String(node.$ref).split('/').pop()!;
  if (node.const !== undefined) return JSON.stringify(node.const);
  if (node.enum) return node.enum.map((v: unknown) => String(v)).join(' | ');
  const alternatives: Json[] | undefined = node.anyOf ?? node.oneOf;
  // The faults[] union: one object per fault type.
  if (alternatives?.every((n) => n.properties?.type?.const !== undefined)) return 'fault (see Faults)';
  if (node.anyOf || node.oneOf) return (node.anyOf ?? node.oneOf).map((n: Json) => typeOf(n, defs)).join(' or ');
  if (node.type === 'array') return `list of ${typeOf(node.items ?? {}, defs)}`;
  if (node.type === 'object') return node.additionalProperties && typeof node.additionalProperties === 'object' && !node.properties ? 'mapping' : 'object';
  if (Array.isArray(node.type)) return node.type.join(' or ');
  return node.type ?? 'any';
}

/** A `| field | type | default | description |` table of an object node's properties. */
function fieldTable(node: Json, defs: Json): string {
  const required = new Set<string>(node.required ?? []);
  const rows = Object.entries<Json>(node.properties ?? {}).map(([name, p]) => {
    const def = p.default === undefined ? (required.has(name) ? 'required' : '') : `\`${JSON.stringify(p.default)}\``;
    return `| \`${name}\` | ${cell(typeOf(p, defs))} | ${def} | ${cell(p.description ?? '')} |`;
  });
  return ['| field | type | default | description |', '|---|---|---|---|', ...rows].join('\n');
}

function scenarioJson(): Json {
  return JSON.parse(generateScenarioJsonSchema()) as Json;
}

const SUPPORT_WORDS: Record<Support, string> = { modelled: 'yes', partly: 'partly', 'not-simulated': '**no** (refused)' };

/** Every generated part, by key. */
export function authoringSections(): Map<string, string> {
  const json = scenarioJson();
  const defs = json.$defs ?? {};
  const props = json.properties;
  const sections = new Map<string, string>();
  sections.set('top-level', fieldTable(json, defs));
  sections.set('metadata', fieldTable(props.metadata, defs));
  const cluster = props.cluster;
  sections.set('cluster', fieldTable(cluster, defs));
  sections.set('node', fieldTable(cluster.properties.nodes.items, defs));
  const image = cluster.properties.images.additionalProperties;
  sections.set('image', imageTable(image));
  const diagnosis = props.diagnosis.anyOf[0];
  sections.set('diagnosis', fieldTable(diagnosis, defs));
  sections.set('evidence', evidenceTable(props.evidence.items, defs));
  sections.set('goal', goalTable(defs.GoalPredicate));
  for (const [name, fault] of Object.entries(faultPrimitives())) {
    const params = z.toJSONSchema(fault.params(z), { io: 'input' }) as Json;
    delete params.properties.type;
    sections.set(`fault:${name}`, fieldTable(params, {}));
  }
  sections.set('catalog', catalogTable());
  sections.set('kinds', kindsTable());
  sections.set('fields', fieldsTables());
  return sections;
}

function imageTable(node: Json): string {
  const rows = Object.entries<Json>(node.properties).map(([name, p]) => {
    const support = IMAGE_FIELD_SUPPORT[name as keyof typeof IMAGE_FIELD_SUPPORT];
    return `| \`${name}\` | ${cell(typeOf(p, {}))} | ${cell(p.description ?? '')} | ${support ? `${SUPPORT_WORDS[support.support]}: ${cell(support.note)}` : ''} |`;
  });
  return ['| field | type | description | simulated |', '|---|---|---|---|', ...rows].join('\n');
}

function evidenceTable(node: Json, defs: Json): string {
  const common = Object.entries<Json>(node.properties).filter(([k]) => !(EVIDENCE_FACTS as readonly string[]).includes(k));
  const lines = ['Every item:', '', fieldTable({ properties: Object.fromEntries(common), required: node.required }, defs), '', 'and exactly one fact:', ''];
  for (const fact of EVIDENCE_FACTS) {
    const p = node.properties[fact] as Json;
    lines.push(`- \`${fact}\` (${cell(typeOf(p, defs))}): ${cell(p.description ?? '')}`);
    if (p.type === 'object') lines.push('', indentTable(fieldTable(p, defs)), '');
  }
  return lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd();
}

function indentTable(table: string): string {
  return table.split('\n').map((l) => `  ${l}`).join('\n');
}

function goalTable(node: Json): string {
  const lines: string[] = [];
  for (const name of GOAL_PREDICATES) {
    const p = node.properties[name] as Json;
    const form = p.type === 'object' ? `{${Object.keys(p.properties).join(', ')}}` : typeOf(p, {});
    lines.push(`- \`${name}\`: ${cell(form)}. ${cell(p.description ?? '')}`);
    if (p.type === 'object') lines.push('', indentTable(fieldTable(p, {})), '');
  }
  return lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd();
}

function catalogTable(): string {
  const rows = defaultImages().map((i) => {
    const b = i.behaviour;
    const does = [
      b.listens?.length ? `listens on ${b.listens.join(', ')}` : '',
      b.readyAfterMs ? `ready after ${b.readyAfterMs / 1000}s` : '',
      b.entrypoint ? `runs \`${b.entrypoint.join(' ')}\`` : '',
      b.http ? 'answers HTTP by path' : '',
      b.accessLog ? 'logs each request' : '',
      b.userland ? `${b.userland} userland` : '',
    ].filter((s) => s !== '');
    return `| \`${i.repository}\` | ${i.tags.map((t) => `\`${t}\``).join(', ')} | ${cell(does.join('; '))} |`;
  });
  return ['| repository | tags | behaviour |', '|---|---|---|', ...rows].join('\n');
}

function kindsTable(): string {
  const rows = KIND_SUPPORT.map((k) => `| \`${k.apiVersion}\` | ${k.kind} | ${SUPPORT_WORDS[k.support]} | ${cell(k.note)} |`);
  return ['| apiVersion | kind | simulated | what acts on it |', '|---|---|---|---|', ...rows].join('\n');
}

function fieldsTables(): string {
  const out: string[] = [];
  for (const struct of JUDGED_STRUCTS) {
    out.push(`#### ${struct.slice(struct.lastIndexOf('.') + 1)} (\`${struct}\`)`, '', '| field | simulated | note |', '|---|---|---|');
    for (const e of FIELD_SUPPORT.filter((f) => f.struct === struct)) out.push(`| \`${e.field}\` | ${SUPPORT_WORDS[e.support]} | ${cell(e.note)} |`);
    out.push('');
  }
  out.push(`Memory limits under ${MIN_MEMORY_LIMIT} are refused (see ResourceRequirements.limits).`);
  return out.join('\n');
}

/** Replaces every generated part of `doc` with its current rendering; unknown keys are left as they are. */
export function renderAuthoringDoc(doc: string, sections = authoringSections()): string {
  return doc.replace(/(<!-- generated:([\w:-]+) -->\n)[\s\S]*?(<!-- \/generated:\2 -->)/g, (whole, open: string, key: string, close: string) => {
    const body = sections.get(key);
    return body === undefined ? whole : `${open}${body}\n${close}`;
  });
}

/** Keys of the generated parts present in `doc`. */
export function generatedKeys(doc: string): string[] {
  return [...doc.matchAll(/<!-- generated:([\w:-]+) -->/g)].map((m) => m[1]!);
}
