/**
 * A host firewall rule on a worker, `iptables -A INPUT -s 10.0.0.10 -j DROP`
 * (the control plane's address), as a host-firewall-rule fault: the worker's
 * kubelet and the API server both dial over the one network, so the dropped
 * SYN-ACKs time the kubelet's requests out and the dropped SYNs time the API
 * server's connection to the kubelet out. With a conntrack ESTABLISHED accept
 * before the DROP (a stateful firewall), only the second remains.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadValidScenarioText } from '../../src/scenario/validate.js';
import { ScenarioRun } from '../../src/practice/run.js';
import { onHost } from '../helpers/scenario-run.js';

const SHIPPED = 'scenarios/nodes/node-unreachable-partition.yaml';
const PARTITION_FAULT = '  - {type: node-partitioned, node: node-2, since: 30m}\n';

/** The shipped partition scenario with its fault spelled as host firewall rules on node-2's INPUT (appended, or inserted at `position`). */
function withRules(rules: { rule: string; position?: number }[]): ScenarioRun {
  const text = readFileSync(SHIPPED, 'utf8');
  if (!text.includes(PARTITION_FAULT)) throw new Error(`${SHIPPED} no longer has the fault this test replaces`);
  const faults = rules.map(({ rule, position }) => `  - {type: host-firewall-rule, node: node-2, chain: INPUT, rule: "${rule}"${position ? `, position: ${position}` : ''}, since: 30m}\n`).join('');
  const loaded = loadValidScenarioText(text.replace(PARTITION_FAULT, faults), 'node-unreachable-partition.yaml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return new ScenarioRun(loaded.scenario);
}

/** A pod of the shop Deployment still bound to node-2. */
async function podOnNode2(run: ScenarioRun): Promise<string> {
  const wide = await onHost(run, 'workstation', 'kubectl get pods -o wide --no-headers');
  const line = wide.split('\n').find((l) => /\snode-2\s/.test(l));
  if (!line) throw new Error(`no pod on node-2:\n${wide}`);
  return line.split(/\s+/)[0];
}

describe('a DROP of the control plane in a worker\'s INPUT', async () => {
  const run = withRules([{ rule: '-s 10.0.0.10 -j DROP' }]);
  const pod = await podOnNode2(run);
  const logs = await onHost(run, 'workstation', `kubectl logs ${pod}`);
  const exec = await onHost(run, 'workstation', `kubectl exec ${pod} -- true`);
  const journal = await onHost(run, 'node-2', 'journalctl -u kubelet --no-pager -n 5');
  const nodes = await onHost(run, 'workstation', 'kubectl get nodes');

  it("times the kubelet's requests out with client-go's text: the API server's SYN-ACKs are dropped", () => {
    // client-go wraps net.Dial's error in a url.Error: `Get "URL": dial tcp IP:PORT: i/o timeout`.
    expect(journal).toMatch(/Get \\"https:\/\/10\.0\.0\.10:6443\/[^"]*\\": dial tcp 10\.0\.0\.10:6443: i\/o timeout/);
    expect(nodes).toMatch(/^node-2\s+NotReady\s/m);
  });

  it('times the API server\'s connection to the kubelet out: kubectl logs prints the proxy\'s url.Error', () => {
    // The error is no API status: k8s.io/apiserver responsewriters.ErrorToAPIStatus makes it a 500 with
    // reason "" and the error's text, which kubectl (cmd/util/helpers.go StandardErrorMessage) prints
    // after "Error from server: ".
    expect(logs).toBe(`Error from server: Get "https://10.0.0.12:10250/containerLogs/default/${pod}/shop": dial tcp 10.0.0.12:10250: i/o timeout\n`);
  });

  it("fails kubectl exec the same way: the API server's Status for the upgrade (proxy's 'error dialing backend')", () => {
    expect(exec).toBe('Error from server: error dialing backend: dial tcp 10.0.0.12:10250: i/o timeout\n');
  });
});

describe('the same DROP behind a conntrack ESTABLISHED accept (a stateful firewall)', async () => {
  const run = withRules([{ rule: '-s 10.0.0.10 -j DROP' }, { rule: '-m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT', position: 1 }]);
  const nodes = await onHost(run, 'workstation', 'kubectl get nodes');
  const rules = await onHost(run, 'node-2', 'iptables -S INPUT');

  it("lets the answers to the kubelet's own connections in: node-2 stays Ready", () => {
    // The accept is the chain's first rule (kube-proxy's jumps follow it), the DROP its last.
    // iptables keeps the states as a bit mask and lists them in its order (libxt_conntrack print_state).
    expect(rules.split('\n')[1]).toBe('-A INPUT -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT');
    expect(rules).toMatch(/-A INPUT -s 10\.0\.0\.10\/32 -j DROP\n$/);
    expect(nodes).toMatch(/^node-2\s+Ready\s/m);
  });

  it('still drops the connections the control plane opens: kubectl logs for a pod on node-2 times out', async () => {
    const pod = await podOnNode2(run);
    expect(await onHost(run, 'workstation', `kubectl logs ${pod}`)).toBe(`Error from server: Get "https://10.0.0.12:10250/containerLogs/default/${pod}/shop": dial tcp 10.0.0.12:10250: i/o timeout\n`);
  });
});
