/** Entry point of the bundled CLI (bin/kubedrill.js imports the bundle of this file). */
import { buildProgram } from './program.js';
import { oneLineError } from '../error-text.js';
import { guardStreams } from './streams.js';

guardStreams(process);

let code = 0;
const program = buildProgram((c) => {
  code = c;
});
program
  .parseAsync(process.argv)
  .then(() => {
    process.exitCode = code;
  })
  .catch((e: unknown) => {
    process.stderr.write(`kubedrill: ${oneLineError(e)}\n`);
    process.exitCode = 1;
  });
