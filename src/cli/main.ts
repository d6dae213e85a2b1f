/** Entry point of the bundled CLI (bin/kubedrill.js imports the bundle of this file). */
import { oneLineError } from '../error-text.js';
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

if (process.argv.length <= 2) {
  // A bare `kubedrill` opens the home screen: nothing to parse, so the parser is not even loaded.
  settle(import('./play.js').then(({ playCommand }) => playCommand(undefined, {})));
} else {
  settle(
    import('./program.js').then(async ({ buildProgram }) => {
      let code = 0;
      await buildProgram((c) => {
        code = c;
      }).parseAsync(process.argv);
      return code;
    }),
  );
}
