/**
 * `kubedrill exec` warms a shipped scenario up without zod: the simulation
 * takes its fault parameter schemas as functions of zod (src/faults/types.ts),
 * the scenario's helpers live in src/scenario/model.ts, and a shipped file
 * comes validated from the build (src/scenario/prevalidated.ts). zod is mocked
 * here with a factory that records being imported.
 */
import { describe, it, expect, vi } from 'vitest';

const imported = vi.hoisted(() => [] as string[]);
vi.mock('zod', () => (imported.push('zod'), {}));

describe('exec without the schemas', () => {
  it('loading the in-process exec (scenario loading, the simulation, the practice session) imports no zod', async () => {
    await import('../../src/scenario/load-checked.js');
    await import('../../src/cli/exec-run.js');
    expect(imported).toEqual([]);
  });
});
