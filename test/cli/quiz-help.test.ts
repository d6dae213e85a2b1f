import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';

describe('kubedrill quiz --help', () => {
  it('is registered with its arguments and options, and says what each does', () => {
    const quiz = buildProgram(() => undefined).commands.find((c) => c.name() === 'quiz')!;
    quiz.configureOutput({ getOutHelpWidth: () => 80 });
    expect(quiz.helpInformation()).toBe(`Usage: kubedrill quiz [options] [topics...]

self-assessment questions on how a cluster works; --review asks what spaced
repetition says is due

Arguments:
  topics                topics or bank ids to ask about (default: all)

Options:
  --count <n>           how many questions (default: "10")
  --difficulty <level>  only beginner, intermediate or advanced questions
  --review              ask the questions due for review, most overdue first
  --seed <n>            draws the questions and their shuffles (default: the
                        number of answers recorded so far)
  -h, --help            display help for command
`);
  });
});
