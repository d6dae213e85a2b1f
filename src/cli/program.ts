/**
 * The `kubedrill` command line. Each subcommand lives in its own module and
 * is imported only when it runs, so start-up stays lean.
 */
import { Command } from 'commander';

/** Builds the commander program; `exit` receives each subcommand's exit code. */
export function buildProgram(exit: (code: number) => void): Command {
  const program = new Command();
  const out = process.stdout;
  const err = process.stderr;
  program
    .name('kubedrill')
    .description('A Kubernetes troubleshooting trainer: investigate a simulated broken cluster with real commands, get graded.')
    .version('0.1.0', '-V, --version')
    .showHelpAfterError('(run `kubedrill --help` for usage)');

  program
    .command('play', { isDefault: true })
    .description('practise: the scenario list, or straight into one scenario')
    .argument('[scenario]', 'scenario id or file')
    .option('--seed <n>', 'random seed (default: the scenario\'s)')
    .option('--json', 'without a terminal: print the grade of `submit` as JSON on stdout, the session on stderr')
    .action(async (scenario: string | undefined, opts: { seed?: string; json?: boolean }) => exit(await (await import('./play.js')).playCommand(scenario, opts)));

  program
    .command('list')
    .description('list the scenarios with difficulty, topics and your best score')
    .option('--json', 'machine-readable output')
    .action(async (opts: { json?: boolean }) => exit(await (await import('./list.js')).listCommand(opts, out, err)));

  program
    .command('exec')
    .description('run command lines against a fresh scenario, non-interactively')
    .argument('<scenario>', 'scenario id or file')
    .argument('[command...]', 'the command line to run (after --)')
    .option('--seed <n>', 'random seed (default: the scenario\'s)')
    .option('--script <file>', 'run each line of a file, printing a `$ cmd` transcript; `diagnose` and `submit` work as in play')
    .option('--json', 'with --script: print the grade of `submit` as JSON on stdout, the transcript on stderr')
    .action(async (scenario: string, words: string[], opts: { seed?: string; script?: string; json?: boolean }) => exit(await (await import('./exec.js')).execCommand(scenario, words, opts, out, err)));

  program
    .command('validate')
    .description('check scenario files and quiz banks: schema and meaning, errors as file:line:col')
    .argument('<paths...>', 'scenario files, quiz banks or folders')
    .action(async (paths: string[]) => exit((await import('./validate.js')).validateCommand(paths, out, err)));

  program
    .command('verify')
    .description('prove scenarios sound: goal false at start, evidence real, goal true after the solution')
    .argument('<paths...>', 'scenario files or folders')
    .action(async (paths: string[]) => exit(await (await import('./verify.js')).verifyCommand(paths, out, err)));

  program
    .command('quiz')
    .description('self-assessment questions on how a cluster works; --review asks what spaced repetition says is due')
    .argument('[topics...]', 'topics or bank ids to ask about (default: all)')
    .option('--count <n>', 'how many questions', '10')
    .option('--difficulty <level>', 'only beginner, intermediate or advanced questions')
    .option('--review', 'ask the questions due for review, most overdue first')
    .option('--seed <n>', 'draws the questions and their shuffles (default: the number of answers recorded so far)')
    .action(async (topics: string[], opts: { count?: string; difficulty?: string; review?: boolean; seed?: string }) =>
      exit(await (await import('./quiz.js')).quizCommand(topics, opts, { input: process.stdin, out, err })));

  program
    .command('progress')
    .description('mastery per topic, scenario history, questions due for review and your streak; --reset forgets it all (after asking)')
    .option('--json', 'the same report as JSON, e.g. for an instructor')
    .option('--reset', 'forget all progress, keeping the old file beside the new one; asks first')
    .option('--yes', 'with --reset: do not ask (needed when stdin is not a terminal)')
    .action(async (opts: { json?: boolean; reset?: boolean; yes?: boolean }) =>
      exit(await (await import('./progress.js')).progressCommand(opts, { out, err, input: process.stdin })));

  program
    .command('snapshots')
    .description('check the golden transcripts in snapshots/ (or rewrite them with --update)')
    .option('--update', 'rewrite the transcripts from the current output')
    .option('--dir <dir>', 'snapshot folder (default: the snapshots/ shipped next to the scenarios)')
    .action(async (opts: { update?: boolean; dir?: string }) => exit(await (await import('./snapshots.js')).snapshotsCommand(opts, out, err)));

  return program;
}
