/** `kubectl patch --patch-file` (patch.go Complete and Validate): the patch read from a file on the host kubectl runs on. */
import { describe, expect, it } from 'vitest';
import { startFixture } from '../../helpers/scenario-run.js';

describe('kubectl patch --patch-file', () => {
  it('reads the patch from the file, refuses it with -p, and names a missing file', async () => {
    const run = startFixture('scenarios/scheduling/pending-insufficient-cpu.yaml');
    await run.exec(`printf '{"spec":{"replicas":2}}' > /tmp/replicas.json`);
    expect((await run.exec('kubectl patch deployment web --patch-file /tmp/replicas.json')).output).toBe('deployment.apps/web patched\n');
    expect((await run.exec('kubectl get deployment web -o jsonpath={.spec.replicas}')).output).toBe('2');
    expect((await run.exec(`kubectl patch deployment web --patch-file /tmp/replicas.json -p '{}'`)).output).toBe('error: cannot specify --patch and --patch-file together\n');
    expect((await run.exec('kubectl patch deployment web --patch-file /tmp/nope.json')).output).toBe('error: unable to read patch file: open /tmp/nope.json: no such file or directory\n');
  });
});
