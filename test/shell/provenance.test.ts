import { describe, it, expect } from 'vitest';
import type { OutputChunk } from '../../src/shell/pipeline.js';
import { fakeSession } from './fakes.js';

/** A session that keeps what each line displayed, with provenance; `shown(line)` runs it and returns its pieces. */
function session() {
  let last: readonly OutputChunk[] = [];
  const sh = fakeSession({
    onOutput: (chunks) => {
      last = chunks;
    },
  });
  return async (line: string): Promise<[string, boolean][]> => {
    await sh.exec(line);
    return last.filter((c) => c.text !== '').map((c) => [c.text, c.observed === true]);
  };
}

describe('shell output provenance (what evidence may count)', () => {
  it('a simulation tool observes; echo and printf do not', async () => {
    const shown = session();
    expect(await shown('kubectl get pods | grep web')).toEqual([['web-5f6d7c8b9-klmno         1/1     Running            0             5h\n', true]]);
    expect(await shown('echo web')).toEqual([['web\n', false]]);
    expect(await shown("printf '%s\\n' web")).toEqual([['web\n', false]]);
    expect(await shown('ssh node-1 journalctl')).toEqual([['journal of node-1\n', true]]);
  });

  it('filters pass provenance through from their input, and typed input taints it', async () => {
    const shown = session();
    expect(await shown("kubectl get pods | grep -v NAME | awk '{print $3}' | sort | uniq -c | head -1")).toEqual([['      1 CrashLoopBackOff\n', true]]);
    expect(await shown('echo CrashLoopBackOff | grep Crash')).toEqual([['CrashLoopBackOff\n', false]]);
    // A tool reading typed stdin prints what it was given.
    expect(await shown('echo typed | kubectl stdin')).toEqual([['typed\n', false]]);
  });

  it('scp copies a file with its provenance: the learner\'s text stays theirs on the node, a saved read stays observed', async () => {
    const shown = session();
    await shown('echo volcano > notes');
    await shown('scp notes node-1:/root/notes');
    expect(await shown('ssh node-1 cat /root/notes')).toEqual([['volcano\n', false]]);
    await shown('kubectl get pods > pods.txt');
    await shown('scp pods.txt node-1:/root/pods.txt');
    expect(await shown('ssh node-1 grep web /root/pods.txt')).toEqual([['web-5f6d7c8b9-klmno         1/1     Running            0             5h\n', true]]);
  });

  it('files keep the provenance of what was written into them', async () => {
    const shown = session();
    await shown('kubectl get pods > pods.txt');
    expect(await shown('grep web pods.txt')).toEqual([['web-5f6d7c8b9-klmno         1/1     Running            0             5h\n', true]]);
    expect(await shown('cat < pods.txt | tail -1')).toEqual([['web-5f6d7c8b9-klmno         1/1     Running            0             5h\n', true]]);
    await shown('kubectl get pods | tee copy.txt > /dev/null');
    expect(await shown('tail -1 copy.txt')).toEqual([['web-5f6d7c8b9-klmno         1/1     Running            0             5h\n', true]]);
    await shown('echo Running >> pods.txt');
    expect(await shown('tail -1 pods.txt')).toEqual([['Running\n', false]]);
    // Truncating and rewriting from the tool makes the file observed again.
    await shown('kubectl get pods > pods.txt');
    expect(await shown('tail -1 pods.txt')).toEqual([['web-5f6d7c8b9-klmno         1/1     Running            0             5h\n', true]]);
    await shown('echo notes > notes.txt');
    expect(await shown('cat notes.txt pods.txt | head -1')).toEqual([['notes\n', false]]);
  });
});
