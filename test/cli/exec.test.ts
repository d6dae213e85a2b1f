import { describe, it, expect } from 'vitest';
import { execCommand } from '../../src/cli/exec.js';
import { validateCommand } from '../../src/cli/validate.js';
import { sink } from '../helpers/sink.js';

describe('kubedrill exec', () => {
  it('prints kubectl get pods with the real header and a Pending row', async () => {
    const out = sink();
    const err = sink();
    const code = await execCommand('pending-insufficient-cpu', ['kubectl get pods'], {}, out, err);
    expect(code).toBe(0);
    const lines = out.text().split('\n');
    expect(lines[0]).toMatch(/^NAME +READY +STATUS +RESTARTS +AGE$/);
    expect(lines.some((l) => /^checkout-[a-z0-9]+-[a-z0-9]{5} +0\/1 +Pending +0 +20m$/.test(l))).toBe(true);
  });

  it('describe shows the scheduler FailedScheduling event naming Insufficient cpu', async () => {
    const out = sink();
    await execCommand('pending-insufficient-cpu', ['kubectl describe pods -l app=checkout'], {}, out, sink());
    const event = out.text().split('\n').find((l) => l.includes('FailedScheduling'));
    expect(event).toBeDefined();
    expect(event).toMatch(/default-scheduler +0\/3 nodes are available: 1 node\(s\) had untolerated taint \{node-role.kubernetes.io\/control-plane: \}, 2 Insufficient cpu\. preemption: 0\/3 nodes are available: /);
  });

  it('answers an unknown command like bash, with exit 127', async () => {
    const err = sink();
    const code = await execCommand('pending-insufficient-cpu', ['kubctl get pods'], {}, sink(), err);
    expect(code).toBe(127);
    expect(err.text()).toBe('bash: kubctl: command not found\n');
  });

  it('rejects a scenario that does not exist', async () => {
    const err = sink();
    expect(await execCommand('no-such-scenario', ['true'], {}, sink(), err)).toBe(1);
    expect(err.text()).toBe('kubedrill: no scenario "no-such-scenario" (try `kubedrill list`)\n');
  });
});

describe('kubedrill validate', () => {
  it('reports a misspelled field as file:line:col and exits non-zero', () => {
    const err = sink();
    const code = validateCommand(['test/fixtures/scenarios/bad/misspelled-field.yaml'], sink(), err);
    expect(code).toBe(1);
    expect(err.text()).toMatch(/^test\/fixtures\/scenarios\/bad\/misspelled-field\.yaml:3:5: metadata: unknown field "idd" \(did you mean "id"\?\)\n/);
  });

  it('rejects a quiz bank whose answer index is out of range, as file:line:col', () => {
    const err = sink();
    const code = validateCommand(['test/fixtures/quizzes/bad/answer-out-of-range.yaml'], sink(), err);
    expect(code).toBe(1);
    expect(err.text()).toBe('test/fixtures/quizzes/bad/answer-out-of-range.yaml:13:13: questions[0].answer: index 2 is out of range: there are 2 choices (0 to 1)\n');
  });

  it('checks quiz banks given together for question ids used twice', () => {
    const out = sink();
    const err = sink();
    expect(validateCommand(['test/fixtures/quizzes/dup'], out, err)).toBe(1);
    expect(out.text()).toBe('test/fixtures/quizzes/dup/first.yaml: ok\n');
    expect(err.text()).toMatch(/^test\/fixtures\/quizzes\/dup\/second\.yaml:11:9: questions\[1\]\.id: duplicate question id "shared-id"/);
  });

  it('checks a bank given alone against the shipped banks for question ids used twice', async () => {
    const { mkdtempSync, writeFileSync, readFileSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'quiz-engine-'));
    const file = join(dir, 'first.yaml');
    writeFileSync(file, readFileSync('test/fixtures/quizzes/dup/first.yaml', 'utf8').replace('id: shared-id', 'id: sample-kubelet-port'));
    const err = sink();
    try {
      expect(validateCommand([file], sink(), err)).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(err.text()).toMatch(new RegExp(`^${file}:5:9: questions\\[0\\]\\.id: duplicate question id "sample-kubelet-port" \\(first at .*scenarios/quizzes/sample\\.yaml:\\d+:9\\)\n$`));
  });

  it('accepts every shipped scenario and quiz bank', () => {
    const out = sink();
    expect(validateCommand(['scenarios'], out, sink())).toBe(0);
    expect(out.text().split('\n').filter(Boolean).every((l) => l.endsWith(': ok'))).toBe(true);
    expect(out.text()).toContain('scenarios/quizzes/sample.yaml: ok\n');
  });
});

describe('kubedrill exec --script', () => {
  it('prints a $ transcript and lets kubectl apply read a file written by a redirection', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const script = join(mkdtempSync(join(tmpdir(), 'kd-')), 'script.txt');
    writeFileSync(script, 'kubectl get deploy web -o yaml > web.yaml\nkubectl apply -f web.yaml\nkubectl apply -f missing.yaml\n');
    const out = sink();
    const code = await execCommand('pending-insufficient-cpu', [], { script }, out, sink());
    expect(code).toBe(1);
    const lines = out.text().split('\n');
    expect(lines[0]).toBe('$ kubectl get deploy web -o yaml > web.yaml');
    expect(lines[1]).toBe('$ kubectl apply -f web.yaml');
    expect(lines).toContain('deployment.apps/web configured');
    expect(lines.slice(-3)).toEqual(['$ kubectl apply -f missing.yaml', 'error: the path "missing.yaml" does not exist', '']);
  });
});
