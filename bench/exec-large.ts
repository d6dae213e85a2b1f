/** Child process of the benchmark: loads a scenario, runs one command, reports peak RSS on stderr. */
import { loadValidScenarioFile } from '../src/scenario/validate.js';
import { ScenarioRun } from '../src/scenario/run.js';

const [file, line] = process.argv.slice(2);
const loaded = loadValidScenarioFile(file);
if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
const run = new ScenarioRun(loaded.scenario);
const r = await run.exec(line);
process.stdout.write(r.stdout.slice(0, 0));
process.stderr.write(`lines=${r.stdout.split('\n').length} RSS_MB=${Math.round(process.resourceUsage().maxRSS / 1024)}\n`);
