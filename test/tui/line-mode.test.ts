import { describe, it, expect } from 'vitest';
import { PassThrough, Readable } from 'node:stream';
import { runLineMode } from '../../src/tui/line-mode.js';
import { quizOffer } from '../../src/tui/text/quiz-offer.js';
import type { AttemptRecord } from '../../src/progress/schema.js';
import { FAKE_CHOICES, FakeSession } from '../helpers/fake-session.js';

async function play(lines: string[], session = new FakeSession({ outputs: { 'kubectl get nodes': 'NAME     STATUS\nnode-2   NotReady\n' }, hints: ['Look at the nodes.'], choices: FAKE_CHOICES })) {
  const output = new PassThrough();
  let text = '';
  output.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const recorded: AttemptRecord[] = [];
  let t = Date.UTC(2026, 0, 1, 10, 0, 0);
  const result = await runLineMode({
    session,
    input: Readable.from([lines.map((l) => `${l}\n`).join('')]),
    output,
    progress: { recordAttempt: async (a) => void recorded.push(a) },
    now: () => (t += 1000),
  });
  return { text, result, recorded, session };
}

const HEADER = [
  'A node went NotReady overnight',
  '',
  'The checkout team says half their pods were rescheduled. Find out why node-2 stopped.',
  '',
  'Type commands as in a shell. Also: hint, diagnose <component> <cause>, diagnose "text", submit, quit.',
  '',
];

describe('runLineMode', () => {
  it('prints the briefing, each prompt + command and its output, then the grade, and records it', async () => {
    const { text, result, recorded } = await play([
      'kubectl get nodes',
      'hint',
      'hint',
      'diagnose kubelet client-certificate-expired',
      'submit',
      'never read',
    ]);
    expect(text).toBe(
      [
        ...HEADER,
        'learner@workstation:~$ kubectl get nodes',
        'NAME     STATUS',
        'node-2   NotReady',
        'learner@workstation:~$ hint',
        'Hint 1/1: Look at the nodes.',
        'learner@workstation:~$ hint',
        'No hints left.',
        'learner@workstation:~$ diagnose kubelet client-certificate-expired',
        'Diagnosis recorded: Kubelet / Its client certificate expired.',
        'learner@workstation:~$ submit',
        '',
        'Score: 70/100',
        '',
        '  diagnosis  40/40  You named the kubelet and its expired client certificate.',
        '  fix        30/40  node-2 is Ready, but checkout has 3 of 4 replicas available.',
        '  evidence   10/20  You never read the kubelet journal on node-2.',
        '  hints      -10    Two hints used.',
        '',
        'What was wrong:',
        'The kubelet authenticates with a client certificate that expired.',
        '',
        // The offer of the quiz on the scenario's topics (its count follows the shipped banks).
        quizOffer(['kubelet', 'certificates']),
        '',
      ].join('\n'),
    );
    expect(result?.score).toBe(70);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ scenarioId: 'node-notready', hintsUsed: 1, startedAt: '2026-01-01T10:00:01.000Z', finishedAt: '2026-01-01T10:00:02.000Z' });
  });

  it('shows the new prompt after ssh, sends `exit` there to the shell, and quits on the workstation', async () => {
    const { text, result, recorded, session } = await play(['ssh node-2', 'exit', 'exit', 'kubectl get nodes']);
    expect(text).toBe(
      [
        ...HEADER,
        'learner@workstation:~$ ssh node-2',
        'root@node-2:~# exit',
        'logout',
        'learner@workstation:~$ exit',
        '',
      ].join('\n'),
    );
    expect(session.execCalls).toEqual(['ssh node-2', 'exit']);
    expect(result).toBeUndefined();
    expect(recorded).toEqual([]);
  });

  it('lists the choices for a bare `diagnose`, takes quoted free text, and reports errors as text', async () => {
    const { text, session } = await play(['diagnose', 'diagnose kubelet cordoned', 'diagnose "kubelet cert expired"', 'explode']);
    expect(text).toBe(
      [
        ...HEADER,
        'learner@workstation:~$ diagnose',
        'Usage: diagnose <component> <cause>   or   diagnose "what is broken and why"',
        'Components and causes:',
        '  scheduler  (Scheduler)',
        '      insufficient-resources  (No node has room)',
        '  kubelet  (Kubelet)',
        '      stopped  (The kubelet service is stopped)',
        '      client-certificate-expired  (Its client certificate expired)',
        'learner@workstation:~$ diagnose kubelet cordoned',
        'diagnose: unknown cause "cordoned" for kubelet; one of: stopped, client-certificate-expired',
        'Usage: diagnose <component> <cause>   or   diagnose "what is broken and why"',
        '(type `diagnose` alone for the components and causes)',
        'learner@workstation:~$ diagnose "kubelet cert expired"',
        'Diagnosis recorded: "kubelet cert expired".',
        'learner@workstation:~$ explode',
        'kubedrill: simulated failure',
        '',
      ].join('\n'),
    );
    expect(session.diagnoses).toEqual([{ kind: 'free-text', text: 'kubelet cert expired' }]);
  });

  it('ends quietly at the end of input', async () => {
    const { text, result } = await play([]);
    expect(text).toBe(`${HEADER.join('\n')}\n`);
    expect(result).toBeUndefined();
  });

  it('never loads Ink or React, directly or through its imports', async () => {
    const { readFile } = await import('node:fs/promises');
    const { dirname, resolve } = await import('node:path');
    const { fileURLToPath } = await import('node:url');
    const seen = new Set<string>();
    const external = new Set<string>();
    const visit = async (file: string): Promise<void> => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = await readFile(file, 'utf8');
      for (const [, spec] of source.matchAll(/^(?:import|export)\s[^;]*?from '([^']+)'/gm)) {
        if (spec!.startsWith('.')) await visit(resolve(dirname(file), spec!.replace(/\.js$/, '.ts')));
        else external.add(spec!);
      }
    };
    await visit(fileURLToPath(new URL('../../src/tui/line-mode.ts', import.meta.url)));
    expect([...external].filter((m) => m === 'ink' || m === 'react' || m.startsWith('react/'))).toEqual([]);
    expect(seen.size).toBeGreaterThan(3);
  });
});
