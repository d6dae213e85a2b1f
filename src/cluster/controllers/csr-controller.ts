/**
 * The shape both CertificateSigningRequest controllers share (approving and
 * signing, pkg/controller/certificates/certificate_controller.go): one CSR
 * informer, a work queue keyed by name, and a handler per request.
 */
import type { KubeObject } from '../apiserver/types.js';
import type { Informer } from '../client/informer.js';
import type { Controller, ControllerContext } from './controller.js';
import { WorkQueue } from './work-queue.js';

/** A controller that reacts to each CertificateSigningRequest. */
export abstract class CsrController<Options extends object> implements Controller {
  abstract readonly name: string;
  protected readonly csrs: Informer;
  protected readonly options: Options;
  private readonly queue: WorkQueue;

  constructor(protected readonly c: ControllerContext, defaults: Options, options: Partial<Options>) {
    this.options = { ...defaults, ...options };
    this.csrs = c.informers.informer('certificatesigningrequests');
    this.queue = new WorkQueue(c.ctx.queue, (name) => {
      const csr = this.csrs.get(undefined, name);
      if (csr) this.handle(csr);
    });
    this.csrs.on((type, csr) => {
      if (type !== 'DELETED') this.queue.add(csr.metadata.name!);
    });
  }

  start(): void {}

  stop(): void {
    this.queue.stop();
  }

  /** Retries a request later (after a write conflict). */
  protected retry(name: string, afterMs = 1000): void {
    this.queue.addAfter(name, afterMs);
  }

  /** Handles the current state of one request. */
  protected abstract handle(csr: KubeObject): void;
}
