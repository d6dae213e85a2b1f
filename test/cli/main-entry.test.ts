/**
 * The CLI's entry point: a bare `kubedrill` goes straight to the home screen
 * (the play command with no scenario) without loading the command-line
 * parser, which only the other commands need; its exit code is play's.
 */
import { afterEach, describe, it, expect, vi } from 'vitest';

const seen = vi.hoisted(() => ({ imported: [] as string[], played: [] as unknown[][], v8Flags: [] as string[] }));
vi.mock('node:v8', async (original) => ({ ...(await original<typeof import('node:v8')>()), setFlagsFromString: (flags: string) => seen.v8Flags.push(flags) }));
vi.mock('commander', () => (seen.imported.push('commander'), {}));
vi.mock('../../src/cli/program.js', () => (seen.imported.push('program'), {}));
vi.mock('../../src/cli/streams.js', () => ({ guardStreams: () => undefined }));
vi.mock('../../src/cli/play.js', () => ({
  playCommand: async (...args: unknown[]) => {
    seen.played.push(args);
    return 2;
  },
}));

describe('kubedrill with no arguments', () => {
  const argv = process.argv;
  afterEach(() => {
    process.argv = argv;
    process.exitCode = undefined;
  });

  it('opens the home screen through play, with its exit code, and never loads the parser', async () => {
    process.argv = [argv[0]!, 'kubedrill'];
    await import('../../src/cli/main.js');
    await vi.waitFor(() => expect(process.exitCode).toBe(2));
    expect(seen.played).toEqual([[undefined, {}]]);
    expect(seen.imported).toEqual([]);
  });

  it("changes no V8 flag: Node's own modules keep their code cache (the simulation raises the interrupt budget when it loads)", () => {
    expect(seen.v8Flags).toEqual([]);
  });
});
