/**
 * What the kubelet process does before it talks to anyone, in upstream
 * order (cmd/kubelet/app/server.go NewKubeletCommand → Run → run): the config file, the version banner, then the client
 * credentials. Any failure ends the process with `"command failed"`
 * (component-base/cli run.go) and exit code 1.
 */
import type { VirtualFs } from '../host/vfs.js';
import type { Certificate } from '../host/certs.js';
import { klogKV } from '../host/journal.js';
import { loadKubeletConfig, KUBELET_CONFIG_PATH } from './kubelet-config.js';
import { loadClientCertificate, type StartupLog } from './client-credentials.js';

type Obj = Record<string, any>;

/** A journal line of the start-up: a klog line, or a plain stderr line (flag notices). */
export type StartupLine = StartupLog | { plain: string };

/** The outcome of start-up. */
export type StartupResult = { ok: true; config: Obj; cert: Certificate; lines: StartupLine[] } | { ok: false; lines: StartupLine[] };

/** Runs the kubelet's start-up against the node's files at host time `hostNow`. */
export function kubeletStartup(fs: VirtualFs, kubeletVersion: string, hostNow: number): StartupResult {
  const lines: StartupLine[] = [];
  // (1.30–1.32 also print plain-stderr deprecation notices for --container-runtime-endpoint and
  // --pod-infra-container-image here; they are left out so every kubelet journal line is klog.)
  const failed = (err: string): StartupResult => {
    lines.push({ severity: 'E', source: 'run.go:72', message: `${klogKV('command failed')} err=${JSON.stringify(err)}` });
    return { ok: false, lines };
  };
  const loaded = loadKubeletConfig(fs.read(KUBELET_CONFIG_PATH));
  if (!loaded.ok) return failed(loaded.error);
  if (loaded.lenientError) lines.push({ severity: 'I', source: 'codec.go:97', message: `${klogKV('Using lenient decoding as strict decoding failed')} err=${JSON.stringify(loaded.lenientError)}` });
  lines.push({ severity: 'I', source: 'server.go:520', message: klogKV('Kubelet version', { kubeletVersion }) });
  lines.push({ severity: 'I', source: 'server.go:522', message: klogKV('Golang settings', { GOGC: '', GOMAXPROCS: '', GOTRACEBACK: '' }) });
  if (loaded.config.rotateCertificates === true) lines.push({ severity: 'I', source: 'server.go:956', message: klogKV('Client rotation is on, will bootstrap in background') });
  const creds = loadClientCertificate(fs, hostNow);
  lines.push(...creds.logs);
  if (!creds.ok) return failed(creds.error);
  return { ok: true, config: loaded.config, cert: creds.cert, lines };
}
