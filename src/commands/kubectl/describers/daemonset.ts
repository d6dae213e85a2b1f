/**
 * `kubectl describe daemonset`: describeDaemonSet of kubernetes/kubectl
 * pkg/describe/describe.go (v0.32.0). Unlike the ReplicaSet describer it
 * prints no Namespace line, the selector as `selector.String()` (empty, not
 * `<none>`, for an empty selector) and the node counts without tabs.
 */
import type { DaemonSet } from 'kubernetes-types/apps/v1.js';
import type { Pod } from 'kubernetes-types/core/v1.js';
import { LEVEL_0, tabbedString } from './prefix-writer.js';
import { printAnnotationsMultiline, printLabelsMultiline } from './format.js';
import { describePodTemplate } from './containers.js';
import { describeEvents, type AnyEvent } from './events.js';
import { formatLabels, formatLabelSelector } from '../output/labels.js';

/** The describe text of a DaemonSet given the pods it controls (getPodStatusForController) and its events. */
export function describeDaemonSet(ds: DaemonSet, pods: readonly Pod[], events: readonly AnyEvent[] | undefined, now: number): string {
  return tabbedString((w) => {
    const st = ds.status;
    w.write(LEVEL_0, `Name:\t${ds.metadata?.name ?? ''}\n`);
    w.write(LEVEL_0, `Selector:\t${formatLabelSelector(ds.spec?.selector)}\n`);
    w.write(LEVEL_0, `Node-Selector:\t${formatLabels(ds.spec?.template?.spec?.nodeSelector)}\n`);
    printLabelsMultiline(w, 'Labels', ds.metadata?.labels);
    printAnnotationsMultiline(w, 'Annotations', ds.metadata?.annotations);
    w.write(LEVEL_0, `Desired Number of Nodes Scheduled: ${st?.desiredNumberScheduled ?? 0}\n`);
    w.write(LEVEL_0, `Current Number of Nodes Scheduled: ${st?.currentNumberScheduled ?? 0}\n`);
    w.write(LEVEL_0, `Number of Nodes Scheduled with Up-to-date Pods: ${st?.updatedNumberScheduled ?? 0}\n`);
    w.write(LEVEL_0, `Number of Nodes Scheduled with Available Pods: ${st?.numberAvailable ?? 0}\n`);
    w.write(LEVEL_0, `Number of Nodes Misscheduled: ${st?.numberMisscheduled ?? 0}\n`);
    const count = (phase: string): number => pods.filter((p) => p.status?.phase === phase).length;
    w.write(LEVEL_0, `Pods Status:\t${count('Running')} Running / ${count('Pending')} Waiting / ${count('Succeeded')} Succeeded / ${count('Failed')} Failed\n`);
    describePodTemplate(ds.spec?.template, w);
    // `if events != nil`: --show-events=false prints no Events section at all.
    if (events !== undefined) describeEvents(events, w, now);
  });
}
