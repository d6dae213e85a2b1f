import { describe, it, expect } from 'vitest';
import { PassThrough, Readable } from 'node:stream';
import { runLineMode } from '../../src/tui/line-mode.js';
import { loadScenarioFile } from '../../src/scenario/load.js';
import { createPracticeSession } from '../../src/practice/practice.js';
import { parsePaneCommand } from '../../src/tui/pane-commands.js';

// Two nodes broken for two reasons, played through the plain line mode:
// `diagnose` twice records two diagnoses, `submit` grades both.
const FILE = 'test/fixtures/scenarios/combined/two-faults-two-diagnoses.yaml';

async function play(lines: string[]) {
  const loaded = loadScenarioFile(FILE);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const session = createPracticeSession(loaded.scenario, FILE);
  const output = new PassThrough();
  let text = '';
  output.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const result = await runLineMode({ session, input: Readable.from([lines.map((l) => `${l}\n`).join('')]), output, now: () => 0 });
  return { text, result, session };
}

const diagnosisPoints = (r: Awaited<ReturnType<typeof play>>['result']) => r?.parts.find((p) => p.name === 'diagnosis')?.points;

describe('line mode: a scenario with two faults', () => {
  it('says how many faults there are, records both diagnoses and grades them for the full points', async () => {
    const { text, result } = await play(['diagnose "trace.log filled the disk of node-1"', 'diagnose container-runtime runtime-down', 'submit']);
    expect(text).toContain('This scenario has 2 faults: record one diagnosis for each. diagnose --list shows them.\n');
    expect(text).toContain('Diagnosis 1 of 2 recorded: "trace.log filled the disk of node-1".\n');
    expect(text).toContain('Diagnosis 2 of 2 recorded: Container runtime / ');
    expect(diagnosisPoints(result)).toBe(40);
    // The grade lists each fault under the diagnosis part.
    expect(text).toMatch(/\n {2}diagnosis +40\/40 +Named 2 of 2 faults\.\n +✓ node-1 disk 20\/20: Correct: "trace.log filled the disk of node-1" names Node.*\n +✓ node-2 containerd 20\/20: Correct: Container runtime/);
  });

  it('one diagnosis of two earns half the diagnosis points', async () => {
    const { result } = await play(['diagnose container-runtime runtime-down', 'submit']);
    expect(diagnosisPoints(result)).toBe(20);
  });

  it('diagnose --list, --remove <n> and --clear manage what is recorded', async () => {
    const { text, result } = await play([
      'diagnose --list',
      'diagnose kubelet stopped',
      'diagnose container-runtime runtime-down',
      'diagnose "a third guess: the disk of node-1 is full of trace.log"',
      'diagnose --list',
      'diagnose --remove 3',
      'diagnose --remove 1',
      'diagnose --list',
      'diagnose --clear',
      'diagnose --list',
      'diagnose --remove',
      'diagnose container-runtime runtime-down',
      'submit',
    ]);
    const lines = text.split('\n');
    const after = (cmd: string, from = 0) => lines[lines.indexOf(`learner@workstation:~$ ${cmd}`, from) + 1];
    expect(after('diagnose --list')).toBe('No diagnosis recorded yet (this scenario has 2 faults).');
    // A third diagnosis replaces the latest: never more diagnoses than faults.
    expect(after('diagnose "a third guess: the disk of node-1 is full of trace.log"')).toBe('Diagnosis 2 of 2 replaced: "a third guess: the disk of node-1 is full of trace.log".');
    const second = lines.indexOf('learner@workstation:~$ diagnose --list', lines.indexOf('learner@workstation:~$ diagnose --list') + 1);
    expect(lines.slice(second + 1, second + 4)).toEqual([
      'Diagnoses recorded (2 of 2 faults):',
      '  1. Kubelet / The kubelet service is stopped',
      '  2. "a third guess: the disk of node-1 is full of trace.log"',
    ]);
    expect(after('diagnose --remove 3')).toBe('diagnose: no diagnosis 3: 2 recorded (diagnose --list shows them)');
    expect(after('diagnose --remove 1')).toBe('Diagnosis 1 removed: Kubelet / The kubelet service is stopped.');
    expect(lines[lines.indexOf('learner@workstation:~$ diagnose --list', second + 1) + 2]).toBe('  1. "a third guess: the disk of node-1 is full of trace.log"');
    expect(after('diagnose --clear')).toBe('The diagnosis was cleared.');
    expect(after('diagnose --remove')).toBe('diagnose: unknown option --remove');
    expect(diagnosisPoints(result)).toBe(20);
  });
});

describe('parsePaneCommand: diagnose options', () => {
  it('takes --list, --clear and --remove <n>, and never makes an option a free-text diagnosis', () => {
    const parse = (l: string) => parsePaneCommand(l, { onWorkstation: true });
    expect(parse('diagnose --list')).toEqual({ type: 'diagnose-list' });
    expect(parse('diagnose --clear')).toEqual({ type: 'diagnose-clear' });
    expect(parse('diagnose --remove 2')).toEqual({ type: 'diagnose-remove', number: 2 });
    expect(parse('diagnose --remove 0')).toEqual({ type: 'diagnose-bad-option', option: '--remove 0' });
    expect(parse('diagnose -x kubelet')).toEqual({ type: 'diagnose-bad-option', option: '-x kubelet' });
    // Quoted text starting with a dash is still a diagnosis.
    expect(parse('diagnose "--weird but text"')).toEqual({ type: 'diagnose-free-text', text: '--weird but text' });
  });
});
