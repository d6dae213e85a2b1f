import { describe, it, expect, beforeAll } from 'vitest';
import { join } from 'node:path';
import { loadScenarioFile } from '../../src/scenario/load.js';
import { shippedScenariosDir } from '../../src/scenario/catalog.js';
import { ScenarioRun } from '../../src/practice/run.js';
import { verifyScenario } from '../../src/practice/verify.js';
import type { EvidenceSpec, Scenario } from '../../src/scenario/schema.js';

function load(file: string): Scenario {
  const loaded = loadScenarioFile(file);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.scenario;
}

/** Runs the lines on a fresh run; returns, per line, whether it showed each evidence item. */
async function seenBy(scenario: Scenario, lines: readonly string[], options: ConstructorParameters<typeof ScenarioRun>[1] = {}): Promise<boolean[][]> {
  const run = new ScenarioRun(scenario, options);
  const seen: boolean[][] = [];
  for (const line of lines) {
    await run.exec(line);
    seen.push(run.log[run.log.length - 1].seen);
  }
  return seen;
}

/** Did some line show the (single) evidence item? */
async function shown(scenario: Scenario, lines: readonly string[], options?: ConstructorParameters<typeof ScenarioRun>[1]): Promise<boolean> {
  return (await seenBy(scenario, lines, options)).some((s) => s[0]);
}

describe('evidence as a fact: objectField (pending-unknown-scheduler: spec.schedulerName of the app=ml-api pods)', () => {
  let scenario: Scenario;
  beforeAll(() => {
    scenario = load(join(shippedScenariosDir(), 'scheduling', 'pending-unknown-scheduler.yaml'));
    expect(scenario.evidence[0].objectField).toBeDefined();
  });

  it('counts the value printed by jsonpath, with neither the field name nor the object name in sight', async () => {
    expect(await shown(scenario, ["kubectl get pods -o jsonpath='{.items[0].spec.schedulerName}'"])).toBe(true);
  });

  it('counts the value in -o yaml, also when grep picked the line out of it', async () => {
    expect(await shown(scenario, ['kubectl get pods -l app=ml-api -o yaml'])).toBe(true);
    expect(await shown(scenario, ['kubectl get pods -o yaml | grep -i scheduler'])).toBe(true);
    expect(await shown(scenario, ['kubectl get pods -o yaml | grep volcano | head -1'])).toBe(true);
  });

  it('counts the buffer kubectl edit opened: the learner saw it in the editor', async () => {
    const run = new ScenarioRun(scenario);
    await run.exec('kubectl get pods -o name');
    const pod = run.log[0].output.trim();
    const buffers: string[] = [];
    const openEditor = async (text: string) => {
      buffers.push(text);
      return undefined; // closed without saving
    };
    const seen = await seenBy(scenario, [`kubectl edit ${pod}`], { openEditor });
    expect(buffers[0]).toContain('schedulerName: volcano');
    expect(seen[0]).toEqual([true]);
  });

  it('does not count text the learner typed: echo, printf, a pipe or a file holding it', async () => {
    const typed = [
      'echo schedulerName: volcano',
      "printf 'schedulerName: %s\\n' volcano",
      'echo volcano | grep volcano',
      'echo volcano > notes; cat notes',
      'echo volcano > notes; grep volcano notes',
      'kubectl get pods -o yaml > /dev/null; echo volcano',
    ];
    for (const line of typed) expect(await seenBy(scenario, ['kubectl get pods', line])).toEqual([[false], [false]]);
  });

  it('does not count the value echoed back in an error message', async () => {
    const seen = await seenBy(scenario, ['kubectl get pod volcano']);
    expect(seen).toEqual([[false]]);
  });

  it('counts a file saved from kubectl and read back, but not one the learner wrote', async () => {
    expect(await seenBy(scenario, ['kubectl get pods -o yaml > pods.yaml', 'grep volcano pods.yaml'])).toEqual([[false], [true]]);
    expect(await seenBy(scenario, ['kubectl get pods -o yaml > pods.yaml', 'echo volcano >> pods.yaml', 'tail -1 pods.yaml'])).toEqual([[false], [false], [false]]);
  });

  it('judges the value as it is when the command runs: after the fix, the faulty value is not there to see', async () => {
    const run = new ScenarioRun(scenario);
    for (const line of scenario.solution) await run.exec(line);
    run.cluster.advance(60_000);
    await run.exec('kubectl get pods -o yaml | grep schedulerName');
    expect(run.log[run.log.length - 1].output).toContain('default-scheduler');
    expect(run.log[run.log.length - 1].seen).toEqual([false]);
  });

  it('a log fact with a pod counts the lines kubectl logs fetched of that pod, not the same text from elsewhere', async () => {
    const fact = { command: 'kubectl logs deploy/ml-api', log: { pod: { namespace: 'default', selector: 'app=ml-api' }, matches: 'Uvicorn running on http://\\S+:8000' } };
    const withLog = { ...scenario, evidence: [fact] } as Scenario;
    const run = new ScenarioRun(withLog);
    for (const line of withLog.solution) await run.exec(line);
    run.cluster.advance(120_000);
    for (const line of ['echo Uvicorn running on http://0.0.0.0:8000', 'kubectl get pods', 'kubectl logs deploy/ml-api', 'kubectl logs deploy/ml-api | grep -i uvicorn', 'kubectl logs deploy/ml-api | grep -v -i uvicorn']) await run.exec(line);
    expect(run.log.at(-3)?.output).toContain('Uvicorn running on http://0.0.0.0:8000');
    expect(run.log.slice(-5).map((r) => r.seen[0])).toEqual([false, false, true, true, false]);
  });

  it('needs the value as a whole token (volcano, not volcano-2)', async () => {
    const other = { ...scenario, evidence: [{ ...scenario.evidence[0], objectField: { resource: 'pods', namespace: 'default', selector: 'app=ml-api', path: 'metadata.labels.app' } }] };
    // `ml-api` is the label; the pod's name `ml-api-67c…` alone does not show it.
    expect(await shown(other as Scenario, ['kubectl get pods -o name'])).toBe(false);
    expect(await shown(other as Scenario, ['kubectl get pods --show-labels'])).toBe(true);
  });
});

describe('evidence as a fact: text and log facts are bound to their host', () => {
  let scenario: Scenario;
  beforeAll(() => {
    scenario = load('test/fixtures/scenarios/pending-insufficient-cpu.yaml');
  });
  const onNode2 = (fact: Partial<EvidenceSpec>): Scenario => ({ ...scenario, evidence: [{ host: 'node-2', command: 'systemctl status kubelet', ...fact } as EvidenceSpec] });

  it('a text fact counts on its host (or through `ssh host cmd`), not on another node that prints the same text', async () => {
    // Every node's `systemctl status kubelet` has a `Loaded:` line.
    const s = onNode2({ shows: 'Loaded: loaded' });
    expect(await seenBy(s, ['ssh node-1', 'systemctl status kubelet'])).toEqual([[false], [false]]);
    expect(await seenBy(s, ['ssh node-2', 'systemctl status kubelet'])).toEqual([[false], [true]]);
    expect(await seenBy(s, ['ssh node-2 systemctl status kubelet'])).toEqual([[true]]);
    expect(await seenBy(s, ['ssh node-1 systemctl status kubelet'])).toEqual([[false]]);
  });

  it('a log fact matches a displayed line with RE2, from journalctl of its unit', async () => {
    const s = onNode2({ command: 'journalctl -u kubelet --no-pager', log: { unit: 'kubelet', matches: 'Stopped kubelet.*node agent' } });
    const run = new ScenarioRun(s);
    await run.exec('ssh node-2');
    await run.exec('journalctl -u kubelet --no-pager | tail -3');
    expect(run.log[1].output).toMatch(/Stopped kubelet/);
    expect(run.log[1].seen).toEqual([true]);
    await run.exec("echo 'Stopped kubelet: The Kubernetes Node Agent.'");
    expect(run.log[2].seen).toEqual([false]);
  });

  it('verify reports a fact its command does not show', async () => {
    const s = onNode2({ shows: 'active (running)' });
    const problems = await verifyScenario(s);
    expect(problems.some((p) => p.startsWith('evidence "active (running)" is not shown by `systemctl status kubelet` on node-2'))).toBe(true);
  });
});

describe('evidence as a fact: nodeCondition', () => {
  it('counts the condition as kubectl shows it (Ready=False is NotReady), on the node read', async () => {
    const base = load('test/fixtures/scenarios/pending-insufficient-cpu.yaml');
    const s: Scenario = { ...base, evidence: [{ host: 'workstation', command: 'kubectl get nodes', nodeCondition: { node: 'node-2', type: 'Ready', status: 'Unknown' } }] };
    const run = new ScenarioRun(s);
    // The stopped kubelet stops posting status; the node controller marks Ready Unknown after the grace period.
    run.cluster.advance(60_000);
    await run.exec('kubectl get nodes node-1');
    await run.exec('kubectl get nodes');
    await run.exec('echo node-2 NotReady');
    await run.exec('kubectl describe node node-1');
    await run.exec('kubectl describe node node-2');
    await run.exec('kubectl describe nodes');
    await run.exec('kubectl get nodes | grep -v node-2');
    expect(run.log[5].output).toMatch(/^  Ready\s+Unknown\s/m);
    expect(run.log.map((r) => r.seen[0])).toEqual([false, true, false, false, true, true, false]);
  });
});
