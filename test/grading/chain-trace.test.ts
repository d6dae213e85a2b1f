/**
 * The chain trace follows the goal's request through the components and
 * marks the link that broke with what the simulation recorded there; it only
 * looks, so a traced run goes on exactly like an untraced one.
 */
import { describe, expect, it } from 'vitest';
import { loadValidScenarioFile } from '../../src/scenario/validate.js';
import { ScenarioRun, COMMAND_STEP_MS } from '../../src/practice/run.js';
import { brokenLinks, chainTrace, type ChainTrace } from '../../src/grading/chain-trace.js';
import { traceLines } from '../../src/tui/text/format-trace.js';


function start(id: string, dir: string): ScenarioRun {
  const loaded = loadValidScenarioFile(`scenarios/${dir}/${id}.yaml`);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return new ScenarioRun(loaded.scenario);
}

function trace(run: ScenarioRun): ChainTrace {
  const t = chainTrace(run.cluster.adminClient(), run.scenario.goal, run.cluster.network);
  if (!t) throw new Error('no trace');
  return t;
}

const states = (t: ChainTrace) => Object.fromEntries(t.links.map((l) => [l.name, l.state]));

describe('chainTrace', () => {
  it('a pod the scheduler cannot place: the scheduler link, with its FailedScheduling message; the links after it are not reached', () => {
    const t = trace(start('pending-insufficient-cpu', 'scheduling'));
    expect(t.subject).toBe('deployment default/checkout');
    expect(states(t)).toMatchObject({ 'API server': 'ok', etcd: 'ok', controllers: 'ok', scheduler: 'broken', kubelet: 'not-reached', containers: 'not-reached' });
    expect(brokenLinks(t)[0].lines.join('\n')).toMatch(/^1 of 1 pods are Pending, not bound to a node\nFailedScheduling: 0\/3 nodes are available: .*Insufficient cpu/);
  }, 60_000);

  it("a missing ConfigMap: the containers link, with the kubelet's waiting reason and event", () => {
    const t = trace(start('configmap-in-wrong-namespace', 'workloads'));
    expect(brokenLinks(t).map((l) => l.name)).toEqual(['containers']);
    expect(brokenLinks(t)[0].lines).toEqual([expect.stringMatching(/^pod payments-[a-z0-9-]+: container payments CreateContainerConfigError: configmap "payments-config" not found$/), 'Failed: Error: configmap "payments-config" not found']);
  }, 60_000);

  it("a NotReady node: the kubelet link, with the node's Ready condition", () => {
    const t = trace(start('node-notready-pleg', 'nodes'));
    expect(t.subject).toBe('node node-2');
    expect(brokenLinks(t)).toEqual([{ name: 'kubelet', state: 'broken', lines: [expect.stringMatching(/^node node-2: Ready=False \(KubeletNotReady\): \[container runtime is down, PLEG is not healthy: pleg was last seen active \d+m[\d.]+s ago; threshold is 3m0s\]$/)] }]);
  }, 60_000);

  it('a Service that selects nothing: the Endpoints link', () => {
    const t = trace(start('service-empty-endpoints-selector', 'services'));
    expect(brokenLinks(t).map((l) => l.name)).toEqual(['Endpoints']);
    expect(brokenLinks(t)[0].lines).toEqual(['service default/storefront: selector app=store-front; no endpoints']);
  }, 60_000);

  it('a NetworkPolicy that drops: every component answers, the request itself times out', () => {
    const t = trace(start('networkpolicy-default-deny', 'services'));
    expect(brokenLinks(t)).toEqual([{ name: 'request', state: 'broken', lines: [expect.stringMatching(/^a connection to 10\.\d+\.\d+\.\d+:80 from node cp-1: no answer \(timed out\)$/)] }]);
  }, 60_000);

  it('after the reference solution every link answers', async () => {
    const run = start('configmap-in-wrong-namespace', 'workloads');
    for (const line of run.scenario.solution) await run.exec(line);
    run.cluster.advance(30_000);
    expect(brokenLinks(trace(run))).toEqual([]);
    expect(traceLines({ atStart: trace(start('configmap-in-wrong-namespace', 'workloads')), now: trace(run) }).at(-1)).toBe('Now: every link answers.');
  }, 60_000);

  it('only looks: a traced run prints what an untraced one prints (no random draw, no access log line)', async () => {
    const curl = 'curl -s -m 2 http://10.96.88.40/';
    const lines = ['ssh node-1', curl, curl, curl, curl, 'exit', 'kubectl logs -l app=orders --tail=3'];
    const outputs = async (traced: boolean): Promise<string[]> => {
      const run = start('kube-proxy-stale-rules', 'services');
      if (traced) trace(run);
      const out: string[] = [];
      for (const line of lines) {
        out.push((await run.exec(line)).output);
        run.cluster.advance(COMMAND_STEP_MS);
      }
      return out;
    };
    expect(await outputs(true)).toEqual(await outputs(false));
  }, 60_000);
});
