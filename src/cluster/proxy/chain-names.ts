/**
 * kube-proxy's per-Service and per-endpoint chain names (pkg/proxy/iptables/
 * proxier.go portProtoHash, servicePortEndpointChainName): a prefix plus the
 * first 16 characters of base32(sha256(servicePortName + protocol
 * [+ endpoint])), so a chain name stays within iptables' 28 characters.
 * `default/kubernetes:https` over tcp is the well-known KUBE-SVC-NPX46M4PTMTKRN6Y.
 */
import { createHash } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 (Go's base32.StdEncoding), enough characters for a chain name. */
function base32(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return bits > 0 ? out + ALPHABET[(value << (5 - bits)) & 31] : out;
}

/** portProtoHash: 16 base32 characters of sha256(servicePortName + protocol). */
export function portProtoHash(servicePortName: string, protocol: string): string {
  return base32(createHash('sha256').update(servicePortName + protocol).digest()).slice(0, 16);
}

/** KUBE-SVC-…: the Service port's cluster-policy chain. */
export function serviceChainName(servicePortName: string, protocol: string): string {
  return `KUBE-SVC-${portProtoHash(servicePortName, protocol)}`;
}

/** KUBE-SVL-…: the Service port's Local-policy chain (this node's endpoints only). */
export function localChainName(servicePortName: string, protocol: string): string {
  return `KUBE-SVL-${portProtoHash(servicePortName, protocol)}`;
}

/** KUBE-EXT-…: where NodePort (external) traffic to the Service port goes first. */
export function externalChainName(servicePortName: string, protocol: string): string {
  return `KUBE-EXT-${portProtoHash(servicePortName, protocol)}`;
}

/** KUBE-SEP-…: one endpoint (`ip:port`) of the Service port. */
export function endpointChainName(servicePortName: string, protocol: string, endpoint: string): string {
  return `KUBE-SEP-${base32(createHash('sha256').update(servicePortName + protocol + endpoint).digest()).slice(0, 16)}`;
}
