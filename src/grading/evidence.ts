/**
 * Evidence: did the learner actually see what proves the diagnosis? An
 * evidence item states a fact about the simulated state; it counts as seen
 * when a command line the learner ran displayed that fact, however
 * formatted (yaml, jsonpath, describe, a grep of either, the edit buffer).
 *
 * The rule, per command line:
 * 1. Only observed output counts. The shell marks each piece of terminal
 *    output `observed` when a simulation tool (kubectl, journalctl, crictl,
 *    systemctl, openssl, cat of a node's file ...) wrote it, or a text filter
 *    (grep, awk, head, tee ...) wrote it from observed input only. echo and
 *    printf, and files or pipes holding learner-typed text, are unobserved
 *    (src/shell/session.ts), so `echo schedulerName: volcano` proves nothing.
 *    The buffer `kubectl edit` opened is observed and displayed.
 * 2. stderr counts only when the fact's text is not in what the learner
 *    typed: tools echo their arguments in errors (`pods "volcano" not found`).
 * 3. Each kind of fact then asks for more:
 *    - `shows`: the text (case-insensitive) on `host`;
 *    - `log`: a displayed line matches the RE2 pattern, on `host` (with a
 *      unit: the line ran journalctl for that unit), or with a pod: the line
 *      fetched that pod's logs;
 *    - `objectField`: a tool read the object through the API server (get,
 *      list or watch; in this line or an earlier one, so a `cat` of a saved
 *      `kubectl get -o yaml` counts), and the field's value when the line ran
 *      is displayed as a whole token (`volcano`, not `volcano-2`); with
 *      `equals`, only while the field has that value (the fault, not the fix);
 *    - `nodeCondition`: the node was read, the condition holds as stated at
 *      that moment, and its reason (or message) is displayed, or else its
 *      status with the node: the `Type  Status` row in describe's block for
 *      that node, or the node's row of get nodes (Ready=False is NotReady).
 * Known limits: a tool's own program text is trusted (`kubectl get pods |
 * awk '{print "volcano"}'`, a jsonpath or custom-columns template with a
 * literal in it would count), and so is state the learner wrote into the
 * cluster (a label saying `volcano`); the rule guards against typed text
 * reaching the screen by itself, not against a learner set on fooling it.
 */
import { RE2JS } from 're2js';
import type { ApiClient, KubeObject } from '../cluster/apiserver/types.js';
import { resolveResource } from '../cluster/apiserver/resources.js';
import type { EvidenceSpec } from '../scenario/schema.js';
import { fieldAt } from '../scenario/predicates.js';
import { escapeLiteral } from '../commands/text/lib/posix-regex.js';

/** Points for having seen every piece of evidence. */
export const EVIDENCE_POINTS = 20;

/** An API read a command line's tools made: one object, or a list (`name` undefined). */
export interface ObjectRead {
  resource: string;
  /** undefined: cluster-scoped, or a list across all namespaces. */
  namespace: string | undefined;
  name?: string;
}

/** What one command line displayed, with provenance, and what it read. */
export interface Observation {
  /** Host the line ran on. */
  host: string;
  /** The line as typed. */
  line: string;
  /** Observed pieces of the displayed stdout (and edit buffers), in order. */
  shown: readonly string[];
  /** Observed pieces of the displayed stderr. */
  shownErr: readonly string[];
  /** API reads the session's tools made up to and including this line. */
  reads: readonly ObjectRead[];
  /** Pods whose logs this line fetched (kubectl logs). */
  podLogs?: readonly { namespace: string; name: string }[];
}

/** Whether a command line showed `fact`; `client` reads the simulated state as it is right after the line ran. */
export function factSeen(fact: EvidenceSpec, obs: Observation, client: ApiClient): boolean {
  if (fact.shows !== undefined) {
    if (!onHost(obs, fact.host)) return false;
    const want = fact.shows.toLowerCase();
    return displayed(obs, want, (segment) => segment.toLowerCase().includes(want));
  }
  if (fact.log !== undefined) {
    const { unit, pod, matches } = fact.log;
    if (pod !== undefined) {
      const pods = pod.name !== undefined ? getOne(client, 'pods', pod.namespace, pod.name) : listed(client, 'pods', pod.namespace, pod.selector ?? '');
      const fetched = pods.some((p) => (obs.podLogs ?? []).some((l) => l.namespace === p.metadata.namespace && l.name === p.metadata.name));
      if (!fetched) return false;
    } else if (!onHost(obs, fact.host)) return false;
    if (unit !== undefined && !(/\bjournalctl\b/.test(obs.line) && obs.line.includes(unit))) return false;
    const re = RE2JS.compile(matches, RE2JS.CASE_INSENSITIVE | RE2JS.MULTILINE);
    return obs.shown.some((segment) => re.matcher(segment).find());
  }
  if (fact.objectField !== undefined) {
    const f = fact.objectField;
    const objects = f.name !== undefined ? getOne(client, f.resource, f.namespace, f.name) : listed(client, f.resource, f.namespace, f.selector ?? '');
    return objects.some((obj) => {
      if (!wasRead(obs, f.resource, obj)) return false;
      const value = fieldAt(obj, f.path);
      if (value === undefined || value === null || typeof value === 'object') return false;
      if (f.equals !== undefined && String(value) !== String(f.equals)) return false;
      return tokenShown(obs, String(value));
    });
  }
  if (fact.nodeCondition !== undefined) {
    const { node, type, status, reason } = fact.nodeCondition;
    const obj = getOne(client, 'nodes', undefined, node)[0];
    if (obj === undefined || !wasRead(obs, 'nodes', obj)) return false;
    const conditions = ((obj as { status?: { conditions?: { type: string; status: string; reason?: string; message?: string }[] } }).status?.conditions ?? []);
    const c = conditions.find((x) => x.type === type);
    if (!c || (status !== undefined && c.status !== status)) return false;
    if (reason !== undefined) {
      const want = reason.toLowerCase();
      return [c.reason, c.message].some((r) => r?.toLowerCase().includes(want)) && displayed(obs, want, (s) => s.toLowerCase().includes(want));
    }
    // A bare status is no fact about this node unless shown with it: describe node lists `Type  Status`
    // rows under `Name: node-2`; get nodes folds Ready into the STATUS of the node's row (Ready=False is NotReady).
    const row = new RegExp(`(^|\\s)${escapeLiteral(type)}\\s+${escapeLiteral(c.status)}(\\s|$)`, 'm');
    const readyWord = token(c.status === 'True' ? 'Ready' : 'NotReady');
    const named = token(node);
    return obs.shown.some(
      (segment) =>
        describedBlocks(segment, node).some((block) => row.test(block)) ||
        (type === 'Ready' && segment.split('\n').some((line) => named.test(line) && readyWord.test(line))),
    );
  }
  return false;
}

/** Which evidence items one command line showed. */
export function factsSeen(evidence: readonly EvidenceSpec[], obs: Observation, client: ApiClient): boolean[] {
  return evidence.map((fact) => factSeen(fact, obs, client));
}

/** A command line as the evidence grading needs it: which facts it showed. */
export interface SeenRecord {
  /** Per evidence item of the scenario: did this line show it? */
  seen: readonly boolean[];
}

/** Which evidence items the learner saw in any command line. */
export function evidenceSeen(evidence: readonly EvidenceSpec[], log: readonly SeenRecord[]): boolean[] {
  return evidence.map((_, i) => log.some((r) => r.seen[i] === true));
}

/** Grades evidence: points in proportion to the facts seen. */
export function gradeEvidence(evidence: readonly EvidenceSpec[], log: readonly SeenRecord[]): { points: number; explanation: string } {
  const seen = evidenceSeen(evidence, log);
  const count = seen.filter(Boolean).length;
  const points = Math.round((EVIDENCE_POINTS * count) / Math.max(1, evidence.length));
  const missed = evidence.filter((_, i) => !seen[i]);
  if (missed.length === 0) return { points, explanation: 'You looked at the decisive evidence before concluding.' };
  const where = (e: EvidenceSpec) => (e.host === 'workstation' ? '' : ` on ${e.host}`);
  return { points, explanation: `Not seen: ${missed.map((e) => `${describeFact(e)} (for example from \`${e.command}\`${where(e)})`).join('; ')}.` };
}

/** The fact in a few words, for the learner. */
export function describeFact(e: EvidenceSpec): string {
  if (e.shows !== undefined) return `"${e.shows}"`;
  if (e.log !== undefined) {
    const p = e.log.pod;
    const whose = p ? `log of pod ${p.name ?? p.selector}` : `${e.log.unit ?? 'log'}`;
    return `the ${whose} line matching /${e.log.matches}/`;
  }
  if (e.objectField !== undefined) {
    const f = e.objectField;
    const which = f.name !== undefined ? `${f.namespace ? `${f.namespace}/` : ''}${f.name}` : `matching ${f.selector}${f.namespace ? ` in ${f.namespace}` : ''}`;
    return `the ${f.path}${f.equals !== undefined ? ` ${JSON.stringify(f.equals)}` : ''} of ${f.resource} ${which}`;
  }
  if (e.nodeCondition !== undefined) {
    const c = e.nodeCondition;
    return `the ${c.type} condition of node ${c.node}${c.status ? ` (${c.status})` : ''}${c.reason ? `: ${c.reason}` : ''}`;
  }
  return 'the evidence';
}

/**
 * The line ran on `host`, or reached it with `ssh host command`: the remote
 * command's output comes back through ssh.
 */
function onHost(obs: Observation, host: string): boolean {
  if (obs.host === host) return true;
  return new RegExp(`(^|[;&|]\\s*)ssh\\s+(-\\S+\\s+)*(\\S+@)?${escapeLiteral(host)}\\s+\\S`).test(obs.line);
}

/** The text is in an observed piece of stdout, or of stderr when the learner did not type it. */
function displayed(obs: Observation, lowered: string, has: (segment: string) => boolean): boolean {
  if (obs.shown.some(has)) return true;
  return !obs.line.toLowerCase().includes(lowered) && obs.shownErr.some(has);
}

/** `value` is displayed as a whole token: `2.1` is not shown by `2.1.0`, nor `volcano` by `volcano-2`. */
function tokenShown(obs: Observation, value: string): boolean {
  const re = token(value);
  return displayed(obs, value.toLowerCase(), (s) => re.test(s));
}

/** Matches `value` as a whole token (case-insensitive). */
function token(value: string): RegExp {
  return new RegExp(`(?<![\\w-])${escapeLiteral(value)}(?![\\w-]|\\.\\w)`, 'i');
}

/** The blocks of `kubectl describe` output (each from its `Name:` line) that describe `name`. */
function describedBlocks(segment: string, name: string): string[] {
  return segment.split(/^(?=Name:\s)/m).filter((block) => new RegExp(`^Name:\\s+${escapeLiteral(name)}\\s*$`, 'm').test(block.split('\n', 1)[0]));
}

/** Did the tools read this object: a get of it, or a list of its kind in its namespace or all? */
function wasRead(obs: Observation, resource: string, obj: KubeObject): boolean {
  // Compared as the API server resolves them: `po` is `pods`, a cluster-scoped object has no namespace.
  const kind = resolveResource(resource);
  const ns = obj.metadata.namespace;
  return obs.reads.some((r) => {
    const info = resolveResource(r.resource);
    if (!kind || info?.name !== kind.name || info.group !== kind.group) return false;
    const readNs = info.namespaced ? r.namespace : undefined;
    return r.name === undefined ? readNs === undefined || readNs === ns : r.name === obj.metadata.name && readNs === ns;
  });
}

function getOne(client: ApiClient, resource: string, namespace: string | undefined, name: string): KubeObject[] {
  const r = client.get(resource, namespace, name);
  return r.ok ? [r.value] : [];
}

function listed(client: ApiClient, resource: string, namespace: string | undefined, selector: string): KubeObject[] {
  const r = client.list(resource, namespace, { labelSelector: selector });
  return r.ok ? r.value.items : [];
}
