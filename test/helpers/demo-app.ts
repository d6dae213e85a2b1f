/**
 * Runs the TUI against fake sessions, for trying it in a real terminal
 * (tmux) before the CLI and the real session exist:
 *   KUBEDRILL_HOME=$(mktemp -d) npx tsx test/helpers/demo-app.ts
 */
import { openProgress } from '../../src/progress/store.js';
import { FAKE_CHOICES, FakeSession, fakeScenario } from './fake-session.js';

const scenarios = [
  fakeScenario(),
  fakeScenario({ id: 'pending-pods', title: 'Pods stuck Pending', difficulty: 'beginner', topics: ['scheduler'] }),
];
const pods = Array.from({ length: 200 }, (_, i) => `checkout-7d9f8b6c5d-${String(i).padStart(5, 'x')}   1/1     Running   0          3d`).join('\n');

async function main(): Promise<void> {
  const progress = await openProgress();
  const { runApp } = await import('../../src/tui/render.js');
  await runApp({
    scenarios,
    progress,
    openSession: async (id) =>
      new FakeSession({
        scenario: scenarios.find((s) => s.id === id),
        hints: ['Which node looks different from the others?', 'What does the kubelet on that node log?'],
        choices: FAKE_CHOICES,
        outputs: {
          'kubectl get nodes': 'NAME     STATUS     ROLES           AGE    VERSION\ncp-1     Ready      control-plane   400d   v1.30.2\nnode-2   NotReady   <none>          400d   v1.30.2\n',
          'kubectl get pods': `NAME                               READY   STATUS    RESTARTS   AGE\n${pods}\n`,
        },
      }),
  });
  process.stdout.write('bye\n');
}

await main();
