/**
 * Authentication: who is calling. x509 client certificates are checked
 * against the API server's clock, as TLS verification would; bearer tokens
 * are looked up; in-process control-plane components use loopback identities.
 */

/** The credential a client presents. */
export type Credential =
  | { type: 'x509'; commonName: string; organizations: string[]; notBefore: number; notAfter: number }
  | { type: 'token'; token: string }
  | { type: 'loopback'; user: string; groups: string[] };

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
      return { name: credential.commonName, groups: [...credential.organizations, 'system:authenticated'] };
    case 'token': {
      const user = tokens.get(credential.token);
      return user ? { name: user.name, groups: [...user.groups, 'system:authenticated'] } : undefined;
    }
    case 'loopback':
      return { name: credential.user, groups: [...credential.groups, 'system:authenticated'] };
  }
}
