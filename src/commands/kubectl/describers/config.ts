/**
 * Describers for configuration and identity objects (kubectl
 * pkg/describe/describe.go): ConfigMap, Secret, ServiceAccount, PriorityClass.
 * Go ranges over a map's keys in random order; these print them sorted, so
 * the same cluster always describes the same way.
 */
import type { ConfigMap, Secret, ServiceAccount } from 'kubernetes-types/core/v1.js';
import type { PriorityClass } from 'kubernetes-types/scheduling/v1.js';
import { describeEvents, type AnyEvent } from './events.js';
import { LEVEL_0, tabbedString } from './prefix-writer.js';
import { printAnnotationsMultiline, printLabelsMultiline } from './format.js';
import { byteCompare } from '../output/labels.js';

const sortedKeys = (m: Record<string, unknown> | undefined): string[] => Object.keys(m ?? {}).sort(byteCompare);

/** ConfigMapDescriber: each key, a `----` rule and its value; then BinaryData sizes. */
export function describeConfigMap(cm: ConfigMap, events: AnyEvent[] | undefined, now: number): string {
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${cm.metadata?.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${cm.metadata?.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', cm.metadata?.labels);
    printAnnotationsMultiline(w, 'Annotations', cm.metadata?.annotations);
    w.write(LEVEL_0, '\nData\n====\n');
    for (const k of sortedKeys(cm.data)) {
      w.write(LEVEL_0, `${k}:\n----\n`);
      w.write(LEVEL_0, `${cm.data![k]}\n`);
      w.write(LEVEL_0, '\n');
    }
    w.write(LEVEL_0, '\nBinaryData\n====\n');
    for (const k of sortedKeys(cm.binaryData)) w.write(LEVEL_0, `${k}: ${base64Length(cm.binaryData![k])} bytes\n`);
    w.write(LEVEL_0, '\n');
    if (events !== undefined) describeEvents(events, w, now);
  });
}

/** describeSecret: the type, then each key's size in bytes (a service-account token is shown). No events. */
export function describeSecret(secret: Secret): string {
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${secret.metadata?.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${secret.metadata?.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', secret.metadata?.labels);
    printAnnotationsMultiline(w, 'Annotations', secret.metadata?.annotations);
    w.write(LEVEL_0, `\nType:\t${secret.type ?? ''}\n`);
    w.write(LEVEL_0, '\nData\n====\n');
    for (const k of sortedKeys(secret.data)) {
      const value = secret.data![k];
      if (k === 'token' && secret.type === 'kubernetes.io/service-account-token') w.write(LEVEL_0, `${k}:\t${Buffer.from(value, 'base64').toString('utf8')}\n`);
      else w.write(LEVEL_0, `${k}:\t${base64Length(value)} bytes\n`);
    }
  });
}

/** The bytes a base64 text decodes to. */
function base64Length(text: string): number {
  return Buffer.from(text, 'base64').length;
}

/** A ServiceAccount's secrets, as ServiceAccountDescriber gathers them. */
export interface ServiceAccountSecrets {
  /** Token Secrets annotated with this account's name and uid. */
  tokens: string[];
  /** Referenced secrets (mountable or pull) that do not exist; undefined when the list failed. */
  missing: ReadonlySet<string>;
}

/** describeServiceAccount: pull, mountable and token secrets, a `(not found)` after the missing ones. */
export function describeServiceAccount(sa: ServiceAccount, secrets: ServiceAccountSecrets, events: AnyEvent[] | undefined, now: number): string {
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${sa.metadata?.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${sa.metadata?.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', sa.metadata?.labels);
    printAnnotationsMultiline(w, 'Annotations', sa.metadata?.annotations);
    const emptyHeader = '                   ';
    // The headers in sorted order (sets.StringKeySet(types).List()).
    const sections: [string, string[]][] = [
      ['Image pull secrets:', (sa.imagePullSecrets ?? []).map((s) => s.name ?? '')],
      ['Mountable secrets: ', (sa.secrets ?? []).map((s) => s.name ?? '')],
      ['Tokens:            ', secrets.tokens],
    ];
    for (const [header, names] of sections) {
      if (names.length === 0) {
        w.write(LEVEL_0, `${header}\t<none>\n`);
        continue;
      }
      let prefix = header;
      for (const name of names) {
        w.write(LEVEL_0, `${prefix}\t${name}${secrets.missing.has(name) ? ' (not found)' : ''}\n`);
        prefix = emptyHeader;
      }
    }
    if (events !== undefined) describeEvents(events, w, now);
  });
}

/** describePriorityClass: value, default, preemption, description, annotations on one line. */
export function describePriorityClass(pc: PriorityClass, events: AnyEvent[] | undefined, now: number): string {
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${pc.metadata?.name ?? ''}\n`);
    w.write(LEVEL_0, `Value:\t${pc.value}\n`);
    w.write(LEVEL_0, `GlobalDefault:\t${pc.globalDefault ?? false}\n`);
    w.write(LEVEL_0, `PreemptionPolicy:\t${pc.preemptionPolicy ?? 'PreemptLowerPriority'}\n`);
    w.write(LEVEL_0, `Description:\t${pc.description ?? ''}\n`);
    const annotations = pc.metadata?.annotations ?? {};
    const formatted = sortedKeys(annotations).map((k) => `${k}=${annotations[k]}`).join(',');
    w.write(LEVEL_0, `Annotations:\t${formatted || '<none>'}\n`);
    if (events !== undefined) describeEvents(events, w, now);
  });
}
