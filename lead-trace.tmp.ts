import { loadValidScenarioFile } from './src/scenario/validate.js';
import { ScenarioRun } from './src/scenario/run.js';
import { chainTrace } from './src/grading/chain-trace.js';
import { scenarioFilesIn, shippedScenariosDir } from './src/scenario/catalog.js';
for (const file of scenarioFilesIn(shippedScenariosDir())) {
  const l = loadValidScenarioFile(file);
  if (!l.ok) continue;
  const run = new ScenarioRun(l.scenario);
  const t = chainTrace(run.cluster.adminClient(), l.scenario.goal, run.cluster.network);
  console.log(`== ${l.scenario.metadata.id}: ${t?.subject}`);
  for (const link of t?.links ?? []) if (link.state !== 'ok') console.log(`  ${link.state} ${link.name}\n${link.lines.map((x) => '      ' + x).join('\n')}`);
}
