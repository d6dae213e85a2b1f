import { describe, expect, it } from 'vitest';
import { completedFrames, hasLine, stripAnsi, typedInput } from '../../bench/frames.js';

const BEGIN = '\u001b[?2026h';
const END = '\u001b[?2026l';

describe('reading frames from a pseudo-terminal', () => {
  it('strips colours, cursor moves and carriage returns', () => {
    expect(stripAnsi('\u001b[2K\u001b[1A\u001b[G\u001b[32mlearner@workstation:~$ \u001b[39m\u001b[7m \u001b[27m\r\n')).toBe('learner@workstation:~$  \n');
  });

  it('returns only synchronized updates that have ended', () => {
    const raw = `${BEGIN}one\r\n${END}${BEGIN}two${END}${BEGIN}half`;
    expect(completedFrames(raw)).toEqual(['one\n', 'two']);
  });

  it('reads a program without synchronized updates as one growing frame', () => {
    expect(completedFrames('\u001b[1mkubedrill\u001b[22m bench')).toEqual(['kubedrill bench']);
    expect(completedFrames('')).toEqual([]);
  });

  it('finds what is typed at the last prompt, with or without the cursor block', () => {
    const frame = 'briefing\nlearner@workstation:~$ echo hi1\nhi1\nlearner@workstation:~$ ab \n status line │ help';
    expect(typedInput(frame)).toBe('ab');
    expect(typedInput('learner@workstation:~$\n')).toBe('');
    expect(typedInput('root@node-1:/etc/kubernetes# ls')).toBe('ls');
    expect(typedInput('Warming up the cluster… 75%')).toBeUndefined();
  });

  it('tells a command output line from the echo of the command', () => {
    expect(hasLine('learner@workstation:~$ echo hi1\n', 'hi1')).toBe(false);
    expect(hasLine('learner@workstation:~$ echo hi1\nhi1  \n', 'hi1')).toBe(true);
  });
});
