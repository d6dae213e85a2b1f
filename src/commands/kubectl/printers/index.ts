/**
 * Printer registry: the table definition for a kind (as tablegenerator.go registers handlers).
 */
import type { TableDefinition } from '../output/table.js';
import { podPrinter } from './pod.js';
import { nodePrinter } from './node.js';
import { servicePrinter } from './service.js';
import { endpointsPrinter } from './endpoints.js';
import { endpointSlicePrinter } from './endpointslice.js';
import { daemonSetPrinter, deploymentPrinter, replicaSetPrinter, statefulSetPrinter } from './workloads.js';
import { eventPrinter } from './event.js';
import { csrPrinter } from './csr.js';
import { networkPolicyPrinter } from './networkpolicy.js';
import {
  componentStatusPrinter,
  configMapPrinter,
  genericPrinter,
  leasePrinter,
  limitRangePrinter,
  namespacePrinter,
  resourceQuotaPrinter,
  secretPrinter,
  serviceAccountPrinter,
  webhookConfigurationPrinter,
} from './simple.js';

const printers: Readonly<Record<string, TableDefinition>> = {
  Pod: podPrinter,
  Node: nodePrinter,
  Service: servicePrinter,
  Endpoints: endpointsPrinter,
  EndpointSlice: endpointSlicePrinter,
  Deployment: deploymentPrinter,
  ReplicaSet: replicaSetPrinter,
  StatefulSet: statefulSetPrinter,
  DaemonSet: daemonSetPrinter,
  Event: eventPrinter,
  Namespace: namespacePrinter,
  Lease: leasePrinter,
  ConfigMap: configMapPrinter,
  Secret: secretPrinter,
  ServiceAccount: serviceAccountPrinter,
  LimitRange: limitRangePrinter,
  ResourceQuota: resourceQuotaPrinter,
  CertificateSigningRequest: csrPrinter,
  NetworkPolicy: networkPolicyPrinter,
  ComponentStatus: componentStatusPrinter,
  ValidatingWebhookConfiguration: webhookConfigurationPrinter,
  MutatingWebhookConfiguration: webhookConfigurationPrinter,
};

/** The printer for a kind (`Pod`, `Deployment`, ...); the NAME AGE fallback for any other kind. */
export function printerFor(kind: string): TableDefinition {
  return printers[kind] ?? genericPrinter;
}
