import { describe, it, expect } from 'vitest';
import { fakeSession } from './fakes.js';
import { createMemoryFiles } from '../../src/shell/files.js';
import { ScenarioRun } from '../../src/practice/run.js';
import { loadScenarioArg } from '../../src/cli/load.js';

const KUBECONF = 'apiVersion: v1\nkind: Config\nclusters: []\n';

function session() {
  const files = createMemoryFiles({ workstation: { '/home/learner/kubelet.conf': KUBECONF } });
  return { sh: fakeSession({ files }), files };
}

describe('ssh passes its stdin to the remote command', () => {
  it('`ssh node "cat > f" < file` writes the file on the node', async () => {
    const { sh, files } = session();
    const r = await sh.exec('ssh node-1 "cat > /etc/kubernetes/kubelet.conf" < kubelet.conf');
    expect(r.exitCode).toBe(0);
    expect(files.read('node-1', '/etc/kubernetes/kubelet.conf')).toBe(KUBECONF);
    expect(sh.host()).toBe('workstation');
  });

  it('`cat file | ssh node "cat > f"` writes the file on the node', async () => {
    const { sh, files } = session();
    await sh.exec('cat kubelet.conf | ssh node-2 "cat > /tmp/k.conf"');
    expect(files.read('node-2', '/tmp/k.conf')).toBe(KUBECONF);
  });

  it('later commands of the remote line see the input too', async () => {
    const { sh, files } = session();
    await sh.exec("ssh node-1 'cd /etc && cat > /etc/x' < kubelet.conf");
    expect(files.read('node-1', '/etc/x')).toBe(KUBECONF);
  });

  it('input without a remote command runs as the remote shell script, with ssh\'s pseudo-terminal notice', async () => {
    const { sh } = session();
    const r = await sh.exec("printf 'echo on $HOSTNAME\\n' | ssh node-2");
    expect(r.stderr).toBe('Pseudo-terminal will not be allocated because stdin is not a terminal.\n');
    expect(r.stdout).toBe('on node-2\n');
    expect(sh.host()).toBe('workstation');
  });
});

describe('scp', () => {
  it('copies a local file to a node path and back (OpenSSH scp, SFTP mode)', async () => {
    const { sh, files } = session();
    expect((await sh.exec('scp kubelet.conf node-2:/etc/kubernetes/kubelet.conf')).exitCode).toBe(0);
    expect(files.read('node-2', '/etc/kubernetes/kubelet.conf')).toBe(KUBECONF);
    expect((await sh.exec('scp root@node-2:/etc/kubernetes/kubelet.conf copy.conf')).exitCode).toBe(0);
    expect(files.read('workstation', '/home/learner/copy.conf')).toBe(KUBECONF);
  });

  it('copies into a home folder or a folder named with a trailing slash under the source\'s name', async () => {
    const { sh, files } = session();
    await sh.exec('scp kubelet.conf node-1:');
    expect(files.read('node-1', '/root/kubelet.conf')).toBe(KUBECONF);
    await sh.exec('scp node-1:kubelet.conf /tmp/in/');
    expect(files.read('workstation', '/tmp/in/kubelet.conf')).toBe(KUBECONF);
  });

  it('reports a missing source like scp: `scp: /nope: No such file or directory`, status 1', async () => {
    const { sh } = session();
    expect(await sh.exec('scp node-2:/nope here')).toMatchObject({ stderr: 'scp: /nope: No such file or directory\n', exitCode: 1 });
    expect(await sh.exec('scp missing node-2:/tmp/x')).toMatchObject({ stderr: 'scp: missing: No such file or directory\n', exitCode: 1 });
  });


  it('reads options only before the first operand, as OpenSSH scp does (`scp a b -Z`: "-Z" is the target)', async () => {
    const { sh } = session();
    // Verified with OpenSSH_9.2p1: `scp /tmp/a /tmp/b -Z` does not answer "unknown option -- Z".
    expect(await sh.exec('scp kubelet.conf node-2:/etc/kubernetes/kubelet.conf -Z')).toMatchObject({ stderr: 'scp: -Z: Not a directory\n', exitCode: 1 });
    expect(await sh.exec('scp -Z kubelet.conf node-2:/tmp/x')).toMatchObject({ exitCode: 1 });
    expect((await sh.exec('scp -Z kubelet.conf node-2:/tmp/x')).stderr).toMatch(/^scp: unknown option -- Z\nusage: scp/);
  });

  it('answers an unknown host as ssh does, status 255, and prints usage for too few operands', async () => {
    const { sh } = session();
    expect(await sh.exec('scp kubelet.conf nohost:/x')).toMatchObject({
      stderr: 'ssh: Could not resolve hostname nohost: Name or service not known\nscp: Connection closed\n',
      exitCode: 255,
    });
    const usage = await sh.exec('scp kubelet.conf');
    expect(usage.exitCode).toBe(1);
    expect(usage.stderr).toMatch(/^usage: scp \[-346ABCOpqRrsTv\]/);
  });
});

describe('ssh stdin in a real scenario (node-notready-expired-cert)', () => {
  it('a kubelet.conf piped over ssh lands whole on the node, and scp -r copies a folder', async () => {
    const loaded = loadScenarioArg('node-notready-expired-cert');
    if (!loaded.ok) throw new Error(loaded.message);
    const run = new ScenarioRun(loaded.scenario);
    const node = run.cluster.nodeNames().find((n) => n !== 'cp-1' && !n.startsWith('control')) ?? run.cluster.nodeNames()[0];
    const original = (await run.exec(`ssh ${node} cat /etc/kubernetes/kubelet.conf`)).stdout;
    expect(original.length).toBeGreaterThan(0);
    await run.exec(`scp ${node}:/etc/kubernetes/kubelet.conf kubelet.conf`);
    expect((await run.exec('cat kubelet.conf')).stdout).toBe(original);
    await run.exec(`cat kubelet.conf | ssh ${node} "cat > /etc/kubernetes/kubelet.conf.new"`);
    expect((await run.exec(`ssh ${node} cat /etc/kubernetes/kubelet.conf.new`)).stdout).toBe(original);
    const noR = await run.exec(`scp ${node}:/etc/kubernetes pki`);
    expect(noR).toMatchObject({ stderr: 'scp: /etc/kubernetes: not a regular file\n', exitCode: 1 });
    expect((await run.exec(`scp -r ${node}:/etc/kubernetes kube`)).exitCode).toBe(0);
    expect((await run.exec('cat kube/kubelet.conf')).stdout).toBe(original);
  });
});

describe('ssh -n', () => {
  it('reads stdin from /dev/null, as OpenSSH does', async () => {
    const { sh, files } = session();
    await sh.exec('ssh -n node-1 "cat > /tmp/empty" < kubelet.conf');
    expect(files.read('node-1', '/tmp/empty')).toBe('');
  });
});
