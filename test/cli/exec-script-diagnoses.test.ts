import { describe, it, expect } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { execCommand } from '../../src/cli/exec.js';
import { sink } from '../helpers/sink.js';

// `exec --script` on a scenario with two faults: each `diagnose` line records one, `submit` grades all.
const FILE = 'test/fixtures/scenarios/combined/two-faults-two-diagnoses.yaml';

async function run(lines: string[]) {
  const file = join(mkdtempSync(join(tmpdir(), 'kd-script-')), 'script.txt');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const out = sink();
  const err = sink();
  const code = await execCommand(FILE, [], { script: file, json: true }, out, err);
  return { code, grade: JSON.parse(out.text()) as { parts: { name: string; points: number }[] }, transcript: err.text() };
}

const points = (g: { parts: { name: string; points: number }[] }) => g.parts.find((p) => p.name === 'diagnosis')?.points;

describe('kubedrill exec --script: several diagnoses', () => {
  it('two `diagnose` lines record two diagnoses: full diagnosis points', async () => {
    const r = await run(['diagnose node disk-pressure', 'diagnose "containerd is stopped on node-2"', 'diagnose --list', 'submit']);
    expect(r.code).toBe(0);
    expect(r.transcript).toContain('$ diagnose --list\nDiagnoses recorded (2 of 2 faults):\n  1. Node (host) / The node is out of disk space\n  2. "containerd is stopped on node-2"\n$ submit\n');
    expect(points(r.grade)).toBe(40);
  }, 30_000);

  it('`diagnose --clear` forgets them: one diagnosis after it earns half', async () => {
    const r = await run(['diagnose node disk-pressure', 'diagnose container-runtime runtime-down', 'diagnose --clear', 'diagnose container-runtime runtime-down', 'submit']);
    expect(r.transcript).toContain('$ diagnose --clear\nAll 2 diagnoses were cleared.\n');
    expect(points(r.grade)).toBe(20);
  }, 30_000);
});
