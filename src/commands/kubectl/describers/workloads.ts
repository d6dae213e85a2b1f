/**
 * `kubectl describe deployment|replicaset`: describeDeployment/printReplicaSetsByLabels and
 * describeReplicaSet of kubernetes/kubectl pkg/describe/describe.go.
 */
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1.js';
import type { Pod } from 'kubernetes-types/core/v1.js';
import { LEVEL_0, LEVEL_1, tabbedString } from './prefix-writer.js';
import { controllerOf, formatRFC1123Z, printAnnotationsMultiline, printLabelsMultiline } from './format.js';
import { describePodTemplate } from './containers.js';
import { describeEvents, type AnyEvent } from './events.js';
import { byteCompare, formatLabelSelector } from '../output/labels.js';

const intOrPercent = (v: number | string | undefined, dflt: string): string => (v === undefined ? dflt : String(v));

/** `name (created/desired replicas created)`, comma-joined, `<none>` when empty. */
export function printReplicaSetsByLabels(rss: readonly ReplicaSet[]): string {
  const list = rss.map((rs) => `${rs.metadata?.name ?? ''} (${rs.status?.replicas ?? 0}/${rs.spec?.replicas ?? 1} replicas created)`).join(', ');
  return list === '' ? '<none>' : list;
}

const withoutHash = (labels: Record<string, string> | undefined): Record<string, string> => {
  const { ['pod-template-hash']: _omit, ...rest } = labels ?? {};
  return rest;
};

/** Stable JSON with sorted keys, to compare pod templates. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, val: unknown) =>
    val && typeof val === 'object' && !Array.isArray(val)
      ? Object.fromEntries(Object.entries(val as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : val,
  );

/**
 * deploymentutil.GetAllReplicaSetsInChunks as the deployment describer uses it (kubectl v0.32.0):
 * the ReplicaSets the deployment controls, oldest first (creationTimestamp, then name); the new
 * one is the oldest with the deployment's pod template (ignoring pod-template-hash); the old ones
 * are all the others, scaled to 0 or not (the describer takes findOldReplicaSets' allRSs).
 */
export function splitReplicaSets(d: Deployment, rss: readonly ReplicaSet[]): { newRS?: ReplicaSet; oldRSs: ReplicaSet[] } {
  const owned = rss.filter((rs) =>
    (rs.metadata?.ownerReferences ?? []).some((r) => r.controller && r.kind === 'Deployment' && (r.uid === d.metadata?.uid || r.name === d.metadata?.name)),
  );
  const templateKey = (t: unknown, labels: Record<string, string> | undefined): string => canonical({ t, labels: withoutHash(labels) });
  const want = templateKey({ ...d.spec?.template, metadata: { ...d.spec?.template?.metadata, labels: undefined } }, d.spec?.template?.metadata?.labels);
  // replicaSetsByCreationTimestamp; RFC 3339 UTC stamps compare as text (code units, not the locale's collation).
  const byAge = (a: ReplicaSet, b: ReplicaSet): number =>
    byteCompare(a.metadata?.creationTimestamp ?? '', b.metadata?.creationTimestamp ?? '') || byteCompare(a.metadata?.name ?? '', b.metadata?.name ?? '');
  const sorted = [...owned].sort(byAge);
  const newRS = sorted.find(
    (rs) => templateKey({ ...rs.spec?.template, metadata: { ...rs.spec?.template?.metadata, labels: undefined } }, rs.spec?.template?.metadata?.labels) === want,
  );
  const oldRSs = sorted.filter((rs) => rs !== newRS);
  return { newRS, oldRSs };
}

/** The describe text of a deployment given the ReplicaSets in its namespace and its events. */
export function describeDeployment(d: Deployment, replicaSets: readonly ReplicaSet[], events: readonly AnyEvent[] | undefined, now: number): string {
  return tabbedString((w) => {
    const st = d.status ?? {};
    w.write(LEVEL_0, `Name:\t${d.metadata?.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${d.metadata?.namespace ?? ''}\n`);
    w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(d.metadata?.creationTimestamp)}\n`);
    printLabelsMultiline(w, 'Labels', d.metadata?.labels);
    printAnnotationsMultiline(w, 'Annotations', d.metadata?.annotations);
    w.write(LEVEL_0, `Selector:\t${formatLabelSelector(d.spec?.selector)}\n`);
    w.write(
      LEVEL_0,
      `Replicas:\t${d.spec?.replicas ?? 1} desired | ${st.updatedReplicas ?? 0} updated | ${st.replicas ?? 0} total | ${st.availableReplicas ?? 0} available | ${st.unavailableReplicas ?? 0} unavailable\n`,
    );
    const strategy = d.spec?.strategy ?? { type: 'RollingUpdate' };
    w.write(LEVEL_0, `StrategyType:\t${strategy.type ?? 'RollingUpdate'}\n`);
    w.write(LEVEL_0, `MinReadySeconds:\t${d.spec?.minReadySeconds ?? 0}\n`);
    if (strategy.type !== 'Recreate') {
      const ru = strategy.rollingUpdate ?? {};
      w.write(LEVEL_0, `RollingUpdateStrategy:\t${intOrPercent(ru.maxUnavailable, '25%')} max unavailable, ${intOrPercent(ru.maxSurge, '25%')} max surge\n`);
    }
    describePodTemplate(d.spec?.template, w);
    if ((st.conditions ?? []).length > 0) {
      w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tReason\n');
      w.write(LEVEL_1, '----\t------\t------\n');
      for (const c of st.conditions!) w.write(LEVEL_1, `${c.type} \t${c.status}\t${c.reason ?? ''}\n`);
    }
    const { newRS, oldRSs } = splitReplicaSets(d, replicaSets);
    // Both lines are left out when the deployment controls no ReplicaSet at all.
    if (oldRSs.length > 0 || newRS) {
      w.write(LEVEL_0, `OldReplicaSets:\t${printReplicaSetsByLabels(oldRSs)}\n`);
      w.write(LEVEL_0, `NewReplicaSet:\t${printReplicaSetsByLabels(newRS ? [newRS] : [])}\n`);
    }
    describeEvents(events, w, now);
  });
}

/** The describe text of a ReplicaSet given the pods it controls and its events. */
export function describeReplicaSet(rs: ReplicaSet, pods: readonly Pod[], events: readonly AnyEvent[] | undefined, now: number): string {
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${rs.metadata?.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${rs.metadata?.namespace ?? ''}\n`);
    w.write(LEVEL_0, `Selector:\t${formatLabelSelector(rs.spec?.selector) || '<none>'}\n`);
    printLabelsMultiline(w, 'Labels', rs.metadata?.labels);
    printAnnotationsMultiline(w, 'Annotations', rs.metadata?.annotations);
    const controlledBy = controllerOf(rs.metadata);
    if (controlledBy) w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
    w.write(LEVEL_0, `Replicas:\t${rs.status?.replicas ?? 0} current / ${rs.spec?.replicas ?? 1} desired\n`);
    const count = (phase: string): number => pods.filter((p) => p.status?.phase === phase).length;
    w.write(LEVEL_0, `Pods Status:\t${count('Running')} Running / ${count('Pending')} Waiting / ${count('Succeeded')} Succeeded / ${count('Failed')} Failed\n`);
    describePodTemplate(rs.spec?.template, w);
    if ((rs.status?.conditions ?? []).length > 0) {
      w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tReason\n');
      w.write(LEVEL_1, '----\t------\t------\n');
      for (const c of rs.status!.conditions!) w.write(LEVEL_1, `${c.type} \t${c.status}\t${c.reason ?? ''}\n`);
    }
    describeEvents(events, w, now);
  });
}
