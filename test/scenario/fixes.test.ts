import { describe, it, expect } from 'vitest';
import { scenarioFilesIn, shippedScenariosDir } from '../../src/scenario/catalog.js';
import { loadValidScenarioFile } from '../../src/scenario/validate.js';
import { ScenarioRun, COMMAND_STEP_MS } from '../../src/practice/run.js';
import { evaluateGoal, type PredicateResult } from '../../src/scenario/predicates.js';
import { SETTLE_LIMIT_MS } from '../../src/practice/verify.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { scenarioTestTimeout } from '../helpers/scenario-timeout.js';

// Goals judge outcomes: for every shipped scenario the reference solution
// reaches the goal, an equivalent fix spelled differently reaches it too, and
// each fix the briefing forbids (or that gives up what the briefing asks to
// keep) never does, even though it may make the symptom go away.

interface Fixes {
  /** Equivalent fixes: each must reach the goal. */
  alternatives: string[][];
  /** Fixes the briefing rules out: each must leave the goal unmet. */
  forbidden: string[][];
}

const FIXES: Record<string, Fixes> = {
  'containercreating-one-node-in-300': {
    alternatives: [['ssh node-217', 'rm -f /etc/cni/net.d/05-cilium.conflist']],
    // "the fleet must keep all 300 nodes in service": moving the pods off node-217 is not a fix.
    forbidden: [['kubectl cordon node-217', 'kubectl delete pods -A --field-selector spec.nodeName=node-217']],
  },
  'etcd-db-space-exceeded': {
    // etcdctl in the etcd container works as well as on the node; the burst's history is compacted already, so defrag and disarm suffice.
    alternatives: [
      [
        'kubectl -n kube-system exec etcd-cp-1 -- etcdctl --cacert /etc/kubernetes/pki/etcd/ca.crt --cert /etc/kubernetes/pki/etcd/server.crt --key /etc/kubernetes/pki/etcd/server.key defrag',
        'kubectl -n kube-system exec etcd-cp-1 -- etcdctl --cacert /etc/kubernetes/pki/etcd/ca.crt --cert /etc/kubernetes/pki/etcd/server.crt --key /etc/kubernetes/pki/etcd/server.key alarm disarm',
        'kubectl scale deployment web --replicas=3',
      ],
    ],
    forbidden: [],
  },
  'etcd-slow-disk': {
    // Stopping the backup without disabling it frees the disk as well.
    alternatives: [['ssh cp-1', 'systemctl stop backup-sync.service', 'exit', 'kubectl scale deployment web --replicas=4']],
    forbidden: [],
  },
  'node-disk-pressure-evictions': {
    // "make node-1 usable again": emptying the log in place frees the space as well as deleting it.
    alternatives: [['ssh node-1', 'cat /dev/null > /var/log/shop/debug.log']],
    forbidden: [['kubectl cordon node-1', 'ssh node-1', 'rm /var/log/shop/debug.log'], ['kubectl scale deployment shop --replicas=2']],
  },
  'node-notready-clock-skew': {
    // Setting the clock by hand (NTP off, as the fault left it) is as good as turning NTP back on.
    alternatives: [['ssh node-2', 'timedatectl set-time "2026-11-30 09:00:15"'], ['ssh node-2', 'timedatectl set-ntp yes']],
    forbidden: [],
  },
  'node-notready-containerd-down': {
    alternatives: [['ssh node-1', 'systemctl restart containerd']],
    // "bring it back into service": a node left cordoned is not in service.
    forbidden: [['ssh node-1', 'systemctl start containerd', 'exit', 'kubectl cordon node-1']],
  },
  'node-notready-expired-cert': {
    alternatives: [
      [
        'ssh node-2',
        'ssh cp-1 kubeadm kubeconfig user --org system:nodes --client-name system:node:node-2 > /tmp/kubelet.conf',
        'cp /tmp/kubelet.conf /etc/kubernetes/kubelet.conf',
        'systemctl restart kubelet',
      ],
    ],
    forbidden: [],
  },
  'node-notready-kubelet-config': {
    alternatives: [['ssh node-1', 'cat /var/lib/kubelet/config.yaml.bak > /var/lib/kubelet/config.yaml', 'systemctl restart kubelet']],
    forbidden: [],
  },
  'node-notready-pleg': {
    alternatives: [['ssh node-2', 'systemctl stop containerd', 'systemctl start containerd']],
    forbidden: [['ssh node-2', 'systemctl restart containerd', 'exit', 'kubectl cordon node-2']],
  },
  'node-unreachable-partition': {
    alternatives: [['ssh node-2', 'iptables -D INPUT 4']],
    // kube-proxy's three jumps come first in INPUT: `-D INPUT 1` would remove KUBE-PROXY-FIREWALL, not the DROP.
    forbidden: [['ssh node-2', 'iptables -D INPUT 1']],
  },
  'pod-containercreating-cni': {
    alternatives: [['ssh node-2', 'rm -f /etc/cni/net.d/05-cilium.conflist']],
    // "Get every catalog pod running": not by running fewer, nor by keeping them off node-2.
    forbidden: [['kubectl scale deployment catalog --replicas=2'], ['kubectl cordon node-2', 'kubectl delete pods -l app=catalog --field-selector spec.nodeName=node-2']],
  },
  'pending-all-nodes-cordoned': {
    alternatives: [['kubectl patch node node-1 -p \'{"spec":{"unschedulable":false}}\'', 'kubectl uncordon node-2']],
    forbidden: [],
  },
  'pending-hostport-conflict': {
    alternatives: [['kubectl patch deployment edge -p \'{"spec":{"replicas":2}}\'']],
    // An ingress proxy that no longer listens on the host's port 80 is not "edge fully available".
    forbidden: [['kubectl patch deployment edge --type json -p \'[{"op":"remove","path":"/spec/template/spec/containers/0/ports/0/hostPort"}]\'']],
  },
  'pending-insufficient-cpu': {
    // Two web replicas are allowed by the briefing, and free enough CPU.
    alternatives: [['kubectl scale deployment web --replicas=2'], ['kubectl set resources deployment checkout --requests=cpu=800m']],
    // "without taking the existing web frontend below two replicas".
    forbidden: [['kubectl scale deployment web --replicas=1'], ['kubectl delete deployment web']],
  },
  'pending-node-selector-mismatch': {
    alternatives: [['kubectl label nodes node-1 node-2 disktype=ssd']],
    // "must run on a node with local SSD storage": dropping the constraint is not a fix.
    forbidden: [['kubectl patch deployment reports --type json -p \'[{"op":"remove","path":"/spec/template/spec/nodeSelector"}]\'']],
  },
  'pending-unknown-scheduler': {
    alternatives: [['kubectl patch deployment ml-api --type merge -p \'{"spec":{"template":{"spec":{"schedulerName":"default-scheduler"}}}}\'']],
    forbidden: [],
  },
  'pending-untolerated-taint': {
    alternatives: [['kubectl taint node node-2 maintenance-']],
    // "node-1 ... is meant to stay reserved for GPU work. Get api running without opening the GPU node to everything."
    forbidden: [
      ['kubectl patch deployment api -p \'{"spec":{"template":{"spec":{"tolerations":[{"key":"nvidia.com/gpu","operator":"Exists","effect":"NoSchedule"}]}}}}\''],
      ['kubectl taint nodes node-1 nvidia.com/gpu-'],
    ],
  },
  'service-empty-endpoints-selector': {
    // Selecting the pods by both of their labels is as good as correcting the typo.
    alternatives: [['kubectl patch service storefront --type json -p \'[{"op":"replace","path":"/spec/selector","value":{"app":"storefront","tier":"web"}}]\'']],
    forbidden: [],
  },
  'service-wrong-targetport': {
    // A strategic merge on the ports list (merge key: port) fixes the same field.
    alternatives: [['kubectl patch service catalog -p \'{"spec":{"ports":[{"port":80,"targetPort":8080}]}}\'']],
    forbidden: [],
  },
  'service-named-targetport-mismatch': {
    // The number behind the name is as good as the name.
    alternatives: [['kubectl patch service payments --type json -p \'[{"op":"replace","path":"/spec/ports/0/targetPort","value":9000}]\'']],
    forbidden: [],
  },
  'service-endpoints-not-ready': {
    // The liveness path answers 200 too: a readiness probe on it makes the pods ready.
    alternatives: [['kubectl patch deployment inventory --type json -p \'[{"op":"replace","path":"/spec/template/spec/containers/0/readinessProbe/httpGet/path","value":"/health/live"}]\'']],
    forbidden: [],
  },
  'networkpolicy-default-deny': {
    // The port by its name, for every source address, is the same allowance.
    alternatives: [
      [
        'echo \'{"apiVersion":"networking.k8s.io/v1","kind":"NetworkPolicy","metadata":{"name":"web-in","namespace":"shop"},"spec":{"podSelector":{"matchLabels":{"app":"web"}},"ingress":[{"from":[{"ipBlock":{"cidr":"0.0.0.0/0"}}],"ports":[{"port":"http"}]}]}}\' | kubectl apply -f -',
      ],
    ],
    // "the namespace's default-deny policy must stay": deleting it, or turning it into an allow-all, undoes the hardening.
    forbidden: [
      ['kubectl delete networkpolicy default-deny-ingress -n shop'],
      ['kubectl patch networkpolicy default-deny-ingress -n shop --type merge -p \'{"spec":{"ingress":[{}]}}\''],
    ],
  },
  'nodeport-blocked-on-node': {
    // The rule by its number, or an ACCEPT ahead of it, opens the same path.
    alternatives: [['ssh node-2', 'iptables -D FORWARD 1'], ['ssh node-2', 'iptables -I FORWARD 1 -p tcp --dport 8080 -j ACCEPT']],
    forbidden: [],
  },
  'kube-proxy-stale-rules': {
    // Any way of replacing node-2's stopped kube-proxy makes a fresh one sync: the pod (chosen by its node), or a restart of the DaemonSet.
    alternatives: [['kubectl delete pod -n kube-system -l k8s-app=kube-proxy --field-selector spec.nodeName=node-2'], ['kubectl rollout restart daemonset kube-proxy -n kube-system']],
    forbidden: [],
  },
  'scheduler-down': {
    // Creating the file the flag names works too; deleting the mirror pod does nothing (the kubelet recreates it).
    alternatives: [['ssh cp-1', 'cp /etc/kubernetes/scheduler.conf /etc/kubernetes/scheduler.config']],
    forbidden: [['kubectl delete pod kube-scheduler-cp-1 -n kube-system'], ['ssh cp-1', 'systemctl restart kubelet']],
  },
  'controller-manager-controller-disabled': {
    alternatives: [['ssh cp-1', "sudo sed -i 's/tokencleaner,-replicaset/tokencleaner/' /etc/kubernetes/manifests/kube-controller-manager.yaml"]],
    // Neither a new mirror pod nor a kubelet restart changes the command line that disables the controller.
    forbidden: [['kubectl delete pod kube-controller-manager-cp-1 -n kube-system'], ['ssh cp-1', 'sudo systemctl restart kubelet']],
  },
  'ha-controller-manager-failover': {
    // One standby that can reach an API server is enough to take the lease.
    alternatives: [['ssh cp-3', 'grep -v -- --master= /etc/kubernetes/manifests/kube-controller-manager.yaml > /root/kcm.yaml', 'sudo cp /root/kcm.yaml /etc/kubernetes/manifests/kube-controller-manager.yaml']],
    // "without touching cp-1": bringing its control plane back makes the pinned standbys' target answer, but breaks the maintenance.
    forbidden: [['ssh cp-1', 'sudo mv /root/maintenance/kube-apiserver.yaml /root/maintenance/kube-controller-manager.yaml /root/maintenance/kube-scheduler.yaml /root/maintenance/etcd.yaml /etc/kubernetes/manifests/']],
  },
  'controller-manager-no-leader': {
    alternatives: [['ssh cp-1', 'sudo kubeadm certs renew all', 'sudo mv /etc/kubernetes/manifests/kube-controller-manager.yaml /root/kcm.yaml', 'sleep 30', 'sudo mv /root/kcm.yaml /etc/kubernetes/manifests/kube-controller-manager.yaml']],
    // A renewed file alone changes nothing: the running process keeps the certificate it loaded (and a kubelet restart leaves containers running).
    forbidden: [['ssh cp-1', 'sudo kubeadm certs renew controller-manager.conf'], ['ssh cp-1', 'sudo kubeadm certs renew controller-manager.conf', 'sudo systemctl restart kubelet']],
  },
  'admission-webhook-unreachable': {
    // A JSON patch of the same field does as well; so does restarting the rollout after it (a fresh ReplicaSet, no back-off).
    alternatives: [['kubectl patch validatingwebhookconfiguration pod-policy --type=json -p \'[{"op":"replace","path":"/webhooks/0/failurePolicy","value":"Ignore"}]\'', 'kubectl rollout restart deployment orders']],
    // "leave the policy installed": deleting the configuration admits the pods but removes the policy; a restart alone changes nothing.
    forbidden: [['kubectl delete validatingwebhookconfiguration pod-policy'], ['kubectl rollout restart deployment orders']],
  },
  'mutating-webhook-sidecar': {
    // Labelling the Deployment's template with kubectl label does not reach the template; a JSON patch of the template's labels does.
    alternatives: [['kubectl patch deployment checkout --type=json -p \'[{"op":"add","path":"/spec/template/metadata/labels/sidecar.mesh.example.com~1inject","value":"false"}]\'']],
    // "leave it installed": deleting the configuration, then restarting the rollout, works but removes the injector for everyone;
    // labelling the namespace does nothing (the namespaceSelector names namespaces, not a label to opt out by).
    forbidden: [['kubectl delete mutatingwebhookconfiguration mesh-injector', 'kubectl rollout restart deployment checkout'], ['kubectl label namespace default sidecar.mesh.example.com/inject=false', 'kubectl rollout restart deployment checkout']],
  },
  'quota-blocks-scale-up': {
    // kubectl edit's equivalent as a JSON patch; any value that leaves room for six replicas would run them, but the goal is the approved 4.
    alternatives: [['kubectl patch quota shop-compute -n shop --type=json -p \'[{"op":"replace","path":"/spec/hard/requests.cpu","value":"4"}]\'']],
    // "without changing what each replica requests" and "keep the namespace's limits in place".
    forbidden: [['kubectl set resources deployment storefront -n shop --requests=cpu=300m'], ['kubectl delete resourcequota shop-compute -n shop']],
  },
  'admission-webhook-timeout': {
    // A rollout restart gives the webhook a fresh process as well as deleting its pod does.
    alternatives: [['kubectl rollout restart deployment image-policy -n security', 'kubectl rollout status deployment image-policy -n security', 'kubectl create deployment reports --image=shop/reports:2.4']],
    // "pods it cannot check must still be refused": failing open admits reports, unchecked; and without a fresh process nothing changes.
    forbidden: [
      ['kubectl patch validatingwebhookconfiguration image-policy -p \'{"webhooks":[{"name":"images.security.example.com","failurePolicy":"Ignore"}]}\'', 'kubectl create deployment reports --image=shop/reports:2.4'],
      ['kubectl create deployment reports --image=shop/reports:2.4'],
    ],
  },
  'apiserver-manifest-broken': {
    alternatives: [['ssh cp-1', "sed -i -e 's/admission-plugin=/admission-plugins=/' /etc/kubernetes/manifests/kube-apiserver.yaml"]],
    // Restarting the kubelet restarts nothing that matters: the manifest still has the unknown flag.
    forbidden: [['ssh cp-1', 'systemctl restart kubelet']],
  },
  'apiserver-wrong-etcd-endpoint': {
    // etcd's client URLs include the node address: pointing there works as well as 127.0.0.1.
    alternatives: [['ssh cp-1', "sed -i 's#https://127.0.0.1:2397#https://10.0.0.10:2379#' /etc/kubernetes/manifests/kube-apiserver.yaml"]],
    // Restarting the kubelet changes nothing; plain http to etcd's TLS port is refused too.
    forbidden: [['ssh cp-1', 'systemctl restart kubelet'], ['ssh cp-1', "sed -i 's#https://127.0.0.1:2397#http://127.0.0.1:2379#' /etc/kubernetes/manifests/kube-apiserver.yaml"]],
  },
  'startup-probe-slow-start': {
    // A longer period gives the same room (6 x 20 s = 120 s).
    alternatives: [['kubectl patch deployment reporting --type json -p \'[{"op":"replace","path":"/spec/template/spec/containers/0/startupProbe/periodSeconds","value":20}]\'']],
    forbidden: [],
  },
  'dns-cross-namespace-name': {
    // The fully qualified name is as good as <service>.<namespace>.
    alternatives: [['kubectl patch deployment checkout -n shop --type json -p \'[{"op":"replace","path":"/spec/template/spec/initContainers/0/command/2","value":"until nc -z -w 2 ledger-db.data.svc.cluster.local 5432; do echo waiting; sleep 5; done"}]\'']],
    forbidden: [],
  },
  'dns-corefile-broken': {
    alternatives: [],
    // Without its ConfigMap CoreDNS has no Corefile at all: DNS stays down.
    forbidden: [['kubectl delete configmap coredns -n kube-system']],
  },
  'dns-coredns-down': {
    alternatives: [['kubectl patch deployment coredns -n kube-system -p \'{"spec":{"replicas":2}}\'']],
    // One replica serves, but CoreDNS is not back as it was (two replicas).
    forbidden: [['kubectl scale deployment coredns -n kube-system --replicas=1']],
  },
  'init-waits-for-missing-service': {
    // A headless Service resolves to the pod's address: the wait ends just the same.
    alternatives: [['echo \'{"apiVersion":"v1","kind":"Service","metadata":{"name":"orders-db"},"spec":{"clusterIP":"None","selector":{"app":"orders-db"},"ports":[{"port":5432}]}}\' | kubectl apply -f -']],
    forbidden: [],
  },
  'configmap-in-wrong-namespace': {
    // The same ConfigMap applied into default from a manifest, or with only the key the pod reads.
    alternatives: [
      ['echo \'{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"payments-config","namespace":"default"},"data":{"database-url":"postgres://payments-db.default.svc.cluster.local:5432/payments"}}\' | kubectl apply -f -'],
      ['kubectl create cm payments-config --from-literal=database-url=postgres://payments-db:5432/payments'],
    ],
    // "with its database setting": dropping the variable makes the container start without it.
    forbidden: [['kubectl patch deployment payments --type json -p \'[{"op":"remove","path":"/spec/template/spec/containers/0/env"}]\'']],
  },
  'crashloop-bad-command': {
    // The image's own entrypoint is the right binary: dropping the override is as good as correcting it.
    alternatives: [['kubectl patch deployment orders --type json -p \'[{"op":"remove","path":"/spec/template/spec/containers/0/command"}]\'']],
    forbidden: [],
  },
  'imagepull-wrong-tag': {
    alternatives: [['kubectl set image deploy/billing billing=docker.io/shop/billing:2.1.0'], ['kubectl set image deployment/billing billing=index.docker.io/shop/billing:2.1.0']],
    // The release notes name 2.1.0; rolling back to 2.0.4 makes billing run, but not the release.
    forbidden: [['kubectl set image deployment/billing billing=shop/billing:2.0.4']],
  },
};

const files = scenarioFilesIn(shippedScenariosDir());
const load = (file: string): Scenario => {
  const r = loadValidScenarioFile(file);
  if (!r.ok) throw new Error(`${file} does not load`);
  return r.scenario;
};

/** Runs the lines like `kubedrill verify` runs a solution, then lets the simulation settle; the goal as it then stands. */
async function applyFix(scenario: Scenario, lines: readonly string[]): Promise<PredicateResult[]> {
  const run = new ScenarioRun(scenario);
  for (const line of lines) {
    const r = await run.exec(line);
    expect(r.exitCode, `${line}\n${r.output}`).toBe(0);
    run.cluster.advance(COMMAND_STEP_MS);
  }
  let goal = evaluateGoal(run.cluster.adminClient(), scenario.goal, run.cluster.network);
  for (let waited = 0; waited < SETTLE_LIMIT_MS && !goal.every((g) => g.holds); waited += 10_000) {
    run.cluster.advance(10_000);
    goal = evaluateGoal(run.cluster.adminClient(), scenario.goal, run.cluster.network);
  }
  return goal;
}

const failing = (goal: PredicateResult[]) => goal.filter((g) => !g.holds).map((g) => g.description);

describe('every shipped scenario has its fixes listed here', () => {
  it('no scenario is missing and none is listed that does not ship', () => {
    const ids = files.map((f) => f.split('/').pop()!.replace(/\.yaml$/, '')).sort();
    expect(Object.keys(FIXES).sort()).toEqual(ids);
  });
});

describe.each(files.map((f) => [f.split('/').pop()!.replace(/\.yaml$/, ''), f] as const))('%s', (id, file) => {
  const fixes = FIXES[id] ?? { alternatives: [], forbidden: [] };
  const timeout = scenarioTestTimeout(load(file));

  // The reference solution reaching the goal is verify's own check (test/scenario/shipped.test.ts).

  it.each(fixes.alternatives.map((lines) => [lines.join(' ; '), lines] as const))('equivalent fix passes: %s', async (_, lines) => {
    expect(failing(await applyFix(load(file), lines))).toEqual([]);
  }, timeout);

  if (fixes.forbidden.length > 0) {
    it.each(fixes.forbidden.map((lines) => [lines.join(' ; '), lines] as const))('forbidden fix scores no fix points: %s', async (_, lines) => {
      expect(failing(await applyFix(load(file), lines))).not.toEqual([]);
    }, timeout);
  }
});
