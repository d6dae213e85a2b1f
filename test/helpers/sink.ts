import { Writable } from 'node:stream';

/** A writable stream that keeps what was written, for CLI commands that take `out`/`err` streams. */
export function sink(): Writable & { text: () => string } {
  const chunks: string[] = [];
  const w = new Writable({
    write(chunk, _enc, cb) {
      chunks.push(String(chunk));
      cb();
    },
  }) as Writable & { text: () => string };
  w.text = () => chunks.join('');
  return w;
}
