/**
 * `kubectl describe daemonset`, pinned to kubernetes/kubectl v0.32.0
 * pkg/describe/describe.go: DaemonSetDescriber.Describe (pods counted by
 * getPodStatusForController: selector match and controllerRef.UID == the
 * DaemonSet's) and describeDaemonSet (no Namespace line; `Selector:` is
 * selector.String(); `Node-Selector:` is labels.FormatLabels of the template's
 * nodeSelector; the five node counts are written without a tab, so they break
 * the tabwriter's alignment block; `Events` only when events were searched).
 */
import { describe, it, expect } from 'vitest';
import type { DaemonSet } from 'kubernetes-types/apps/v1.js';
import type { Pod } from 'kubernetes-types/core/v1.js';
import { describeDaemonSet } from '../../../../src/commands/kubectl/describers/daemonset.js';
import { TestCluster, pod } from '../harness.js';

const NOW = Date.UTC(2026, 10, 30, 4, 23, 50);

const ds: DaemonSet = {
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'log-agent', namespace: 'kube-system', uid: 'ds-uid', labels: { app: 'log-agent' }, annotations: { 'deprecated.daemonset.template.generation': '1' } },
  spec: {
    selector: { matchLabels: { app: 'log-agent' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['node', 'infra'] }] },
    template: {
      metadata: { labels: { app: 'log-agent', tier: 'node' } },
      spec: { nodeSelector: { 'kubernetes.io/os': 'linux', disktype: 'ssd' }, containers: [{ name: 'agent', image: 'fluent-bit:3.1' }] },
    },
  },
  status: { desiredNumberScheduled: 3, currentNumberScheduled: 3, updatedNumberScheduled: 2, numberAvailable: 1, numberMisscheduled: 1, numberReady: 1 },
};

const phase = (p: string): Pod => ({ metadata: { name: p }, status: { phase: p } });

const HEAD =
  'Name:           log-agent\n' +
  'Selector:       app=log-agent,tier in (infra,node)\n' +
  'Node-Selector:  disktype=ssd,kubernetes.io/os=linux\n' +
  'Labels:         app=log-agent\n' +
  'Annotations:    deprecated.daemonset.template.generation: 1\n' +
  'Desired Number of Nodes Scheduled: 3\n' +
  'Current Number of Nodes Scheduled: 3\n' +
  'Number of Nodes Scheduled with Up-to-date Pods: 2\n' +
  'Number of Nodes Scheduled with Available Pods: 1\n' +
  'Number of Nodes Misscheduled: 1\n';

const TEMPLATE =
  'Pod Template:\n' +
  '  Labels:  app=log-agent\n' +
  '           tier=node\n' +
  '  Containers:\n' +
  '   agent:\n' +
  '    Image:         fluent-bit:3.1\n' +
  '    Port:          <none>\n' +
  '    Host Port:     <none>\n' +
  '    Environment:   <none>\n' +
  '    Mounts:        <none>\n' +
  '  Volumes:         <none>\n' +
  '  Node-Selectors:  disktype=ssd\n' +
  '                   kubernetes.io/os=linux\n' +
  '  Tolerations:     <none>\n';

describe('describe daemonset', () => {
  // Events: follows the pod template's tabbed lines in one tabwriter block, so it aligns with them.
  it('prints the DaemonSet fields in describeDaemonSet order', () => {
    const pods = ['Running', 'Running', 'Pending', 'Failed'].map(phase);
    expect(describeDaemonSet(ds, pods, [], NOW)).toBe(HEAD + 'Pods Status:  2 Running / 1 Waiting / 0 Succeeded / 1 Failed\n' + TEMPLATE + 'Events:            <none>\n');
  });

  it('omits Events when they were not searched (--show-events=false)', () => {
    expect(describeDaemonSet(ds, [], undefined, NOW)).toBe(HEAD + 'Pods Status:  0 Running / 0 Waiting / 0 Succeeded / 0 Failed\n' + TEMPLATE);
  });

  it('counts only the pods the DaemonSet controls that match its selector', async () => {
    const c = new TestCluster();
    const created = c.add({ apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent', namespace: 'default' }, spec: { selector: { matchLabels: { app: 'agent' } }, template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'a', image: 'busybox' }] } } } });
    const ref = { apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: created.metadata.uid, controller: true };
    const owned = (name: string, labels: Record<string, string>, ph: string) => ({ ...pod(name, { labels, status: { phase: ph } }), metadata: { name, namespace: 'default', labels, ownerReferences: [ref] } });
    c.add(owned('agent-a', { app: 'agent' }, 'Running'));
    c.add(owned('agent-b', { app: 'agent' }, 'Pending'));
    c.add(owned('agent-relabelled', { app: 'other' }, 'Running')); // controlled, but no longer selected
    c.add(pod('stray', { labels: { app: 'agent' }, status: { phase: 'Running' } })); // selected, but an orphan
    const r = await c.run('describe ds agent');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('\nPods Status:  1 Running / 1 Waiting / 0 Succeeded / 0 Failed\n');
    expect(r.stdout.startsWith('Name:           agent\nSelector:       app=agent\nNode-Selector:  <none>\n')).toBe(true);
  });
});
