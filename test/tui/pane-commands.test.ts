import { describe, it, expect } from 'vitest';
import { parsePaneCommand, promptHost } from '../../src/tui/pane-commands.js';

const ws = { onWorkstation: true };
const node = { onWorkstation: false };

describe('parsePaneCommand', () => {
  it('recognises the practice words', () => {
    expect(parsePaneCommand('hint', ws)).toEqual({ type: 'hint' });
    expect(parsePaneCommand(' reset ', ws)).toEqual({ type: 'reset' });
    expect(parsePaneCommand('submit', ws)).toEqual({ type: 'submit' });
    expect(parsePaneCommand('grade', ws)).toEqual({ type: 'submit' });
    expect(parsePaneCommand('help', ws)).toEqual({ type: 'help' });
    expect(parsePaneCommand('briefing', ws)).toEqual({ type: 'briefing' });
    expect(parsePaneCommand('quit', node)).toEqual({ type: 'quit' });
    expect(parsePaneCommand('diagnose', ws)).toEqual({ type: 'diagnose' });
  });

  it('sends `exit` to the shell on a node, and quits on the workstation', () => {
    expect(parsePaneCommand('exit', ws)).toEqual({ type: 'quit' });
    expect(parsePaneCommand('exit', node)).toEqual({ type: 'shell', line: 'exit' });
  });

  it('parses guided and free-text diagnoses', () => {
    expect(parsePaneCommand('diagnose kubelet client-certificate-expired', ws)).toEqual({
      type: 'diagnose-guided',
      component: 'kubelet',
      cause: 'client-certificate-expired',
    });
    expect(parsePaneCommand('diagnose "the kubelet cert expired"', ws)).toEqual({
      type: 'diagnose-free-text',
      text: 'the kubelet cert expired',
    });
    expect(parsePaneCommand("diagnose 'disk'", ws)).toEqual({ type: 'diagnose-free-text', text: 'disk' });
    expect(parsePaneCommand('diagnose the disk is full', ws)).toEqual({ type: 'diagnose-free-text', text: 'the disk is full' });
  });

  it('leaves everything else, and practice words with arguments, to the shell', () => {
    expect(parsePaneCommand('kubectl get pods', ws)).toEqual({ type: 'shell', line: 'kubectl get pods' });
    expect(parsePaneCommand('help kubectl', ws)).toEqual({ type: 'shell', line: 'help kubectl' });
    expect(parsePaneCommand('hints', ws)).toEqual({ type: 'shell', line: 'hints' });
  });
});

describe('promptHost', () => {
  it('reads the host out of user@host prompts', () => {
    expect(promptHost('learner@workstation:~$ ')).toBe('workstation');
    expect(promptHost('root@node-2:/var/lib/kubelet# ')).toBe('node-2');
  });
  it('falls back to the whole prompt', () => {
    expect(promptHost('$ ')).toBe('$');
  });
});
