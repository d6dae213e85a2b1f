import { describe, expect, it } from 'vitest';
import { complete, type CompletionSources } from '../../src/shell/complete.js';
import { loadValidScenarioFile } from '../../src/scenario/validate.js';
import { ScenarioRun } from '../../src/practice/run.js';

/** A run of a shipped scenario: web-* and checkout-* pods in default, the control plane in kube-system, nodes cp-1, node-1, node-2. */
function startRun(): ScenarioRun {
  const loaded = loadValidScenarioFile('scenarios/scheduling/pending-insufficient-cpu.yaml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return new ScenarioRun(loaded.scenario);
}

const run = startRun();
/** Candidates for a line completed at its end, on the shell's current host. */
const candidates = (line: string) => run.shell.complete(line, line.length).candidates;

describe('tab completion over a scenario session', () => {
  it('completes command names installed on the host, builtins included', () => {
    expect(candidates('kubec')).toEqual(['kubectl']);
    expect(candidates('hist')).toEqual(['history']);
    // The workstation has no systemctl: it is a node's command (src/commands/index.ts).
    expect(candidates('systemc')).toEqual([]);
    const c = run.shell.complete('kubec', 5);
    expect(c).toEqual({ start: 0, end: 5, candidates: ['kubectl'], filenames: false });
  });

  it('completes kubectl verbs and sub-verbs', () => {
    expect(candidates('kubectl ge')).toEqual(['get']);
    // kubectl debug (a verb since the kubectl-debug merge) completes with them.
    expect(candidates('kubectl de')).toEqual(['debug', 'delete', 'describe']);
    expect(candidates('kubectl rollout re')).toEqual(['restart']);
    expect(candidates('k -n kube-system ge')).toEqual(['get']);
  });

  it('completes resource types, short names to their plural', () => {
    expect(candidates('kubectl get po')).toEqual(['pods']);
    expect(candidates('kubectl get svc')).toEqual(['services']);
    expect(candidates('kubectl describe deploy')).toEqual(['deployments']);
    expect(candidates('kubectl get no')).toEqual(['nodes']);
    // Only what can be listed: `bindings` is create-only.
    expect(candidates('kubectl get b')).toEqual([]);
  });

  it('completes object names from the cluster, in the namespace asked for', () => {
    const inDefault = candidates('kubectl get pods ');
    expect(inDefault.length).toBe(5);
    expect(inDefault.every((n) => n.startsWith('web-') || n.startsWith('checkout-'))).toBe(true);
    expect(candidates('kubectl get pods -n kube-system etcd')).toEqual(['etcd-cp-1']);
    expect(candidates('kubectl --namespace=kube-system describe po kube-sch')).toEqual(['kube-scheduler-cp-1']);
    expect(candidates('kubectl get po -A etcd')).toEqual(['etcd-cp-1']);
    expect(candidates('kubectl get pods etcd')).toEqual([]);
    expect(candidates('kubectl get nodes node')).toEqual(['node-1', 'node-2']);
    expect(candidates('kubectl get pod/check')).toEqual([expect.stringMatching(/^pod\/checkout-/)]);
    // A name already on the line is not offered again.
    const [first] = candidates('kubectl delete pod web');
    expect(candidates(`kubectl delete pod ${first} web`)).not.toContain(first);
  });

  it('completes pods for logs and exec, namespaces for -n, formats for -o', () => {
    expect(candidates('kubectl logs -n kube-system kube-a')).toEqual(['kube-apiserver-cp-1']);
    expect(candidates('kubectl exec -it check')).toEqual([expect.stringMatching(/^checkout-/)]);
    expect(candidates('kubectl get pods -n kube-')).toEqual(['kube-flannel', 'kube-node-lease', 'kube-public', 'kube-system']);
    expect(candidates('kubectl get pods -o y')).toEqual(['yaml']);
    expect(candidates('kubectl cordon node-')).toEqual(['node-1', 'node-2']);
  });

  it('completes the containers of the pod named for logs and exec -c', () => {
    expect(candidates('kubectl logs -n kube-system etcd-cp-1 -c ')).toEqual(['etcd']);
    const [web] = candidates('kubectl logs web');
    expect(candidates(`kubectl exec ${web} -c n`)).toEqual(['nginx']);
    expect(candidates('kubectl logs no-such-pod -c ')).toEqual([]);
    expect(candidates('kubectl logs -c ')).toEqual([]);
  });

  it("completes the verb's flags and the global ones", () => {
    expect(candidates('kubectl get pods --all')).toEqual(['--all-namespaces', '--allow-missing-template-keys']);
    expect(candidates('kubectl logs --prev')).toEqual(['--previous']);
    expect(candidates('kubectl get --names')).toEqual(['--namespace']);
    expect(candidates('kubectl logs -')).toContain('-p');
    expect(candidates('kubectl logs --')).not.toContain('-p');
  });

  it('completes node names after ssh, user@ kept', () => {
    expect(candidates('ssh no')).toEqual(['node-1', 'node-2']);
    expect(candidates('ssh root@c')).toEqual(['root@cp-1']);
  });

  it('completes files and units on a node', async () => {
    await run.exec('ssh node-1');
    try {
      expect(candidates('cat /var/lib/kubelet/c')).toEqual(['/var/lib/kubelet/config.yaml']);
      const dirs = run.shell.complete('ls /etc/kubernetes/', 'ls /etc/kubernetes/'.length);
      expect(dirs.filenames).toBe(true);
      expect(dirs.candidates).toEqual(['/etc/kubernetes/kubelet.conf', '/etc/kubernetes/manifests/', '/etc/kubernetes/pki/']);
      expect(candidates('grep x < /etc/kubernetes/kub')).toEqual(['/etc/kubernetes/kubelet.conf']);
      expect(candidates('systemctl st')).toEqual(['start', 'status', 'stop']);
      expect(candidates('systemctl status ku')).toEqual(['kubelet.service']);
      expect(candidates('sudo systemctl restart c')).toEqual(['containerd.service']);
      expect(candidates('journalctl -u k')).toEqual(['kubelet.service']);
      expect(candidates('journalctl --unit=con')).toEqual(['--unit=containerd.service']);
      expect(candidates('systemc')).toEqual(['systemctl']);
    } finally {
      await run.exec('exit');
    }
  });

  it('only reads: the clock stays and the store does not change', () => {
    const before = run.cluster.now();
    const revision = run.cluster.store.currentRevision();
    const queued = run.cluster.queue.size();
    const eventsRun = run.cluster.queue.eventsRun();
    for (const line of ['kubectl get pods ', 'kubectl logs -n kube-system ', 'ssh ', 'kubectl get nodes ']) candidates(line);
    expect(run.cluster.now()).toBe(before);
    expect(run.cluster.store.currentRevision()).toBe(revision);
    expect(run.cluster.queue.size()).toBe(queued);
    expect(run.cluster.queue.eventsRun()).toBe(eventsRun);
    // Nor is a completion a command: the log and the history are untouched.
    expect(run.log.map((r) => r.line)).toEqual(['ssh node-1', 'exit']);
  });
});

describe('completion of hostile words', () => {
  it('finds nothing on object prototypes: verbs, types and units named like their properties', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(candidates(`kubectl ${name} `)).toEqual([]);
      expect(candidates(`kubectl ${name} --`)).toContain('--namespace');
      expect(candidates(`kubectl get ${name} `)).toEqual([]);
      expect(candidates(`kubectl get ${name}/`)).toEqual([]);
      expect(candidates(`${name} `)).toEqual([]);
    }
  });
});

describe('complete() on its own sources', () => {
  const sources: CompletionSources = {
    cwd: '/home/learner',
    commands: () => ['cat', 'kubectl', 'ls'],
    nodes: () => ['node-1'],
    units: () => [],
    objects: () => [],
    containers: () => [],
    list: (dir) =>
      dir === '/home/learner'
        ? [
            { name: 'pods.yaml', dir: false },
            { name: 'pki', dir: true },
            { name: '.bashrc', dir: false },
          ]
        : dir === '/home/learner/pki'
          ? [{ name: 'ca.crt', dir: false }]
          : undefined,
  };

  it('replaces only the word before the cursor, after a pipe a command again', () => {
    expect(complete('kubectl get pods | c', 20, sources)).toEqual({ start: 19, end: 20, candidates: ['cat'], filenames: false });
    // The cursor in the middle of the line: what follows it stays.
    expect(complete('cat p | wc', 5, sources)).toEqual({ start: 4, end: 5, candidates: ['pki/', 'pods.yaml'], filenames: true });
  });

  it('completes relative paths, into directories, hidden files only when asked', () => {
    expect(complete('cat pki/', 8, sources).candidates).toEqual(['pki/ca.crt']);
    expect(complete('cat ', 4, sources).candidates).toEqual(['pki/', 'pods.yaml']);
    expect(complete('cat .b', 6, sources).candidates).toEqual(['.bashrc']);
    expect(complete('cat ~/po', 8, sources).candidates).toEqual(['~/pods.yaml']);
    expect(complete('kubectl apply -f p', 18, sources).candidates).toEqual(['pki/', 'pods.yaml']);
  });
});
