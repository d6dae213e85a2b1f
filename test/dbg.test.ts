import { it } from 'vitest';
import { hostHarness } from '/work/wt/tools/test/commands/host/harness.js';
it('x', async () => { const h = await hostHarness(); console.log((await h.run(process.env.CMD!)).output); });
