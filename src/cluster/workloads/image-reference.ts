/**
 * Image references compared the way the container runtime resolves them, so a
 * goal judges which image runs, not how the learner spelled it. Follows
 * github.com/distribution/reference (ParseNormalizedNamed, normalize.go) and
 * containerd's reference/docker.ParseDockerRef: a first path component that is
 * not a registry host means docker.io, a single-component docker.io name lives
 * under `library/`, `index.docker.io` is docker.io, a missing tag is `latest`,
 * and a reference with both a tag and a digest is resolved by the digest alone.
 */

/** A normalized image reference: `docker.io/library/nginx` + tag `latest`, or + a digest. */
export interface NormalizedImage {
  /** e.g. `docker.io/library/nginx` */
  readonly repository: string;
  /** The tag, when the reference is not pinned by digest. */
  readonly tag?: string;
  /** `sha256:<hex>` when the reference is pinned by digest. */
  readonly digest?: string;
}

const DIGEST = /^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[a-zA-Z0-9=_-]{32,}$/;

/** Normalizes an image reference (`nginx` → docker.io/library/nginx:latest). */
export function normalizeImage(image: string): NormalizedImage {
  let rest = image.trim();
  let digest: string | undefined;
  const at = rest.indexOf('@');
  if (at >= 0) {
    const d = rest.slice(at + 1);
    if (DIGEST.test(d)) digest = d;
    rest = rest.slice(0, at);
  }
  let tag: string | undefined;
  const lastSlash = rest.lastIndexOf('/');
  const colon = rest.lastIndexOf(':');
  if (colon > lastSlash) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
  }
  const slash = rest.indexOf('/');
  const first = slash < 0 ? '' : rest.slice(0, slash);
  // normalize.go splitDockerDomain: a domain has a dot or a port, or is localhost, or has upper case.
  const hasDomain = slash >= 0 && (/[.:]/.test(first) || first === 'localhost' || first.toLowerCase() !== first);
  let domain = hasDomain ? first : 'docker.io';
  let path = hasDomain ? rest.slice(slash + 1) : rest;
  if (domain === 'index.docker.io') domain = 'docker.io';
  if (domain === 'docker.io' && !path.includes('/')) path = `library/${path}`;
  const repository = `${domain}/${path}`;
  if (digest) return { repository, digest };
  return { repository, tag: tag ?? 'latest' };
}

/** The canonical spelling of a reference: `docker.io/shop/billing:2.1.0` or `repo@sha256:...`. */
export function canonicalImage(image: string): string {
  const n = normalizeImage(image);
  return n.digest ? `${n.repository}@${n.digest}` : `${n.repository}:${n.tag}`;
}

/**
 * Whether a container runs the expected image: the spelled references name the
 * same repository and tag, or the expected digest is the one the runtime
 * resolved (`imageID`, `docker.io/shop/billing@sha256:...`).
 */
export function sameImage(expected: string, actual: string, actualImageId?: string): boolean {
  const want = normalizeImage(expected);
  const have = normalizeImage(actual);
  if (want.repository !== have.repository) return false;
  if (want.digest) {
    if (have.digest === want.digest) return true;
    const resolved = actualImageId ? normalizeImage(actualImageId) : undefined;
    return resolved?.digest === want.digest;
  }
  return have.tag === want.tag;
}
