import { EventEmitter } from 'node:events';

/** A terminal-like output stream that keeps what was written. */
export class FakeStdout extends EventEmitter {
  columns = 100;
  rows = 30;
  isTTY = true;
  written = '';
  write = (chunk: string): boolean => {
    this.written += chunk;
    return true;
  };
}

/** A terminal-like input stream Ink can read keys from (like ink-testing-library's). */
export class FakeStdin extends EventEmitter {
  isTTY = true;
  rawMode = false;
  private data: string | null = null;
  /** Sends keys as one chunk. */
  send(data: string): void {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  }
  setEncoding(): void {}
  setRawMode(mode: boolean): void {
    this.rawMode = mode;
  }
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
  read = (): string | null => {
    const { data } = this;
    this.data = null;
    return data;
  };
}
