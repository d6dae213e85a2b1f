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

/** What a request does (admission.Operation). */
export type AdmissionOperation = 'CREATE' | 'UPDATE' | 'DELETE';

/** One request passing through admission. */
export interface AdmissionRequest {
  operation: AdmissionOperation;
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
  /**
   * The operations it can act on (upstream's admission.Handler.Handles) and, where it
   * acts on some resources only (the check each plugin makes first), those: the chain
   * does not call it for any other request, for which it would answer undefined and
   * change nothing (test/cluster/apiserver/admission/handles.test.ts holds each to it).
   * Absent: every operation, every resource.
   */
  readonly operations?: readonly AdmissionOperation[];
  readonly resources?: readonly string[];
  admit?(request: AdmissionRequest): Status | undefined;
  validate?(request: AdmissionRequest): Status | undefined;
}
