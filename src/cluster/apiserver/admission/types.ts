/**
 * The admission chain's contract: mutating plugins may change the object,
 * validating plugins may only reject (kube-apiserver runs all mutating
 * plugins, then all validating ones).
 */
import type { KubeObject, Status } from '../types.js';
import type { ResourceInfo } from '../resources.js';
import type { UserInfo } from '../authn.js';

/** What the store offers to admission (read only). */
export interface AdmissionStore {
  get(resource: string, namespace: string | undefined, name: string): KubeObject | undefined;
  list(resource: string, namespace: string | undefined): KubeObject[];
}

/** One request passing through admission. */
export interface AdmissionRequest {
  operation: 'CREATE' | 'UPDATE' | 'DELETE';
  resource: ResourceInfo;
  subresource?: string;
  namespace: string | undefined;
  name: string;
  /** The incoming object (mutable in the mutating phase). */
  object: KubeObject;
  oldObject?: KubeObject;
  user: UserInfo;
  store: AdmissionStore;
  /** Seeded randomness for generated names (service account volume suffixes). */
  randomSuffix(length: number): string;
}

/** An admission plugin; a returned Status rejects the request. */
export interface AdmissionPlugin {
  readonly name: string;
  admit?(request: AdmissionRequest): Status | undefined;
  validate?(request: AdmissionRequest): Status | undefined;
}
