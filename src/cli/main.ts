/** Entry point of the bundled CLI (bin/kubedrill.js imports the bundle of this file). */
import { buildProgram } from './program.js';

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
    process.stderr.write(`kubedrill: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
