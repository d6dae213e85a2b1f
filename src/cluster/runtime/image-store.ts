/**
 * The images a node's runtime holds, by id, counting its changes. The
 * kubelet's node status lists the images and the eviction manager adds their
 * sizes every 10 s; with a version they rebuild that only when an image came
 * or went (a pull, crictl rmi, image garbage collection).
 */
import type { RuntimeImage } from './runtime.js';

/** A Map of images by id that knows when it last changed and how many bytes it holds. */
export class ImageStore extends Map<string, RuntimeImage> {
  private changes = 0;
  private bytes?: { version: number; total: number };

  /** Grows with every image added, replaced or removed. */
  get version(): number {
    return this.changes;
  }

  override set(id: string, image: RuntimeImage): this {
    this.changes++;
    return super.set(id, image);
  }

  override delete(id: string): boolean {
    if (!super.delete(id)) return false;
    this.changes++;
    return true;
  }

  override clear(): void {
    if (this.size) this.changes++;
    super.clear();
  }

  /** The images' sizes added up, in store order (summed again only after a change). */
  totalBytes(): number {
    if (this.bytes?.version === this.changes) return this.bytes.total;
    let total = 0;
    for (const image of this.values()) total += image.sizeBytes;
    this.bytes = { version: this.changes, total };
    return total;
  }
}
