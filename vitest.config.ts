import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that warm up every shipped scenario, slowest first. They start
 * first so that no one of them is left running alone at the end while the
 * other worker idles (a clean clone has no timings cached to order by).
 */
const SLOW_FIRST = [
  'test/cli/warm-cache/same-transcripts-rest-1.test.ts',
  'test/cli/warm-cache/same-transcripts-rest-2.test.ts',
  'test/cli/warm-cache/same-transcripts.test.ts',
  'test/scenario/shipped.test.ts',
  'test/scenario/fixes.test.ts',
  'test/cli/warm-cache/fallback.test.ts',
  'test/cli/snapshots.test.ts',
  'test/cli/play.test.ts',
  'test/cli/warm-cache/verify.test.ts',
];

const TEST_FILE = /\.test\.tsx?$/;
/** What makes a file depend on a module graph of its own: module mocks, stubbed globals, faked timers. */
const NEEDS_ISOLATION = /\bvi\.(mock|doMock|unmock|resetModules|stubGlobal|stubEnv|useFakeTimers)\(/;

/**
 * The test files that run in a fresh module graph each: those that mock
 * modules, stub globals or fake timers. Every other file shares
 * its worker's modules with the files run before it (vitest's `isolate:
 * false`): importing the simulation anew for each of ~380 files was about
 * half of the suite's time.
 */
function filesNeedingIsolation(dir = 'test'): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesNeedingIsolation(path));
    else if (TEST_FILE.test(entry.name) && NEEDS_ISOLATION.test(readFileSync(path, 'utf8'))) found.push(path);
  }
  return found;
}

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const i = SLOW_FIRST.findIndex((path) => spec.moduleId.endsWith(path));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    return sorted.map((spec, i) => ({ spec, i })).sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i).map(({ spec }) => spec);
  }
}

const isolated = filesNeedingIsolation();

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    // Setup that warms clusters up (beforeAll) gets the same allowance as a test: on a loaded machine 10 s is not enough.
    hookTimeout: 30_000,
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine. Use them all.
    maxWorkers: availableParallelism(),
    sequence: { sequencer: SlowFirstSequencer },
    // Ink renders only the last frame when it thinks it runs in CI; the TUI tests wait on intermediate frames.
    env: { CI: 'false' },
    projects: [
      { extends: true, test: { name: 'isolated', include: isolated, isolate: true } },
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.{ts,tsx}'], exclude: isolated, isolate: false } },
    ],
  },
});
