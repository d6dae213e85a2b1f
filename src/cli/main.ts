/** Entry point of the bundled CLI (bin/kubedrill.js imports the bundle of this file). */
import { oneLineError } from '../error-text.js';
import { simpleExecArgs, type SimpleExecArgs } from './exec-args.js';
import { guardStreams } from './streams.js';

guardStreams(process);

/** Sets the exit code a command returns; an error that escapes it is one line on stderr. */
function settle(run: Promise<number>): void {
  run.then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`kubedrill: ${oneLineError(e)}\n`);
      process.exitCode = 1;
    },
  );
}

/** Any command: commander parses the arguments and runs the subcommand's module. */
async function viaProgram(): Promise<number> {
  const { buildProgram } = await import('./program.js');
  let code = 0;
  await buildProgram((c) => {
    code = c;
  }).parseAsync(process.argv);
  return code;
}

/**
 * `exec` of a simple shape (exec-args.ts) without loading commander: the
 * cached `exec` is two Node.js start-ups, and the parser was a good share of
 * the first one's work. Arguments that make no request go to commander,
 * which reports them as it always has; a cache miss warms up in process as
 * exec.ts does after its own lookup. KUBEDRILL_EXEC_FAST_PATH=off always
 * goes through commander (the tests compare the two).
 */
async function viaFastExec(args: SimpleExecArgs): Promise<number> {
  // A file of its own in the build (exec-fast.ts says why), left out of this bundle.
  const { execFast } = await import('./exec-fast.js');
  const fast = execFast(args, process.stderr);
  if (fast === undefined) return viaProgram();
  if ('code' in fast) return fast.code;
  const { execInProcess } = await import('./exec.js');
  return execInProcess(fast.missed, process.stdout, process.stderr);
}

if (process.argv.length <= 2) {
  // A bare `kubedrill` opens the home screen: nothing to parse, so the parser is not even loaded.
  settle(import('./play.js').then(({ playCommand }) => playCommand(undefined, {})));
} else {
  const simple = process.env.KUBEDRILL_EXEC_FAST_PATH === 'off' ? undefined : simpleExecArgs(process.argv.slice(2));
  settle(simple ? viaFastExec(simple) : viaProgram());
}
