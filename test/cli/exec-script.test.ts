import { describe, it, expect } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { execCommand } from '../../src/cli/exec.js';
import { sink } from '../helpers/sink.js';

function script(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'kd-script-')), 'script.txt');
  writeFileSync(file, text);
  return file;
}

const FIX = 'kubectl uncordon node-1 node-2\nkubectl get pods\nkubectl get pods\nkubectl get pods\ndiagnose scheduler all-nodes-unschedulable\n';

describe('kubedrill exec --script: diagnose and submit', () => {
  it('grades a scripted fix after `submit`, with the transcript before it', async () => {
    const out = sink();
    const err = sink();
    const code = await execCommand('pending-all-nodes-cordoned', [], { script: script(`${FIX}submit\n`) }, out, err);
    expect(code).toBe(0);
    const text = out.text();
    expect(text).toContain('$ diagnose scheduler all-nodes-unschedulable\nDiagnosis recorded: Scheduler / All fitting nodes are cordoned.\n$ submit\n\nScore: ');
    expect(text).toMatch(/\n {2}fix +40\/40 /);
    expect(text).toMatch(/\n {2}diagnosis +40\/40 /);
    expect(err.text()).toBe('');
  }, 30_000);

  it('--json prints only the grade on stdout; lines after submit are reported as not run', async () => {
    const out = sink();
    const err = sink();
    const code = await execCommand('pending-all-nodes-cordoned', [], { script: script(`${FIX}submit\nkubectl get nodes\n`), json: true }, out, err);
    expect(code).toBe(0);
    const grade = JSON.parse(out.text()) as { score: number; parts: { name: string; points: number }[] };
    expect(grade.parts.find((p) => p.name === 'fix')?.points).toBe(40);
    expect(err.text()).toContain('$ kubectl uncordon node-1 node-2\n');
    expect(err.text()).toMatch(/kubedrill: submit ends the script; 1 line after it did not run\n$/);
  }, 30_000);

  it('answers a misused diagnose with the reason and the syntax', async () => {
    const out = sink();
    await execCommand('pending-all-nodes-cordoned', [], { script: script('diagnose scheduler nonsense\ndiagnose ""\n') }, out, sink());
    const lines = out.text().split('\n');
    expect(lines[0]).toBe('$ diagnose scheduler nonsense');
    expect(lines[1]).toMatch(/^diagnose: unknown cause "nonsense" for scheduler; one of: .*all-nodes-unschedulable/);
    expect(lines.slice(2)).toEqual([
      'Usage: diagnose <component> <cause>   or   diagnose "what is broken and why"',
      '(type `diagnose` alone for the components and causes)',
      '$ diagnose ""',
      'diagnose: the diagnosis is empty',
      'Usage: diagnose <component> <cause>   or   diagnose "what is broken and why"',
      '(type `diagnose` alone for the components and causes)',
      '',
    ]);
  }, 30_000);
});

describe('kubedrill exec --json without --script', () => {
  it('is refused with a reason (there is nothing to grade), status 2', async () => {
    const err = sink();
    expect(await execCommand('pending-all-nodes-cordoned', ['kubectl get nodes'], { json: true }, sink(), err)).toBe(2);
    expect(err.text()).toBe('kubedrill: --json needs --script: only a script can `submit` and be graded\n');
  });
});
