/**
 * The image catalog: what an image does when it runs. The simulation never
 * scripts a symptom; a container crashes because its image's behaviour says
 * the process exits, a pull fails because the registry has no such tag.
 */
import { normalizeImage } from './image-reference.js';
import { intern } from '../flat-string.js';
import { NGINX_MAIN_LOG_FORMAT } from '../network/access-log.js';

/** What a container started from an image does. */
export interface ImageBehaviour {
  /** TCP ports the process listens on once ready. */
  listens?: number[];
  /** Time from start until the process serves (ms). */
  readyAfterMs?: number;
  /** The process exits with `code` after `afterMs` (omit: runs until killed). */
  exits?: { code: number; afterMs: number };
  /** Lines the process writes to stdout when it starts. */
  logs?: string[];
  /** Compressed image size in bytes (what `Image size:` and crictl show). */
  sizeBytes?: number;
  /** The registry has no such image or tag. */
  missing?: boolean;
  /** Default command (ENTRYPOINT + CMD). */
  entrypoint?: string[];
  /**
   * The image's CMD: the tail of `entrypoint` that a pod's `args` replace
   * (busybox has only a CMD, `sh`; nginx has ENTRYPOINT /docker-entrypoint.sh and
   * CMD nginx -g ...). Absent: all of `entrypoint` is its ENTRYPOINT.
   */
  cmd?: string[];
  /** Executables present in the image (exec-form commands must name one). */
  binaries?: string[];
  /**
   * The userland the image is built on, which decides what its `sh` is and how
   * its shells speak: `busybox` (busybox and Alpine images: sh is busybox ash)
   * or `debian` (sh is dash, bash reads Debian's bashrc). Absent: debian.
   */
  userland?: 'busybox' | 'debian';
  /**
   * How the process answers HTTP on the ports it listens on: by path
   * (exact, then `*` for any other path). Without an entry a path answers
   * 404 Not Found; without the map at all, every path answers 200 with an empty body.
   */
  http?: Record<string, HttpBehaviour>;
  /**
   * The line the process writes to stdout for each HTTP request it answers,
   * in nginx's log_format variables (network/access-log.ts); absent: it logs nothing per request.
   */
  accessLog?: string;
  /**
   * The process is an admission webhook server: an HTTP POST carrying an
   * AdmissionReview gets this verdict back, for the review's uid.
   */
  admission?: { allowed: boolean; message?: string; code?: number; patch?: readonly unknown[] };
}

/** An application's answer to one HTTP path. */
export interface HttpBehaviour {
  status: number;
  body?: string;
  /** Extra response headers (Content-Type defaults to text/plain). */
  headers?: Record<string, string>;
}

/** A registry repository and its tags. */
interface RepoEntry {
  tags: Record<string, ImageBehaviour>;
  /** Shared behaviour of every tag. */
  base: ImageBehaviour;
}

/** Coreutils and friends every image's userland has (busybox applets, or Debian's essential packages). */
const BASE_BINARIES = ['/bin/sh', 'sh', 'sleep', 'echo', 'cat', 'env', 'printenv', 'ls', 'true', 'false', 'head', 'tail', 'date', 'hostname', 'grep', 'egrep', 'fgrep', 'wc', 'sort', 'uniq', 'cut', 'awk', 'tr', 'tee', 'chroot'];

/** busybox's applets: the base ones, ash, and the network tools learners reach for (wget, nslookup, nc, ping). */
const BUSYBOX_BINARIES = [...BASE_BINARIES, '/bin/ash', 'ash', 'wget', 'nslookup', 'nc', 'ping', 'ps', 'ip', 'netstat'];

/**
 * A Debian bookworm(-slim) image: dash as sh, bash, coreutils, grep, mawk;
 * no ps (procps), no ping, wget, nslookup or nc, which is why learners reach
 * for a debugging pod.
 */
const DEBIAN_BINARIES = [...BASE_BINARIES, 'dash', '/bin/bash', 'bash'];

const NGINX_LOGS = [
  '/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration',
  '/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/',
  '/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh',
  '10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf',
  '10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf',
  '/docker-entrypoint.sh: Sourcing /docker-entrypoint.d/15-local-resolvers.envsh',
  '/docker-entrypoint.sh: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh',
  '/docker-entrypoint.sh: Launching /docker-entrypoint.d/30-tune-worker-processes.sh',
  '/docker-entrypoint.sh: Configuration complete; ready for start up',
];

/** The official nginx image's /usr/share/nginx/html/index.html (615 bytes). */
const NGINX_INDEX = `<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>
<style>
html { color-scheme: light dark; }
body { width: 35em; margin: 0 auto;
font-family: Tahoma, Verdana, Arial, sans-serif; }
</style>
</head>
<body>
<h1>Welcome to nginx!</h1>
<p>If you see this page, the nginx web server is successfully installed and
working. Further configuration is required.</p>

<p>For online documentation and support please refer to
<a href="http://nginx.org/">nginx.org</a>.<br/>
Commercial support is available at
<a href="http://nginx.com/">nginx.com</a>.</p>

<p><em>Thank you for using nginx.</em></p>
</body>
</html>
`;

/**
 * How nginx `version` answers with the image's default.conf: the welcome page
 * at `/` and `/index.html` (static-file headers: Last-Modified is the file's
 * mtime, the ETag `"<mtime hex>-<size hex>"`), and its built-in 404 page
 * (src/http/ngx_http_special_response.c, CRLF lines) for any other path.
 */
function nginxHttp(version: string, indexModified: string): Record<string, HttpBehaviour> {
  const mtime = Math.floor(Date.parse(indexModified) / 1000).toString(16);
  const index: HttpBehaviour = {
    status: 200,
    body: NGINX_INDEX,
    headers: { Server: `nginx/${version}`, 'Content-Type': 'text/html', 'Last-Modified': indexModified, Connection: 'keep-alive', ETag: `"${mtime}-${Buffer.byteLength(NGINX_INDEX).toString(16)}"`, 'Accept-Ranges': 'bytes' },
  };
  const notFound: HttpBehaviour = {
    status: 404,
    body: `<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx/${version}</center>\r\n</body>\r\n</html>\r\n`,
    headers: { Server: `nginx/${version}`, 'Content-Type': 'text/html', Connection: 'keep-alive' },
  };
  return { '/': index, '/index.html': index, '*': notFound };
}

/** An nginx tag: its size, the nginx release it ships and that release's index.html date. */
function nginxTag(sizeBytes: number, version: string, indexModified: string): ImageBehaviour {
  return { sizeBytes, http: nginxHttp(version, indexModified) };
}

const NGINX_1_25 = ['1.25.5', 'Tue, 16 Apr 2024 15:08:00 GMT'] as const;
const NGINX_1_26 = ['1.26.2', 'Mon, 12 Aug 2024 14:28:00 GMT'] as const;
const NGINX_1_27 = ['1.27.3', 'Tue, 26 Nov 2024 15:55:00 GMT'] as const;

/** The default catalog: common public images and the cluster's own. Keys are normalized repositories. */
const DEFAULT_REPOS: Record<string, RepoEntry> = {
  'docker.io/library/nginx': {
    // The image's nginx.conf logs every request in its `main` format to /var/log/nginx/access.log, a link to /dev/stdout.
    base: { listens: [80], readyAfterMs: 1000, logs: NGINX_LOGS, entrypoint: ['/docker-entrypoint.sh', 'nginx', '-g', 'daemon off;'], cmd: ['nginx', '-g', 'daemon off;'], binaries: ['/docker-entrypoint.sh', 'nginx', 'curl', ...DEBIAN_BINARIES], accessLog: NGINX_MAIN_LOG_FORMAT },
    tags: {
      '1.25': nginxTag(70544635, ...NGINX_1_25),
      '1.26': nginxTag(71026603, ...NGINX_1_26),
      '1.27': nginxTag(72099410, ...NGINX_1_27),
      '1.27.3': nginxTag(72099410, ...NGINX_1_27),
      latest: nginxTag(72099410, ...NGINX_1_27),
      stable: nginxTag(71026603, ...NGINX_1_26),
      // nginx:alpine: busybox's userland, curl installed beside nginx as in the Debian variant.
      alpine: { ...nginxTag(20506631, ...NGINX_1_27), userland: 'busybox', binaries: ['/docker-entrypoint.sh', 'nginx', 'curl', ...BUSYBOX_BINARIES] },
    },
  },
  'docker.io/library/busybox': {
    base: { entrypoint: ['sh'], cmd: ['sh'], binaries: BUSYBOX_BINARIES, userland: 'busybox', exits: { code: 0, afterMs: 50 } },
    tags: { '1.36': { sizeBytes: 2166802 }, '1.37': { sizeBytes: 2170232 }, latest: { sizeBytes: 2170232 } },
  },
  'docker.io/library/redis': {
    base: { listens: [6379], readyAfterMs: 500, logs: ['1:C 30 Nov 2026 00:00:00.000 * oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo', '1:M 30 Nov 2026 00:00:00.001 * Ready to accept connections tcp'], entrypoint: ['docker-entrypoint.sh', 'redis-server'], binaries: ['docker-entrypoint.sh', 'redis-server', 'redis-cli', ...DEBIAN_BINARIES] },
    tags: { '7.2': { sizeBytes: 40996452 }, '7.4': { sizeBytes: 45167020 }, latest: { sizeBytes: 45167020 } },
  },
  // Debugging images learners run with `kubectl run --rm -it`: curl's own image (ENTRYPOINT /entrypoint.sh, CMD curl) and netshoot.
  'docker.io/curlimages/curl': {
    base: { entrypoint: ['/entrypoint.sh', 'curl'], cmd: ['curl'], binaries: ['/entrypoint.sh', 'curl', ...BUSYBOX_BINARIES], userland: 'busybox', exits: { code: 2, afterMs: 50 } },
    tags: { '8.11.1': { sizeBytes: 10034524 }, latest: { sizeBytes: 10034524 } },
  },
  'docker.io/nicolaka/netshoot': {
    base: { entrypoint: ['zsh'], cmd: ['zsh'], binaries: ['zsh', 'bash', '/bin/bash', 'curl', 'dig', 'ss', 'iptables', 'tcpdump', ...BUSYBOX_BINARIES], userland: 'busybox', exits: { code: 0, afterMs: 50 } },
    tags: { 'v0.13': { sizeBytes: 182312045 }, latest: { sizeBytes: 182312045 } },
  },
  'registry.k8s.io/pause': { base: { entrypoint: ['/pause'], binaries: ['/pause'] }, tags: { '3.10': { sizeBytes: 320368 } } },
  'registry.k8s.io/coredns/coredns': {
    // Its program (src/cluster/dns/coredns.ts) reads the Corefile and prints its own start-up lines.
    base: { listens: [53, 8080, 8181, 9153], readyAfterMs: 2000, entrypoint: ['/coredns'], binaries: ['/coredns'] },
    tags: { 'v1.11.3': { sizeBytes: 18562039 } },
  },
  'registry.k8s.io/kube-proxy': { base: { entrypoint: ['/usr/local/bin/kube-proxy'], binaries: ['/usr/local/bin/kube-proxy'], listens: [10249, 10256] }, tags: { 'v1.32.4': { sizeBytes: 30917960 } } },
  // kube-flannel v0.26.7 (Alpine-based images: busybox's cp runs the init containers).
  'ghcr.io/flannel-io/flannel': { base: { entrypoint: ['/opt/bin/flanneld'], binaries: ['/opt/bin/flanneld', 'cp', ...BUSYBOX_BINARIES], userland: 'busybox' }, tags: { 'v0.26.7': { sizeBytes: 32_950_134 } } },
  'ghcr.io/flannel-io/flannel-cni-plugin': { base: { entrypoint: ['/bin/sh'], binaries: ['/flannel', 'cp', ...BUSYBOX_BINARIES], userland: 'busybox', exits: { code: 0, afterMs: 50 } }, tags: { 'v1.6.2-flannel1': { sizeBytes: 4_856_375 } } },
  // calico v3.29.3 (calico.yaml's manifest install; programs in calico/programs.ts). Sizes are approximate.
  'docker.io/calico/cni': { base: { entrypoint: ['/opt/cni/bin/install'], binaries: ['/opt/cni/bin/install', '/opt/cni/bin/calico', '/opt/cni/bin/calico-ipam'] }, tags: { 'v3.29.3': { sizeBytes: 94_531_072 } } },
  'docker.io/calico/node': { base: { entrypoint: ['start_runit'], binaries: ['start_runit', 'calico-node', '/bin/calico-node'] }, tags: { 'v3.29.3': { sizeBytes: 142_606_336 } } },
  'docker.io/calico/kube-controllers': { base: { entrypoint: ['/usr/bin/kube-controllers'], binaries: ['/usr/bin/kube-controllers', '/usr/bin/check-status'] }, tags: { 'v3.29.3': { sizeBytes: 35_651_584 } } },
  'registry.k8s.io/kube-apiserver': { base: { entrypoint: ['kube-apiserver'], binaries: ['kube-apiserver'], listens: [6443] }, tags: { 'v1.32.4': { sizeBytes: 28669296 } } },
  'registry.k8s.io/kube-controller-manager': { base: { entrypoint: ['kube-controller-manager'], binaries: ['kube-controller-manager'], listens: [10257] }, tags: { 'v1.32.4': { sizeBytes: 26259392 } } },
  'registry.k8s.io/kube-scheduler': { base: { entrypoint: ['kube-scheduler'], binaries: ['kube-scheduler'], listens: [10259] }, tags: { 'v1.32.4': { sizeBytes: 20657536 } } },
  'registry.k8s.io/etcd': { base: { entrypoint: ['etcd'], binaries: ['etcd', 'etcdctl', 'etcdutl'], listens: [2379, 2380, 2381] }, tags: { '3.5.16-0': { sizeBytes: 57680541 } } },
};

/** A parsed image reference. */
export interface ImageRef {
  /** e.g. `docker.io/library/nginx` */
  repository: string;
  tag: string;
  /** What the user wrote, e.g. `nginx:1.27` */
  original: string;
}

/** Normalizes `nginx` → docker.io/library/nginx:latest, as containerd's reference docker normalization does (image-reference.ts). */
export function parseImageRef(image: string): Readonly<ImageRef> {
  let ref = parsedRefs.get(image);
  if (ref === undefined) {
    const n = normalizeImage(image);
    // A reference pinned by digest is looked up by it, as a tag would be.
    ref = Object.freeze({ repository: n.repository, tag: n.digest ?? n.tag ?? 'latest', original: image });
    // Pod specs name few images, learners may type many: remember a bounded few.
    if (parsedRefs.size >= 256) parsedRefs.clear();
    parsedRefs.set(image, ref);
  }
  return ref;
}

/**
 * References parsed so far, by the text as written, each frozen and shared: the kubelet and the runtime
 * parse the image of every container they create, start and launch (parseImageRef is a function of the text).
 */
const parsedRefs = new Map<string, Readonly<ImageRef>>();

/** Full normalized name, e.g. `docker.io/library/nginx:1.27`, or `…@sha256:<hex>` when pinned by digest (a tag holds no colon). */
export function fullImageName(ref: ImageRef): string {
  // Every container status holds it: one shared copy per image (flat-string.ts).
  return intern(`${ref.repository}${ref.tag.includes(':') ? '@' : ':'}${ref.tag}`);
}

/** The default catalog's repositories, their tags and shared behaviour (for the author guide). */
export function defaultImages(): { repository: string; tags: string[]; behaviour: ImageBehaviour }[] {
  return Object.entries(DEFAULT_REPOS).map(([repository, e]) => ({ repository, tags: Object.keys(e.tags), behaviour: e.base }));
}

/** The catalog in effect: defaults plus a scenario's additions. */
export class ImageCatalog {
  private readonly extra = new Map<string, ImageBehaviour>();

  /** Adds or overrides an image (`shop/checkout:1.4`). */
  add(image: string, behaviour: ImageBehaviour): void {
    this.extra.set(fullImageName(parseImageRef(image)), behaviour);
  }

  /** The behaviour of an image, or undefined when the registry doesn't have it. */
  lookup(image: string): ImageBehaviour | undefined {
    const ref = parseImageRef(image);
    const extra = this.extra.get(fullImageName(ref));
    if (extra) return extra.missing ? undefined : { sizeBytes: 10_000_000, ...extra };
    const repo = DEFAULT_REPOS[ref.repository];
    const tag = repo?.tags[ref.tag];
    if (!repo || !tag) return undefined;
    return { ...repo.base, ...tag };
  }

  /** Does the registry host this repository at all (for the pull error wording)? */
  knowsRepository(image: string): boolean {
    const ref = parseImageRef(image);
    if (DEFAULT_REPOS[ref.repository]) return true;
    for (const key of this.extra.keys()) if (key.startsWith(`${ref.repository}:`)) return true;
    return false;
  }
}
