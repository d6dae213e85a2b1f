import { describe, it, expect, beforeAll } from 'vitest';
import { join } from 'node:path';
import { loadScenarioFile } from '../../src/scenario/load.js';
import { shippedScenariosDir } from '../../src/scenario/catalog.js';
import { createPracticeSession } from '../../src/practice/practice.js';
import type { Scenario } from '../../src/scenario/schema.js';

const FILE = join(shippedScenariosDir(), 'nodes', 'node-notready-expired-cert.yaml');
let scenario: Scenario;
beforeAll(() => {
  const loaded = loadScenarioFile(FILE);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  scenario = loaded.scenario;
});

/** Ticks one simulated second at a time (as the TUI does), polling after each; returns what streamed. */
async function tickAndPoll(session: ReturnType<typeof createPracticeSession>, seconds: number): Promise<string> {
  let out = '';
  for (let i = 0; i < seconds; i++) {
    session.tick(1000);
    out += (await session.pollFollow()) ?? '';
  }
  return out;
}

describe('PracticeSession follow mode', () => {
  it('journalctl -u kubelet -f on the broken node streams the kubelet restart loop as time passes, until stopped', async () => {
    const session = createPracticeSession(scenario, FILE);
    await session.exec('ssh node-2');
    const entry = await session.exec('journalctl -u kubelet -f', { follow: true });
    expect(entry.following).toBe(true);
    expect(entry.output.split('\n').filter(Boolean)).toHaveLength(10);
    expect(await session.pollFollow()).toBe('');

    const streamed = await tickAndPoll(session, 30);
    const lines = streamed.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^\w{3} \d\d \d\d:\d\d:\d\d node-2 (kubelet|systemd)\[\d+\]: /);
    // What streamed is exactly what journalctl shows afterwards, in order.
    session.stopFollow();
    expect(await session.pollFollow()).toBeUndefined();
    const after = await session.exec('journalctl -u kubelet --no-pager -n all');
    expect(after.output.endsWith(streamed)).toBe(true);
    expect((await session.exec('echo $?')).output).toBe('0\n');
  });

  it('after Ctrl+C, $? is 130 and no more output arrives', async () => {
    const session = createPracticeSession(scenario, FILE);
    await session.exec('ssh node-2');
    await session.exec('journalctl -u kubelet -f', { follow: true });
    session.stopFollow();
    expect(await tickAndPoll(session, 20)).toBe('');
    expect((await session.exec('echo $?')).output).toBe('130\n');
  });

  it('filters the stream through grep line by line', async () => {
    const session = createPracticeSession(scenario, FILE);
    await session.exec('ssh node-2');
    const entry = await session.exec('journalctl -u kubelet -f | grep -v systemd', { follow: true });
    expect(entry.following).toBe(true);
    const streamed = await tickAndPoll(session, 30);
    expect(streamed).not.toBe('');
    expect(streamed).not.toContain('systemd[');
  });

  it('without { follow: true } (line mode, exec) prints once and returns', async () => {
    const session = createPracticeSession(scenario, FILE);
    await session.exec('ssh node-2');
    const entry = await session.exec('journalctl -u kubelet -f');
    expect(entry.following).toBeUndefined();
    expect(await session.pollFollow()).toBeUndefined();
  });

  it('a new command or a reset ends the follow', async () => {
    const session = createPracticeSession(scenario, FILE);
    await session.exec('ssh node-2');
    await session.exec('journalctl -u kubelet -f', { follow: true });
    await session.exec('hostname');
    expect(await session.pollFollow()).toBeUndefined();
    await session.exec('journalctl -u kubelet -f', { follow: true });
    await session.reset();
    expect(await session.pollFollow()).toBeUndefined();
  });
});
