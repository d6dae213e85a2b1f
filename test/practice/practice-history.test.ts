import { describe, it, expect, beforeAll } from 'vitest';
import { join } from 'node:path';
import { loadScenarioFile } from '../../src/scenario/load.js';
import { shippedScenariosDir } from '../../src/scenario/catalog.js';
import { createPracticeSession } from '../../src/practice/practice.js';
import type { Scenario } from '../../src/scenario/schema.js';

const FILE = join(shippedScenariosDir(), 'scheduling', 'pending-insufficient-cpu.yaml');
let scenario: Scenario;
beforeAll(() => {
  const loaded = loadScenarioFile(FILE);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  scenario = loaded.scenario;
});

describe('PracticeSession: history and completion', () => {
  it('expands !n against the history of earlier sessions, reports the line it ran, keeps it through reset', async () => {
    const session = createPracticeSession(scenario, FILE, { history: ['kubectl get nodes'], historyExpansion: true });
    const entry = await session.exec('!1');
    expect(entry.command).toBe('!1');
    expect(entry.expanded).toBe('kubectl get nodes');
    expect(entry.output.split('\n').slice(0, 2)).toEqual(['kubectl get nodes', 'NAME     STATUS   ROLES           AGE   VERSION']);
    const failed = await session.exec('!nothing');
    expect(failed).toMatchObject({ output: 'bash: !nothing: event not found\n', expansionFailed: true });
    await session.reset();
    expect((await session.exec('!-1')).expanded).toBe('kubectl get nodes');
  });

  it('completes on the current host, and completing moves no simulated time', async () => {
    const session = createPracticeSession(scenario, FILE);
    const clock = session.getSnapshot().clock;
    expect(session.complete('kubectl get po', 14)).toEqual({ start: 12, end: 14, candidates: ['pods'], filenames: false });
    await session.exec('ssh node-1');
    expect(session.complete('systemctl status kub', 20).candidates).toEqual(['kubelet.service']);
    expect(session.getSnapshot().clock).toBe(clock);
  });
});
