/**
 * Small printers of pkg/printers/internalversion/printers.go: namespaces, leases, configmaps,
 * secrets, serviceaccounts, limitranges, resourcequotas, and the generic NAME AGE fallback
 * (the server's default table for kinds without a printer).
 */
import type { ComponentStatus, ConfigMap, LimitRange, Namespace, ResourceQuota, Secret, ServiceAccount } from 'kubernetes-types/core/v1.js';
import type { Lease } from 'kubernetes-types/coordination/v1.js';
import type { TableDefinition } from '../output/table.js';
import { translateTimestampSince } from '../output/duration.js';
import { byteCompare } from '../output/labels.js';

interface Named {
  metadata?: { name?: string; creationTimestamp?: string } | null;
}

const name = (o: Named): string => o.metadata?.name ?? '';
const age = (o: Named, now: number): string => translateTimestampSince(o.metadata?.creationTimestamp, now);

/** Generic fallback: NAME AGE. */
export const genericPrinter: TableDefinition<Named> = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Age', priority: 0 },
  ],
  row: (o, { now }) => [name(o), age(o, now)],
};

/** Validating and mutating webhook configurations: NAME WEBHOOKS AGE (printers.go addValidatingWebhookConfiguration...). */
export const webhookConfigurationPrinter: TableDefinition<Named & { webhooks?: unknown[] | null }> = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Webhooks', priority: 0 },
    { name: 'Age', priority: 0 },
  ],
  row: (o, { now }) => [name(o), String(Array.isArray(o.webhooks) ? o.webhooks.length : 0), age(o, now)],
};

/** Namespaces: NAME STATUS AGE. */
export const namespacePrinter: TableDefinition<Namespace> = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Status', priority: 0 },
    { name: 'Age', priority: 0 },
  ],
  row: (o, { now }) => [name(o), o.status?.phase ?? '', age(o, now)],
};

/** Leases: NAME HOLDER AGE. */
export const leasePrinter: TableDefinition<Lease> = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Holder', priority: 0 },
    { name: 'Age', priority: 0 },
  ],
  row: (o, { now }) => [name(o), o.spec?.holderIdentity ?? '', age(o, now)],
};

/** ConfigMaps: NAME DATA AGE (DATA counts data and binaryData keys). */
export const configMapPrinter: TableDefinition<ConfigMap> = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Data', priority: 0 },
    { name: 'Age', priority: 0 },
  ],
  row: (o, { now }) => [
    name(o),
    String(Object.keys(o.data ?? {}).length + Object.keys(o.binaryData ?? {}).length),
    age(o, now),
  ],
};

/** Secrets: NAME TYPE DATA AGE. */
export const secretPrinter: TableDefinition<Secret> = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Type', priority: 0 },
    { name: 'Data', priority: 0 },
    { name: 'Age', priority: 0 },
  ],
  row: (o, { now }) => [name(o), o.type ?? '', String(Object.keys(o.data ?? {}).length), age(o, now)],
};

/** ServiceAccounts: NAME SECRETS AGE. */
export const serviceAccountPrinter: TableDefinition<ServiceAccount> = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Secrets', priority: 0 },
    { name: 'Age', priority: 0 },
  ],
  row: (o, { now }) => [name(o), String((o.secrets ?? []).length), age(o, now)],
};

/** LimitRanges: NAME CREATED AT (RFC 3339, UTC). */
export const limitRangePrinter: TableDefinition<LimitRange> = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Created At', priority: 0 },
  ],
  row: (o) => {
    const ts = o.metadata?.creationTimestamp;
    return [name(o), ts ? new Date(Date.parse(ts)).toISOString().replace(/\.\d{3}Z$/, 'Z') : '0001-01-01T00:00:00Z'];
  },
};

/** ResourceQuotas: NAME AGE REQUEST LIMIT (`resource: used/hard, ...`, limits.* go to LIMIT). */
export const resourceQuotaPrinter: TableDefinition<ResourceQuota> = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Age', priority: 0 },
    { name: 'Request', priority: 0 },
    { name: 'Limit', priority: 0 },
  ],
  row: (o, { now }) => {
    const hard = o.status?.hard ?? {};
    const used = o.status?.used ?? {};
    const request: string[] = [];
    const limit: string[] = [];
    for (const r of Object.keys(hard).sort(byteCompare)) {
      const pieces = r.split('.');
      const target = pieces.length > 1 && pieces[0] === 'limits' ? limit : request;
      target.push(`${r}: ${used[r] ?? '0'}/${hard[r]}`);
    }
    return [name(o), age(o, now), request.join(', '), limit.join(', ')];
  },
};

/** ComponentStatus as printComponentStatus shows it: the Healthy condition's status, message and error. */
export const componentStatusPrinter: TableDefinition<ComponentStatus> = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Status', priority: 0 },
    { name: 'Message', priority: 0 },
    { name: 'Error', priority: 0 },
  ],
  row: (o) => {
    const healthy = (o.conditions ?? []).find((c) => c.type === 'Healthy');
    if (!healthy) return [name(o), 'Unknown', '', ''];
    return [name(o), healthy.status === 'True' ? 'Healthy' : 'Unhealthy', healthy.message ?? '', healthy.error ?? ''];
  },
};
