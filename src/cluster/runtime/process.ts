/**
 * Principle 1, images are programs: a container whose image is a simulated
 * program (kube-proxy, CoreDNS, an application that answers HTTP) runs a
 * ContainerProcess for as long as the container runs. The runtime starts it
 * through the node's launcher and stops it when the container exits or is
 * removed, so stopping the container stops the component.
 */
import type { RuntimeContainer, Sandbox } from './runtime.js';
import type { ServerProgram } from '../network/requests.js';
import type { Certificate } from '../host/certs.js';

/** A running program inside a container. */
export interface ContainerProcess {
  /** The container's process ended (exit, kill, removal): release what it holds. Never prints. */
  stop(): void;
  /** How it answers what reaches it over the network (absent: the image behaviour's default server). */
  server?: ServerProgram;
  /**
   * Whether the program has opened `port` yet, on `localIP` when the
   * connection's local address is known (absent: every port of the image's
   * `listens`, on every address, from start on). kube-apiserver opens 6443
   * only once its storage is reachable; etcd listens where its --listen-*-urls say.
   */
  listening?(port: number, localIP?: string): boolean;
  /** The program decides when the container exits (a client program's run); the image behaviour's `exits` is ignored. */
  exitsByItself?: boolean;
  /**
   * The kubeconfig whose client certificate the program loaded at start and
   * presents until it restarts (client-go reads embedded certificate data
   * once); `use` replaces that certificate in memory, for a fault that
   * back-dates it.
   */
  clientCertificate?: { readonly path: string; use(cert: Certificate): void };
}

/**
 * Chooses and starts the program of a container that has just started, or
 * returns undefined when its image is plain behaviour data. A program that
 * decides to exit at once (a config it cannot parse) schedules the exit
 * through the runtime's `processExited` rather than exiting inside the call.
 */
export type ProgramLauncher = (container: RuntimeContainer, sandbox: Sandbox) => ContainerProcess | undefined;
