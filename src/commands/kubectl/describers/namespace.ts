/**
 * `kubectl describe namespace`: describeNamespace, DescribeResourceQuotas and DescribeLimitRanges
 * of kubernetes/kubectl pkg/describe/describe.go (v0.32.0). The namespace describer shows no events.
 */
import type { LimitRange, Namespace, ResourceQuota } from 'kubernetes-types/core/v1.js';
import { LEVEL_0, LEVEL_1, tabbedString, type PrefixWriter } from './prefix-writer.js';
import { formatRFC1123Z, printAnnotationsMultiline, printLabelsMultiline } from './format.js';
import { quantityString } from './quantity.js';

/** Byte-wise string order, as Go's sort.Strings and the Sortable* name sorts use. */
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** helpTextForResourceQuotaScope: the explanation printed under a quota's Scopes line. */
const SCOPE_HELP: ReadonlyMap<string, string> = new Map([
  ['Terminating', 'Matches all pods that have an active deadline. These pods have a limited lifespan on a node before being actively terminated by the system.'],
  ['NotTerminating', 'Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.'],
  ['BestEffort', 'Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.'],
  ['NotBestEffort', 'Matches all pods that have at least one resource requirement set. These pods have a burstable or guaranteed quality of service.'],
]);

/**
 * The describe text of a namespace given its quotas and limit ranges; `undefined` leaves a section
 * out, as kubectl does when the server does not serve that resource.
 */
export function describeNamespace(ns: Namespace, quotas: readonly ResourceQuota[] | undefined, limitRanges: readonly LimitRange[] | undefined): string {
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${ns.metadata?.name ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', ns.metadata?.labels);
    printAnnotationsMultiline(w, 'Annotations', ns.metadata?.annotations);
    w.write(LEVEL_0, `Status:\t${ns.status?.phase ?? ''}\n`);
    const conditions = ns.status?.conditions ?? [];
    if (conditions.length > 0) {
      w.write(LEVEL_0, 'Conditions:\n');
      w.write(LEVEL_1, 'Type\tStatus\tLastTransitionTime\tReason\tMessage\n');
      w.write(LEVEL_1, '----\t------\t------------------\t------\t-------\n');
      for (const c of conditions) w.write(LEVEL_1, `${c.type}\t${c.status}\t${formatRFC1123Z(c.lastTransitionTime)}\t${c.reason ?? ''}\t${c.message ?? ''}\n`);
    }
    if (quotas !== undefined) {
      w.write(LEVEL_0, '\n');
      describeResourceQuotas(quotas, w);
    }
    if (limitRanges !== undefined) {
      w.write(LEVEL_0, '\n');
      describeLimitRanges(limitRanges, w);
    }
  });
}

/** DescribeResourceQuotas: every quota by name, its scopes, then Resource/Used/Hard by resource name. */
export function describeResourceQuotas(quotas: readonly ResourceQuota[], w: PrefixWriter): void {
  if (quotas.length === 0) {
    w.write(LEVEL_0, 'No resource quota.\n');
    return;
  }
  w.write(LEVEL_0, 'Resource Quotas\n');
  for (const q of [...quotas].sort((a, b) => byText(a.metadata?.name ?? '', b.metadata?.name ?? ''))) {
    w.write(LEVEL_1, `Name:\t${q.metadata?.name ?? ''}\n`);
    // Rows come from status.hard: a quota the controller has not synced yet has an empty table.
    quotaBody(q, w, { level: LEVEL_1, helpPrefix: '* ', rule: '--------\t---\t---\n' });
  }
}

/**
 * A quota's scopes with their help, then Resource/Used/Hard rows from its
 * status, sorted by resource: DescribeResourceQuotas (in a namespace, one
 * level in) and describeQuota print the same, in slightly different dress.
 */
function quotaBody(q: ResourceQuota, w: PrefixWriter, dress: { level: number; helpPrefix: string; rule: string; usedDefault?: string }): void {
  const scopes = [...(q.spec?.scopes ?? [])].sort(byText);
  if (scopes.length > 0) {
    w.write(dress.level, `Scopes:\t${scopes.join(', ')}\n`);
    for (const scope of scopes) {
      const help = SCOPE_HELP.get(scope);
      if (help) w.write(dress.level, `${dress.helpPrefix}${help}\n`);
    }
  }
  w.write(dress.level, 'Resource\tUsed\tHard\n');
  w.write(dress.level, dress.rule);
  const hard = new Map(Object.entries(q.status?.hard ?? {}));
  const used = new Map(Object.entries(q.status?.used ?? {}));
  for (const resource of [...hard.keys()].sort(byText)) {
    w.write(dress.level, `${resource}\t${quantityString(used.get(resource) ?? dress.usedDefault)}\t${quantityString(hard.get(resource))}\n`);
  }
}

/**
 * DescribeLimitRanges: one row per limit item and resource named in any of its bounds, `-` where
 * a bound is unset. Upstream walks a Go map, so its row order within an item is unspecified; we
 * sort by resource name to stay deterministic.
 */
export function describeLimitRanges(limitRanges: readonly LimitRange[], w: PrefixWriter): void {
  if (limitRanges.length === 0) {
    w.write(LEVEL_0, 'No LimitRange resource.\n');
    return;
  }
  w.write(LEVEL_0, 'Resource Limits\n Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n');
  w.write(LEVEL_0, ' ----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n');
  for (const lr of limitRanges) describeLimitRangeSpec(lr, ' ', w);
}

/** describeLimitRangeSpec: the rows of one LimitRange, each prefixed (a space in the namespace view). */
export function describeLimitRangeSpec(lr: LimitRange, prefix: string, w: PrefixWriter): void {
  for (const item of lr.spec?.limits ?? []) {
    const bounds = [item.min, item.max, item.defaultRequest, item.default, item.maxLimitRequestRatio].map((b) => new Map(Object.entries(b ?? {})));
    const resources = [...new Set(bounds.flatMap((b) => [...b.keys()]))].sort(byText);
    for (const resource of resources) {
      const cells = bounds.map((b) => (b.has(resource) ? quantityString(b.get(resource)) : '-'));
      w.write(LEVEL_0, `${prefix}${item.type}\t${resource}\t${cells.join('\t')}\n`);
    }
  }
}

/** describeQuota (`kubectl describe quota`): scopes with their help, then Resource/Used/Hard from the status. */
export function describeQuota(q: ResourceQuota): string {
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${q.metadata?.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${q.metadata?.namespace ?? ''}\n`);
    quotaBody(q, w, { level: LEVEL_0, helpPrefix: ' * ', rule: '--------\t----\t----\n', usedDefault: '0' });
  });
}

/** describeLimitRange (`kubectl describe limits`): the table of its bounds, rows unprefixed. */
export function describeLimitRange(lr: LimitRange): string {
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${lr.metadata?.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${lr.metadata?.namespace ?? ''}\n`);
    w.write(LEVEL_0, 'Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n');
    w.write(LEVEL_0, '----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n');
    describeLimitRangeSpec(lr, '', w);
  });
}
