/** Child process of the benchmark: builds (warms up) a scenario's cluster and exits. */
import { loadValidScenarioFile } from '../src/scenario/validate.js';
import { ScenarioRun } from '../src/scenario/run.js';

const loaded = loadValidScenarioFile(process.argv[2]);
if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
const t = performance.now();
const run = new ScenarioRun(loaded.scenario);
process.stderr.write(`warmup_s=${((performance.now() - t) / 1000).toFixed(3)} pods=${run.cluster.store.count('pods')} RSS_MB=${Math.round(process.resourceUsage().maxRSS / 1024)}\n`);
