import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { scenarioFilesIn, shippedScenariosDir } from '../../src/scenario/catalog.js';
import { loadValidScenarioFile } from '../../src/scenario/validate.js';
import { renderRunTranscript, renderTranscript, snapshotCommands } from '../../src/practice/transcript.js';
import { ScenarioRun } from '../../src/practice/run.js';
import { scenarioWorld, simulationSeed } from '../../src/scenario/world.js';
import { createClusterAsync } from '../../src/cluster/cluster.js';
import { snapshotPath } from '../../src/cli/snapshots.js';
import { scenarioTestTimeout } from '../helpers/scenario-timeout.js';
import { clusterNodeCount } from '../../src/scenario/schema.js';

// Golden transcripts guard output fidelity. Regenerate on purpose only: `npm run snapshots:update`.
// `snapshots --update` warms each cluster up synchronously; this test warms it up in small asynchronous
// slices (interrupted inside bootstrap, the timeline and the settling, as the TUI's warm-up is), so a
// match proves both that the output is unchanged and that the sliced warm-up builds the same cluster.
describe('golden transcripts (snapshots/), warmed up in slices', () => {
  for (const file of scenarioFilesIn(shippedScenariosDir())) {
    const loaded = loadValidScenarioFile(file);
    if (!loaded.ok) throw new Error(`${file} does not load`);
    const id = loaded.scenario.metadata.id;
    it(`${id} matches snapshots/${id}.transcript`, async () => {
      const path = snapshotPath('snapshots', id);
      expect(existsSync(path), `${path} is missing: run npm run snapshots:update`).toBe(true);
      const scenario = loaded.scenario;
      const { world, timeline } = scenarioWorld(scenario);
      let slices = 0;
      const cluster = await createClusterAsync(world, { seed: simulationSeed(scenario, scenario.cluster.seed), timeline, sliceEvents: 97, onProgress: () => slices++ });
      expect(slices).toBeGreaterThan(10);
      expect(cluster.now()).toBe(world.now);
      const text = await renderRunTranscript(new ScenarioRun(scenario, {}, cluster), snapshotCommands(scenario));
      expect(text).toBe(readFileSync(path, 'utf8'));
    }, scenarioTestTimeout(loaded.scenario));
  }

  it('is deterministic: the same scenario and seed render the same transcript twice', async () => {
    // A small cluster: the property is about rendering, not about size.
    const small = scenarioFilesIn(shippedScenariosDir())
      .map((f) => loadValidScenarioFile(f))
      .find((r) => r.ok && clusterNodeCount(r.scenario.cluster) <= 10);
    const loaded = small ?? { ok: false as const };
    if (!loaded.ok) throw new Error('does not load');
    const lines = ['kubectl get pods -A -o wide', 'kubectl get events -A'];
    expect(await renderTranscript(loaded.scenario, lines, 7)).toBe(await renderTranscript(loaded.scenario, lines, 7));
  });
});

describe('kubedrill snapshots without a snapshot folder', () => {
  it('says the folder is missing instead of reporting every scenario as differing', async () => {
    const { snapshotsCommand } = await import('../../src/cli/snapshots.js');
    const out: string[] = [];
    const err: string[] = [];
    const sink = (into: string[]) => ({ write: (t: string) => into.push(t) }) as unknown as NodeJS.WritableStream;
    const code = await snapshotsCommand({ dir: 'no-such-snapshot-folder' }, sink(out), sink(err));
    expect(code).toBe(1);
    expect(err.join('')).toMatch(/^kubedrill snapshots: no snapshot folder \/.*no-such-snapshot-folder: /);
    expect(err.join('')).not.toContain('differs');
  });

  it('ships snapshots/ in the package (package.json "files")', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('snapshots');
  });
});
