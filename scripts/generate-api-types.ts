/**
 * Writes src/cluster/apiserver/api-types.generated.ts: the fields of every
 * Kubernetes 1.32 type reachable from the kinds the simulated API server
 * serves, with their Go types, read from the upstream Go sources
 * (k8s.io/api v0.32.4 `<group>/<version>/types.go` and k8s.io/apimachinery
 * v0.32.4 `pkg/apis/meta/v1/types.go`). The strict decoder
 * (strict-decode.ts) judges manifests against this table as the API server's
 * JSON decoder does.
 *
 * Run: `npx tsx scripts/generate-api-types.ts <k8s.io/api git dir> <k8s.io/apimachinery git dir>`
 * (bare clones with tag v0.32.4). The output is committed; a test checks its shape.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { RESOURCES } from '../src/cluster/apiserver/resources.js';

const TAG = 'v0.32.4';
const OUT = 'src/cluster/apiserver/api-types.generated.ts';

/** Go import path → the package id used in the table. */
const PACKAGES: Record<string, string> = {
  'k8s.io/apimachinery/pkg/apis/meta/v1': 'meta/v1',
  'k8s.io/apimachinery/pkg/api/resource': 'resource',
  'k8s.io/apimachinery/pkg/util/intstr': 'intstr',
  'k8s.io/apimachinery/pkg/types': 'types',
  'k8s.io/apimachinery/pkg/runtime': 'runtime',
};

/** Types with their own UnmarshalJSON: judged by the decoder, not by fields. */
const SPECIAL: Record<string, string> = {
  'meta/v1.Time': 'Time',
  'meta/v1.MicroTime': 'Time',
  'meta/v1.Duration': 'Duration',
  'meta/v1.FieldsV1': 'any',
  'resource.Quantity': 'Quantity',
  'intstr.IntOrString': 'IntOrString',
  'runtime.RawExtension': 'any',
  'types.UID': 'string',
};

interface GoFile {
  readonly pkg: string;
  readonly imports: Map<string, string>;
  readonly text: string;
}

function gitShow(gitDir: string, path: string): string {
  return execFileSync('git', ['--git-dir', gitDir, 'show', `${TAG}:${path}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

function parseImports(text: string): Map<string, string> {
  const imports = new Map<string, string>();
  const block = /^import \(([\s\S]*?)^\)/m.exec(text)?.[1] ?? '';
  for (const line of block.split('\n')) {
    const m = /^\s*(\w+\s+)?"([^"]+)"/.exec(line);
    if (!m) continue;
    const path = m[2]!;
    const alias = m[1]?.trim() ?? path.split('/').pop()!;
    const pkg = PACKAGES[path] ?? (path.startsWith('k8s.io/api/') ? path.slice('k8s.io/api/'.length) : undefined);
    if (pkg) imports.set(alias, pkg);
  }
  return imports;
}

/** Struct fields: json name → Go type expression with canonical package ids. Inline embeds are spread. */
const structs = new Map<string, { fields: [string, string][]; inline: string[] }>();
/** Named non-struct types: id → Go type expression. */
const named = new Map<string, string>();

const BUILTIN = new Set(['string', 'bool', 'int', 'int32', 'int64', 'uint', 'uint32', 'uint64', 'float32', 'float64', 'byte']);

function canonical(expr: string, file: GoFile): string {
  if (expr.startsWith('*')) return canonical(expr.slice(1), file);
  if (expr === '[]byte') return '[]byte';
  if (expr.startsWith('[]')) return `[]${canonical(expr.slice(2), file)}`;
  const map = /^map\[([^\]]+)\](.+)$/.exec(expr);
  if (map) return `map[${canonical(map[1]!, file)}]${canonical(map[2]!, file)}`;
  if (BUILTIN.has(expr)) return expr;
  const dot = expr.indexOf('.');
  if (dot > 0) {
    const pkg = file.imports.get(expr.slice(0, dot));
    if (!pkg) throw new Error(`unknown package in ${expr} (${file.pkg})`);
    return `${pkg}.${expr.slice(dot + 1)}`;
  }
  return `${file.pkg}.${expr}`;
}

function parseFile(file: GoFile): void {
  const text = file.text.replace(/^\s*\/\/.*$/gm, '');
  for (const m of text.matchAll(/^type (\w+) struct \{\n([\s\S]*?)^\}/gm)) {
    const id = `${file.pkg}.${m[1]}`;
    const fields: [string, string][] = [];
    const inline: string[] = [];
    for (const line of m[2]!.split('\n')) {
      const f = /^\s*(?:(\w+)\s+)?(\S+)\s+`[^`]*json:"([^"]*)"/.exec(line);
      if (!f) continue;
      const [jsonName, ...opts] = f[3]!.split(',');
      if (jsonName === '-') continue;
      const type = canonical(f[2]!, file);
      if (opts.includes('inline') || (jsonName === '' && f[1] === undefined)) inline.push(type);
      else fields.push([jsonName!, type]);
    }
    structs.set(id, { fields, inline });
  }
  for (const m of text.matchAll(/^type (\w+) ([^\s{][^\n]*)$/gm)) {
    const expr = m[2]!.trim();
    if (expr.startsWith('struct') || expr.startsWith('interface') || expr.startsWith('func') || expr.startsWith('=')) continue;
    named.set(`${file.pkg}.${m[1]}`, canonical(expr, file));
  }
}

function load(gitDir: string, path: string, pkg: string): void {
  const text = gitShow(gitDir, path);
  parseFile({ pkg, imports: parseImports(text), text });
}

const [apiDir, machineryDir] = process.argv.slice(2);
if (!apiDir || !machineryDir) {
  process.stderr.write('usage: tsx scripts/generate-api-types.ts <k8s.io/api git dir> <k8s.io/apimachinery git dir>\n');
  process.exit(2);
}
const groupDirs = new Set(RESOURCES.map((r) => `${r.group === '' ? 'core' : r.group.split('.')[0]}/${r.version}`));
for (const dir of groupDirs) load(apiDir, `${dir}/types.go`, dir);
load(machineryDir, 'pkg/apis/meta/v1/types.go', 'meta/v1');

/** Type ids an expression refers to. */
function refs(expr: string): string[] {
  if (expr.startsWith('[]')) return refs(expr.slice(2));
  const map = /^map\[([^\]]+)\](.+)$/.exec(expr);
  if (map) return [...refs(map[1]!), ...refs(map[2]!)];
  return BUILTIN.has(expr) ? [] : [expr];
}

// Walk from the served kinds; keep only what they reach.
const outStructs = new Map<string, [string, string][]>();
const outNamed = new Map<string, string>();
const roots: [string, string][] = [];
const queue: string[] = [];
for (const r of RESOURCES) {
  const pkg = `${r.group === '' ? 'core' : r.group.split('.')[0]}/${r.version}`;
  const id = `${pkg}.${r.kind}`;
  if (!structs.has(id)) throw new Error(`no struct ${id}`);
  roots.push([`${r.group === '' ? '' : `${r.group}/`}${r.version}/${r.kind}`, id]);
  queue.push(id);
}
const seen = new Set<string>();
while (queue.length > 0) {
  const id = queue.pop()!;
  if (seen.has(id)) continue;
  seen.add(id);
  if (SPECIAL[id]) continue;
  const s = structs.get(id);
  if (s) {
    const fields: [string, string][] = [];
    const addFrom = (sid: string) => {
      const t = structs.get(sid);
      if (!t) throw new Error(`no inline struct ${sid}`);
      for (const inl of t.inline) addFrom(inl);
      fields.push(...t.fields);
    };
    addFrom(id);
    outStructs.set(id, fields);
    for (const [, t] of fields) queue.push(...refs(t));
    continue;
  }
  const n = named.get(id);
  if (n === undefined) throw new Error(`unknown type ${id}`);
  outNamed.set(id, n);
  queue.push(...refs(n));
}

const q = (s: string) => JSON.stringify(s);
const lines: string[] = [
  '// Generated by scripts/generate-api-types.ts from k8s.io/api and k8s.io/apimachinery ' + TAG + ': do not edit.',
  '',
  '/** Go struct → its JSON fields in declaration order (inline embeds spread): json name → Go type (pointers dropped). */',
  'export const API_STRUCTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {',
];
for (const id of [...outStructs.keys()].sort()) {
  const fields = outStructs.get(id)!;
  lines.push(`  ${q(id)}: { ${fields.map(([n, t]) => `${q(n)}: ${q(t)}`).join(', ')} },`);
}
lines.push('};', '', '/** Named non-struct Go types (e.g. `type Protocol string`) → their underlying type. */');
lines.push('export const API_NAMED: Readonly<Record<string, string>> = {');
for (const id of [...outNamed.keys()].sort()) lines.push(`  ${q(id)}: ${q(outNamed.get(id)!)},`);
lines.push('};', '', '/** Types whose own UnmarshalJSON decides what they accept. */');
lines.push('export const API_SPECIAL: Readonly<Record<string, string>> = {');
for (const [id, v] of Object.entries(SPECIAL)) lines.push(`  ${q(id)}: ${q(v)},`);
lines.push('};', '', '/** `apiVersion/Kind` (`apps/v1/Deployment`, `v1/Pod`) → the Go struct of the kind. */');
lines.push('export const API_KINDS: Readonly<Record<string, string>> = {');
for (const [k, id] of roots) lines.push(`  ${q(k)}: ${q(id)},`);
lines.push('};', '');
writeFileSync(OUT, lines.join('\n'));
process.stdout.write(`${OUT}: ${outStructs.size} structs, ${outNamed.size} named types, ${roots.length} kinds\n`);
