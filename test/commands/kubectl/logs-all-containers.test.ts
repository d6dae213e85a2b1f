/**
 * `kubectl logs --all-containers [--prefix] [--ignore-errors]` (logs.go):
 * every container's log, init containers first; `--prefix` marks each line
 * `[pod/<pod>/<container>] `; a log that cannot be read ends the command
 * with its error after what was printed, unless --ignore-errors.
 */
import { describe, expect, it } from 'vitest';
import { startFixture } from '../../helpers/scenario-run.js';

// checkout's init container waits for a Service it cannot resolve, so the app container has not started.
const SCENARIO = 'scenarios/services/dns-cross-namespace-name.yaml';

describe('kubectl logs --all-containers', () => {
  it('prints the init container, then stops at the container still waiting to start', async () => {
    const run = startFixture(SCENARIO);
    const pod = (await run.exec('kubectl get pods -n shop -o name')).output.trim().replace('pod/', '');
    const r = await run.exec(`kubectl logs -n shop ${pod} --all-containers --tail=1`);
    expect(r.output).toBe(`waiting for ledger-db\nError from server (BadRequest): container "checkout" in pod "${pod}" is waiting to start: PodInitializing\n`);
    expect(r.exitCode).toBe(1);
    const ignored = await run.exec(`kubectl logs -n shop ${pod} --all-containers --prefix --tail=1 --ignore-errors`);
    expect(ignored.output).toBe(`[pod/${pod}/wait-for-db] waiting for ledger-db\n`);
    expect((await run.exec(`kubectl logs -n shop ${pod} --all-containers -c checkout`)).output).toBe('error: --all-containers=true should not be specified with container name checkout\n');
  });

  it('--limit-bytes cuts the log, --since-time selects from a moment, not both with --since', async () => {
    const run = startFixture(SCENARIO);
    const pod = (await run.exec('kubectl get pods -n shop -o name')).output.trim().replace('pod/', '');
    expect((await run.exec(`kubectl logs -n shop ${pod} -c wait-for-db --limit-bytes=7`)).output).toBe('nc: bad');
    expect((await run.exec(`kubectl logs -n shop ${pod} -c wait-for-db --since-time=2099-01-01T00:00:00Z`)).output).toBe('');
    expect((await run.exec(`kubectl logs -n shop ${pod} -c wait-for-db --since-time=2000-01-01T00:00:00Z --tail=1`)).output).toBe('waiting for ledger-db\n');
    expect((await run.exec(`kubectl logs -n shop ${pod} -c wait-for-db --since-time=2000-01-01T00:00:00Z --since=1h`)).output).toBe('error: at most one of `sinceTime` or `sinceSeconds` may be specified\n');
    expect((await run.exec(`kubectl logs -n shop ${pod} -c wait-for-db --since-time=yesterday`)).output).toBe('error: parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"\n');
  });
});
