/**
 * Measures the CPU time the scheduler takes to place many pods on many nodes
 * (not a test: a number to compare before/after a change, never asserted).
 * Run: `npx tsx test/cluster/scheduler/measure-scheduling.ts [nodes] [pods] [runs]`.
 */
import { makeNode, makePod } from './fixtures.js';
import { startHarness } from './harness.js';

function cpuMs(since: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
}

function once(nodes: number, pods: number): { ms: number; scheduled: number } {
  const h = startHarness();
  for (let i = 0; i < nodes; i++) h.addNode(makeNode(`node-${String(i).padStart(4, '0')}`, { cpu: '32', memory: '128Gi', pods: '110' }));
  h.advance(10);
  for (let i = 0; i < pods; i++) h.createPod(makePod(`p-${i}`, { cpu: '100m', memory: '128Mi' }));
  const start = process.cpuUsage();
  h.advance(60_000);
  const ms = cpuMs(start);
  const list = h.api.list('pods', 'default');
  const scheduled = list.ok ? list.value.items.filter((p) => (p as Record<string, any>).spec?.nodeName).length : 0;
  return { ms, scheduled };
}

const [nodes = 300, pods = 6000, runs = 3] = process.argv.slice(2).map(Number);
for (let r = 0; r < runs; r++) {
  const { ms, scheduled } = once(nodes, pods);
  console.log(`${nodes} nodes, ${pods} pods: ${scheduled} scheduled, ${ms.toFixed(0)} ms CPU (watch events, scheduling, binding and event writes)`);
}
