/**
 * The CLI's entry point: a bare `kubedrill` goes straight to the home screen
 * (the play command with no scenario) without loading the command-line
 * parser, which only the other commands need; its exit code is play's.
 */
import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest';

const seen = vi.hoisted(() => ({ imported: [] as string[], played: [] as unknown[][], v8Flags: [] as string[], parsed: [] as string[][], fast: [] as unknown[], inProcess: [] as unknown[], fastAnswer: undefined as unknown }));
vi.mock('node:v8', async (original) => ({ ...(await original<typeof import('node:v8')>()), setFlagsFromString: (flags: string) => seen.v8Flags.push(flags) }));
vi.mock('commander', () => (seen.imported.push('commander'), {}));
vi.mock('../../src/cli/program.js', () => (
  seen.imported.push('program'),
  {
    buildProgram: (exit: (code: number) => void) => ({
      parseAsync: async (argv: string[]) => {
        seen.parsed.push(argv);
        exit(4);
      },
    }),
  }
));
vi.mock('../../src/cli/exec-fast.js', () => ({
  execFast: (args: unknown) => {
    seen.fast.push(args);
    return seen.fastAnswer;
  },
}));
vi.mock('../../src/cli/exec.js', () => ({
  execInProcess: async (request: unknown) => {
    seen.inProcess.push(request);
    return 6;
  },
}));
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

describe('kubedrill exec <scenario> -- <words>', () => {
  const argv = process.argv;
  // main.ts runs when imported: each test imports it anew.
  beforeEach(() => vi.resetModules());
  afterEach(() => {
    process.argv = argv;
    process.exitCode = undefined;
    seen.imported.length = 0;
    seen.parsed.length = 0;
    seen.fast.length = 0;
    seen.inProcess.length = 0;
  });

  it('goes to exec-fast.ts without loading the parser, with the exit code of the run on a warmed cluster', async () => {
    process.argv = [argv[0]!, 'kubedrill', 'exec', 'x', '--seed', '3', '--', 'kubectl', 'get', 'pods'];
    seen.fastAnswer = { code: 5 };
    await import('../../src/cli/main.js');
    await vi.waitFor(() => expect(process.exitCode).toBe(5));
    expect(seen.fast).toEqual([{ scenario: 'x', seed: '3', words: ['kubectl', 'get', 'pods'] }]);
    expect(seen.inProcess).toEqual([]);
    expect(seen.imported).toEqual([]);
  });

  it('on a cache miss warms the request up in process (exec.ts), still without the parser', async () => {
    process.argv = [argv[0]!, 'kubedrill', 'exec', 'x', '--', 'true'];
    const request = { file: 'x.yaml', seed: undefined, mode: 'line', line: 'true' };
    seen.fastAnswer = { missed: request };
    await import('../../src/cli/main.js');
    await vi.waitFor(() => expect(process.exitCode).toBe(6));
    expect(seen.inProcess).toEqual([request]);
    expect(seen.imported).toEqual([]);
  });

  it('goes on to the parser when exec.ts makes no request of the arguments (it printed nothing then)', async () => {
    process.argv = [argv[0]!, 'kubedrill', 'exec', 'no-such-scenario', '--', 'true'];
    seen.fastAnswer = undefined;
    await import('../../src/cli/main.js');
    await vi.waitFor(() => expect(process.exitCode).toBe(4));
    expect(seen.fast).toHaveLength(1);
    expect(seen.parsed).toEqual([process.argv]);
  });

  it('leaves other shapes, and every shape with KUBEDRILL_EXEC_FAST_PATH=off, to the parser alone', async () => {
    process.argv = [argv[0]!, 'kubedrill', 'exec', 'x', 'kubectl', 'get', 'pods'];
    await import('../../src/cli/main.js');
    await vi.waitFor(() => expect(process.exitCode).toBe(4));
    vi.resetModules();
    process.exitCode = undefined;
    process.argv = [argv[0]!, 'kubedrill', 'exec', 'x', '--', 'kubectl', 'get', 'pods'];
    vi.stubEnv('KUBEDRILL_EXEC_FAST_PATH', 'off');
    try {
      await import('../../src/cli/main.js');
      await vi.waitFor(() => expect(process.exitCode).toBe(4));
    } finally {
      vi.unstubAllEnvs();
    }
    expect(seen.fast).toEqual([]);
    expect(seen.parsed).toHaveLength(2);
  });
});
