/**
 * Authentication: who is calling. x509 client certificates are checked
 * against the API server's clock, as TLS verification would; bearer tokens
 * are looked up; in-process control-plane components use loopback identities.
 */

import { isoSeconds } from '../clock/time-text.js';

/** The credential a client presents. */
export type Credential =
  | { type: 'x509'; commonName: string; organizations: string[]; notBefore: number; notAfter: number }
  | { type: 'token'; token: string }
  | { type: 'loopback'; user: string; groups: string[] }
  /** A request that asks to act as another user (kubectl --as, --as-group: the Impersonate-User and Impersonate-Group headers). */
  | { type: 'impersonating'; as: Credential; user: string; groups: readonly string[] };

/** An authenticated user. */
export interface UserInfo {
  name: string;
  groups: string[];
}

/** Authenticates a credential at time `now`; undefined means 401. */
export function authenticate(credential: Credential, now: number, tokens: ReadonlyMap<string, UserInfo>): UserInfo | undefined {
  switch (credential.type) {
    case 'x509':
      // crypto/x509 rejects a certificate outside [NotBefore, NotAfter]: "certificate has expired or is not yet valid".
      if (now < credential.notBefore || now > credential.notAfter) return undefined;
      return userOf(credential, credential.commonName, credential.organizations);
    case 'token': {
      const user = tokens.get(credential.token);
      return user ? { name: user.name, groups: [...user.groups, 'system:authenticated'] } : undefined;
    }
    case 'loopback':
      return userOf(credential, credential.user, credential.groups);
    case 'impersonating':
      // The requester; whom it may act as is the impersonation filter's to decide (impersonation.ts).
      return authenticate(credential.as, now, tokens);
  }
}

/** The (frozen) user each credential object last authenticated as. */
const users = new WeakMap<Credential, UserInfo>();

/**
 * The user a certificate or loopback identity names, plus system:authenticated.
 * Clients present the same credential object on every request: the (frozen)
 * user is made once per credential, and again only if what it names changed.
 */
function userOf(credential: Credential, name: string, groups: readonly string[]): UserInfo {
  const seen = users.get(credential);
  if (seen && seen.name === name && madeFrom(seen.groups, groups)) return seen;
  const user: UserInfo = Object.freeze({ name, groups: Object.freeze([...groups, 'system:authenticated']) as string[] });
  users.set(credential, user);
  return user;
}

/**
 * Why a credential failed, in the words the API server logs
 * (`x509: certificate has expired or is not yet valid: current time … is after …`,
 * crypto/x509 CertificateInvalidError); undefined when it authenticates.
 */
export function authenticationFailure(credential: Credential, now: number, tokens: ReadonlyMap<string, UserInfo>): string | undefined {
  if (credential.type === 'x509') {
    if (now > credential.notAfter) return `x509: certificate has expired or is not yet valid: current time ${isoSeconds(now)} is after ${isoSeconds(credential.notAfter)}`;
    if (now < credential.notBefore) return `x509: certificate has expired or is not yet valid: current time ${isoSeconds(now)} is before ${isoSeconds(credential.notBefore)}`;
    return undefined;
  }
  if (credential.type === 'token' && !tokens.has(credential.token)) return 'invalid bearer token';
  if (credential.type === 'impersonating') return authenticationFailure(credential.as, now, tokens);
  return undefined;
}

/** Were a user's groups made from `groups` (the same ones, then system:authenticated)? */
function madeFrom(userGroups: readonly string[], groups: readonly string[]): boolean {
  if (userGroups.length !== groups.length + 1) return false;
  for (let i = 0; i < groups.length; i++) if (userGroups[i] !== groups[i]) return false;
  return true;
}
