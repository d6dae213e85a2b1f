import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs the CLI from source with `stdin` piped in (not a terminal, so play uses line mode). */
function kubedrill(args: string[], stdin: string, home: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, KUBEDRILL_HOME: home },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const SCENARIO = 'pending-all-nodes-cordoned';
const FIX = ['kubectl get nodes', 'kubectl uncordon node-1 node-2', 'kubectl get pods', 'kubectl get pods', 'kubectl get pods', 'diagnose scheduler all-nodes-unschedulable', 'submit', ''].join('\n');

let home: string;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'kubedrill-play-'));
});
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});

describe('piped kubedrill play', () => {
  it('moves the simulated clock per command, so a scripted fix is graded fixed; --json prints the grade alone on stdout', async () => {
    const r = await kubedrill(['play', SCENARIO, '--json'], FIX, mkdtempSync(join(tmpdir(), 'kubedrill-play-json-')));
    expect(r.code).toBe(0);
    const grade = JSON.parse(r.stdout) as { scenarioId: string; score: number; parts: { name: string; points: number; max: number }[]; simulatedSeconds: number };
    expect(grade.scenarioId).toBe(SCENARIO);
    expect(grade.parts.find((p) => p.name === 'fix')).toMatchObject({ points: 40, max: 40 });
    expect(grade.parts.find((p) => p.name === 'diagnosis')).toMatchObject({ points: 40, max: 40 });
    expect(grade.score).toBe(100);
    // Five shell commands, COMMAND_STEP_MS (5 s) each.
    expect(grade.simulatedSeconds).toBe(25);
    expect(r.stderr).toContain('learner@workstation:~$ kubectl uncordon node-1 node-2\nnode/node-1 uncordoned\nnode/node-2 uncordoned\n');
  }, 60_000);

  it('--json without submit says nothing was graded, status 1', async () => {
    const r = await kubedrill(['play', SCENARIO, '--json'], 'kubectl get nodes\n', mkdtempSync(join(tmpdir(), 'kubedrill-play-json-')));
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/kubedrill: input ended before `submit`: nothing was graded\n$/);
  }, 60_000);

  it('says when progress cannot be saved instead of keeping results silently in memory', async () => {
    const blocked = join(home, 'not-a-folder');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(blocked, '');
    const r = await kubedrill(['play', SCENARIO], 'submit\n', join(blocked, 'kubedrill'));
    expect(r.stdout).toMatch(/^kubedrill: progress cannot be saved: .*not-a-folder is not writable \(ENOTDIR\); results of this run will be lost\n/);
    expect(r.stdout).toMatch(/kubedrill: could not save progress: progress could not be saved to .*\n$/);
  }, 60_000);

  it('ten concurrent play processes each finishing the scenario leave ten results in `kubedrill progress`', async () => {
    const runs = await Promise.all(Array.from({ length: 10 }, () => kubedrill(['play', SCENARIO], 'diagnose scheduler all-nodes-unschedulable\nsubmit\n', home)));
    for (const r of runs) {
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('Score: ');
      expect(r.stdout).not.toContain('could not save progress');
    }
    const progress = await kubedrill(['progress', '--json'], '', home);
    const parsed = JSON.parse(progress.stdout) as { history: { scenarioId: string }[] };
    expect(parsed.history).toHaveLength(10);
    expect(parsed.history.every((a) => a.scenarioId === SCENARIO)).toBe(true);
  }, 180_000);
});
