// kubectl rollout status as in kubectl 1.32 pkg/cmd/rollout/rollout_status.go and
// polymorphichelpers/rollout_status.go (the status lines, the watch until done, --timeout).
import { describe, it, expect } from 'vitest';
import { ScenarioRun } from '../../../src/practice/run.js';
import { createPracticeSession } from '../../../src/practice/practice.js';
import { loadScenarioArg } from '../../../src/cli/load.js';
import type { Scenario } from '../../../src/scenario/schema.js';

function scenario(): { scenario: Scenario; file: string } {
  const loaded = loadScenarioArg('imagepull-wrong-tag');
  if (!loaded.ok) throw new Error(loaded.message);
  return loaded;
}

/** A run whose billing Deployment was fixed and has rolled out. */
async function fixedRun(): Promise<ScenarioRun> {
  const run = new ScenarioRun(scenario().scenario);
  await run.exec('kubectl set image deployment/billing billing=shop/billing:2.1.0');
  run.cluster.advance(60_000);
  return run;
}

const BROKEN = 'kubectl set image deployment/billing billing=shop/billing:nope';

describe('kubectl rollout status, non-interactive (exec, scripts)', () => {
  it('waits in simulated time until --timeout, printing each status, then `error: timed out waiting for the condition` with status 1', async () => {
    const run = await fixedRun();
    const before = run.cluster.now();
    const r = await run.exec(`${BROKEN} && kubectl rollout status deploy/billing --timeout=30s`);
    expect(r.output).toBe(
      [
        'deployment.apps/billing image updated',
        'Waiting for deployment spec update to be observed...',
        'Waiting for deployment "billing" rollout to finish: 0 out of 2 new replicas have been updated...',
        'Waiting for deployment "billing" rollout to finish: 1 out of 2 new replicas have been updated...',
        'error: timed out waiting for the condition',
        '',
      ].join('\n'),
    );
    expect(r.exitCode).toBe(1);
    expect(run.cluster.now() - before).toBeGreaterThanOrEqual(30_000);
  });

  it('follows a rollout that can finish to `deployment "billing" successfully rolled out`, status 0', async () => {
    const run = await fixedRun();
    await run.exec(BROKEN);
    const r = await run.exec('kubectl set image deployment/billing billing=shop/billing:2.1.0 && kubectl rollout status deploy/billing');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('deployment.apps/billing image updated');
    expect(lines.slice(1, -1).every((l) => l.startsWith('Waiting for deployment'))).toBe(true);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.at(-1)).toBe('deployment "billing" successfully rolled out');
    expect(r.exitCode).toBe(0);
  });

  it('without --timeout a rollout that cannot finish still ends (no Ctrl+C in a script): failed or timed out, status 1, within 15 simulated minutes', async () => {
    const run = await fixedRun();
    const before = run.cluster.now();
    const r = await run.exec(`${BROKEN} && kubectl rollout status deploy/billing`);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^error: (deployment "billing" exceeded its progress deadline|timed out waiting for the condition)\n$/);
    expect(run.cluster.now() - before).toBeLessThanOrEqual(15 * 60_000);
  });

  it('--watch=false prints the current status once and returns 0', async () => {
    const run = await fixedRun();
    const r = await run.exec(`${BROKEN} && kubectl rollout status deploy/billing --watch=false`);
    expect(r.output).toBe('deployment.apps/billing image updated\nWaiting for deployment spec update to be observed...\n');
    expect(r.exitCode).toBe(0);
  });

  it('rejects a malformed --timeout like kubectl\'s flag parser', async () => {
    const run = await fixedRun();
    expect(await run.exec('kubectl rollout status deploy/billing --timeout=soon')).toMatchObject({
      stderr: 'error: invalid argument "soon" for "--timeout" flag: time: invalid duration "soon"\nSee \'kubectl rollout status --help\' for usage.\n',
      exitCode: 1,
    });
  });

  it('`kubectl rollout undo , web` answers like kubectl instead of crashing', async () => {
    const run = await fixedRun();
    expect(await run.exec('kubectl rollout undo , web')).toMatchObject({ stderr: 'error: the server doesn\'t have a resource type ""\n', exitCode: 1 });
    expect(await run.exec('kubectl rollout status , web')).toMatchObject({ stderr: 'error: the server doesn\'t have a resource type ""\n', exitCode: 1 });
  });
});

describe('kubectl rollout status in the TUI (follows like get -w)', () => {
  it('keeps running while simulated time passes and ends by itself when the rollout is done; $? is 0', async () => {
    const run = await fixedRun();
    await run.exec(BROKEN);
    run.shell.setCanFollow(true);
    const r = await run.exec('kubectl set image deployment/billing billing=shop/billing:2.1.0 && kubectl rollout status deploy/billing');
    expect(r.follow).toBeDefined();
    let text = r.output;
    for (let i = 0; i < 120 && r.follow!.exitCode() === undefined; i++) {
      run.cluster.advance(1_000);
      text += await r.follow!.next();
    }
    expect(r.follow!.exitCode()).toBe(0);
    expect(text.trimEnd().split('\n').at(-1)).toBe('deployment "billing" successfully rolled out');
    run.shell.setCanFollow(false);
    expect((await run.exec('echo $?')).output).toBe('0\n');
  });

  it('honours --timeout while following: the error, then $? 1', async () => {
    const run = await fixedRun();
    run.shell.setCanFollow(true);
    const r = await run.exec(`${BROKEN} && kubectl rollout status deploy/billing --timeout=10s`);
    expect(r.follow).toBeDefined();
    let text = '';
    for (let i = 0; i < 30 && r.follow!.exitCode() === undefined; i++) {
      run.cluster.advance(1_000);
      text += await r.follow!.next();
    }
    expect(text.endsWith('error: timed out waiting for the condition\n')).toBe(true);
    expect(r.follow!.exitCode()).toBe(1);
    run.shell.setCanFollow(false);
    expect((await run.exec('echo $?')).output).toBe('1\n');
  });

  it('a practice session stops following once the rollout is done, so the prompt comes back', async () => {
    const { scenario: s, file } = scenario();
    const session = createPracticeSession(s, file);
    await session.exec('kubectl set image deployment/billing billing=shop/billing:2.1.0');
    session.tick(60_000);
    const entry = await session.exec('kubectl rollout restart deploy/billing && kubectl rollout status deploy/billing', { follow: true });
    expect(entry.following).toBe(true);
    let polled: string | undefined = '';
    let text = '';
    for (let i = 0; i < 120 && polled !== undefined; i++) {
      session.tick(1_000);
      polled = await session.pollFollow();
      text += polled ?? '';
    }
    expect(polled).toBeUndefined();
    expect(text).toContain('deployment "billing" successfully rolled out\n');
  });
});

describe('kubectl rollout undo in a running scenario', () => {
  it('goes back to the second-newest ReplicaSet revision (rollback.go deploymentRevision), even though the Deployment carries no revision annotation', async () => {
    const run = await fixedRun();
    expect(await run.exec('kubectl rollout undo deploy/billing')).toMatchObject({ stdout: 'deployment.apps/billing rolled back\n', exitCode: 0 });
    expect((await run.exec('kubectl get deploy billing -o jsonpath={.spec.template.spec.containers[0].image}')).stdout).toBe('shop/billing:2.1');
  });
});
