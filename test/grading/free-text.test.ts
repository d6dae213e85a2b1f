import { describe, it, expect } from 'vitest';
import { scenarioFilesIn, shippedScenariosDir } from '../../src/scenario/catalog.js';
import { loadValidScenarioFile } from '../../src/scenario/validate.js';
import { DIAGNOSIS_POINTS, gradeDiagnosis } from '../../src/grading/diagnosis.js';
import type { Scenario } from '../../src/scenario/schema.js';

// Free text is judged by the concepts it names, not by a bag of keywords: per
// shipped scenario, correct answers in varied wording pass; wrong answers and
// statements that deny the cause fail.
interface Phrasings {
  right: string[];
  wrong: string[];
}

const TABLE: Record<string, Phrasings> = {
  'node-disk-pressure-evictions': {
    right: ['root filesystem on node-1 filled up by a 42G debug log', 'node-1 ran out of disk space because of the debug log', 'The debug.log in /var/log/shop filled the disk of node-1 (DiskPressure).'],
    wrong: ['node-1 is out of memory', 'the disk on node-1 is not full, it is the debug log level', 'nothing to do with disk space on node-1'],
  },
  'node-notready-clock-skew': {
    right: ['the clock on node-2 is 90 days ahead', "node-2's time is wrong since the migration: NTP is off", 'Clock skew on node-2.'],
    wrong: ['the kubelet client certificate on node-2 expired', 'the clock on node-2 is not wrong', 'containerd is down on node-2'],
  },
  'node-notready-containerd-down': {
    right: ['containerd was stopped on node-1 during the patching', 'the container runtime on node-1 is not running', 'node-1: containerd.service inactive (dead)'],
    wrong: ['the kubelet on node-1 is stopped', 'containerd is not down', 'node-1 disk is full'],
  },
  'node-notready-expired-cert': {
    right: ['the kubelet client cert on node-2 expired', "node-2's kubelet certificate is past its notAfter date", 'kubelet.conf on node-2 holds an expired certificate'],
    wrong: ['the cert did not expire', 'the clock on node-2 is wrong', 'the kubelet config on node-2 has a syntax error'],
  },
  'node-notready-kubelet-config': {
    right: ['a tab character in /var/lib/kubelet/config.yaml breaks the YAML', 'the kubelet cannot parse its configuration file after the edit', 'invalid kubelet config on node-1'],
    wrong: ['the kubelet config is fine, the certificate expired', 'containerd is stopped on node-1', 'node-1 is out of disk space'],
  },
  'node-notready-pleg': {
    right: ['containerd on node-2 is hung so the PLEG relist takes too long', 'the container runtime on node-2 responds too slowly', 'PLEG is not healthy because containerd is slow'],
    wrong: ['the kubelet on node-2 is slow', 'containerd is not slow', 'the kubelet config on node-2 is invalid'],
  },
  'node-unreachable-partition': {
    right: ['an iptables rule on node-2 drops traffic from the API server', 'node-2 cannot reach the control plane because of the hardening firewall', 'network partition: node-2 is cut off by a DROP rule'],
    wrong: ["it's not the firewall", 'the kubelet on node-2 is stopped', 'containerd on node-2 is down'],
  },
  'containercreating-one-node-in-300': {
    right: ['a leftover cilium conflist in /etc/cni/net.d on node-217', 'node-217 still has the network config of the cilium trial', 'stale CNI configuration on node-217 makes its pod sandboxes fail'],
    // The same cause on another node is another diagnosis: among 300 nodes, which one is the finding.
    wrong: ['a stale CNI config on node-2', 'node-217 has nothing to do with cni', 'the kubelet on node-217 is stopped'],
  },
  'pod-containercreating-cni': {
    right: ['a leftover cilium conflist in /etc/cni/net.d on node-2', 'node-2 still has the old network plugin configuration', 'stale CNI config on node-2 from the evaluation'],
    wrong: ['nothing to do with cni', 'containerd is down on node-2', 'the catalog image does not exist'],
  },
  'pending-all-nodes-cordoned': {
    right: ['both workers are still cordoned after the patching', 'nobody uncordoned node-1 and node-2 after the reboot', 'the nodes are unschedulable (SchedulingDisabled)'],
    wrong: ['the nodes are not cordoned', 'catalog requests too much cpu', 'the nodes carry an untolerated taint'],
  },
  'pending-hostport-conflict': {
    right: ['hostPort 80 is already taken on both workers by the other edge pods', 'only two nodes have a free port 80 for three replicas', 'host port conflict on port 80'],
    wrong: ['it is not a host port problem', 'the nodes are cordoned', 'edge requests too much memory'],
  },
  'pending-insufficient-cpu': {
    right: ['the checkout pod requests 2 cpu but workers only have 1 cpu unrequested', 'checkout asks for more CPU than any node can fit', 'not enough free cpu on the workers for checkout'],
    wrong: ['it is not the cpu request', 'checkout does not request too much cpu', 'the checkout image tag is wrong', 'web requests too much memory'],
  },
  'pending-node-selector-mismatch': {
    right: ['the nodeSelector asks for disktype=ssd but the nodes are labelled disk=ssd', 'no node has the label disktype', 'label mismatch: disktype instead of disk'],
    wrong: ['the node selector is not the problem', 'the nodes are tainted', 'reports requests too much cpu'],
  },
  'pending-unknown-scheduler': {
    right: ['schedulerName is volcano and no such scheduler runs in this cluster', 'ml-api asks for the volcano scheduler, which does not exist here', 'wrong scheduler name in the pod spec'],
    wrong: ['the default scheduler is down', 'the nodes are cordoned', 'ml-api requests too much cpu'],
  },
  'scheduler-down': {
    right: ['the scheduler crashloops since the manifest edit on cp-1', 'the scheduler is down because its kubeconfig flag points at scheduler.config', 'a typo in the kube-scheduler static pod manifest keeps the scheduler down'],
    wrong: ['the pods ask for a scheduler that does not exist', 'the nodes are cordoned', 'the scheduler is not down'],
  },
  'etcd-slow-disk': {
    right: ['the etcd disk is too slow: slow fdatasync on the control plane disk', 'a backup job saturates the etcd disk', 'etcd disk is too slow because backup-sync keeps it busy'],
    wrong: ['etcd db is full', 'the scheduler is down', 'the etcd disk is not slow'],
  },
  'etcd-db-space-exceeded': {
    right: ['the etcd database exceeded its space quota', 'a NOSPACE alarm stops every write to etcd', 'etcd db is full until compaction, defrag and alarm disarm'],
    wrong: ['etcd disk is too slow', 'the api server is down', 'etcd db is not full'],
  },
  'controller-manager-controller-disabled': {
    right: ['the replicaset controller is disabled by -replicaset in the --controllers flag', 'kube-controller-manager runs with --controllers excluding replicaset, so no controller creates the pods', 'someone added -replicaset to the controller manager manifest and the replicaset-controller is disabled'],
    wrong: ['the scheduler is down', 'the controller manager lost its leader lease', 'the replicaset controller is not disabled'],
  },
  'controller-manager-no-leader': {
    right: ['the client certificate in controller-manager.conf expired, so the controller manager gets Unauthorized and cannot renew its lease', 'the controller manager certificate expired and it lost leader election', 'controller-manager.conf certificate expired: the controller manager cannot renew its lease'],
    wrong: ['the scheduler is down', 'the replicaset controller is disabled', 'the controller manager certificate is not expired'],
  },
  'ha-controller-manager-failover': {
    right: ['the standby controller managers on cp-2 and cp-3 have --master pointing at cp-1, so none can take the lease', 'a --master flag overrides the kubeconfig of the standby controller managers and points them at cp-1', 'the controller manager failover is blocked by --master=https://10.0.0.10:6443 in the manifests on cp-2 and cp-3'],
    wrong: ['the scheduler is down', 'etcd lost quorum', 'the replicaset controller is disabled'],
  },
  'apiserver-manifest-broken': {
    right: ['kube-apiserver exits at start on the unknown flag --enable-admission-plugin', 'the API server is not running because of a typo in its manifest', 'api server down: its static pod crashloops'],
    wrong: ['etcd is down', 'the api server is not down', 'the controller manager lost its leader lease'],
  },
  'apiserver-wrong-etcd-endpoint': {
    right: ['--etcd-servers points at port 2397 instead of 2379, so kube-apiserver cannot connect to etcd', 'a typo in the etcd-servers flag of the kube-apiserver manifest', 'kube-apiserver crashloops with etcd connection refused on 2397'],
    wrong: ['etcd is down', 'the api server is not down', 'the controller manager lost its leader lease', 'the api server is down'],
  },
  'pending-untolerated-taint': {
    right: ['node-2 still has the maintenance taint nobody removed', 'node-2 still has the maintenance taint from the disk swap', 'a leftover maintenance=disk-swap:NoSchedule taint keeps api off node-2', 'the api pods do not tolerate the taint left on node-2'],
    wrong: ['api lacks a toleration for the gpu taint on node-1', 'node-2 is not tainted', 'nothing to do with the taint', 'api requests too much cpu'],
  },
  'crashloop-bad-command': {
    right: ['the command points at /app/order-server but the binary is /app/orders-server', 'typo in the container command: order-server instead of orders-server', 'the executable in the command does not exist in the image'],
    wrong: ['the orders image tag does not exist', 'the command is not wrong', 'orders runs out of memory'],
  },
  'service-empty-endpoints-selector': {
    right: ['the storefront Service selects app=store-front but the pods are labelled app=storefront', 'typo in the service selector: store-front instead of storefront', 'the service selector matches no pods, so it has no endpoints'],
    wrong: ['the storefront pods are not ready', 'the selector is not the problem', 'the service targetPort is wrong'],
  },
  'service-wrong-targetport': {
    right: ['the catalog Service sends traffic to port 80 but the pods listen on 8080', 'wrong targetPort: 80 instead of 8080', 'the catalog targetPort does not match the port the container listens on'],
    wrong: ['the service selector matches no pods', 'the targetPort is not the problem', 'the catalog pods are not ready'],
  },
  'service-named-targetport-mismatch': {
    right: ['the Service targetPort is named http but the container port is now called web', 'the named target port http does not exist on the payments pods', 'port name mismatch between the payments service targetPort and the container port'],
    wrong: ['the service selector does not match the labels', 'the port name is not the problem', 'the payments pods crash'],
  },
  'service-endpoints-not-ready': {
    right: ['the readiness probe asks for /healthz, which version 4.0 answers with 404', 'the inventory pods are not ready because the readiness probe path moved to /health/ready', 'failing readiness probe keeps the inventory pods out of the endpoints'],
    wrong: ['the readiness probe is fine', 'the service selector matches no pods', 'the inventory image tag does not exist'],
  },
  'startup-probe-slow-start': {
    right: ['the startup probe gives up after 60 seconds but the cache takes 90 seconds to load', 'startupProbe failureThreshold too low for the slow start', 'the startup probe kills the container before it ever listens'],
    wrong: ['the startup probe is not the problem', 'reporting runs out of memory', 'the reporting image tag is wrong'],
  },
  'dns-cross-namespace-name': {
    right: ['ledger-db moved to the data namespace, so the short name ledger-db from shop does not resolve', 'checkout must use ledger-db.data, the service is in another namespace', 'wrong dns name: ledger-db lives in namespace data'],
    wrong: ['coredns is down', 'the ledger-db name is not the problem', 'checkout runs out of memory'],
  },
  'dns-corefile-broken': {
    right: ['the Corefile has a typo: forwrad instead of forward, so coredns crash-loops', 'coredns cannot parse its corefile after the edit (unknown directive forwrad)', 'a typo in the Corefile of the coredns configmap makes every restart fail'],
    wrong: ['coredns was scaled to zero', 'the corefile is fine', 'a network policy blocks dns'],
  },
  'admission-webhook-unreachable': {
    right: [
      'the pod-policy webhook pod crashloops, so the api server cannot call the webhook and failurePolicy Fail rejects every pod create',
      'the validating webhook pod-policy has no endpoints: connection refused',
      'the pod-policy admission webhook is unreachable',
    ],
    wrong: ['the webhook is not down', 'the orders image tag is wrong', 'a resource quota blocks the pods'],
  },
  'mutating-webhook-sidecar': {
    right: [
      'the mesh-injector mutating webhook injects a broken mesh-proxy sidecar into every pod',
      'a sidecar injected by the mesh-injector webhook cannot be pulled',
      'sidecar injection: the mesh-proxy container comes from the injector, not from the manifest, and cannot be pulled',
    ],
    wrong: ['the checkout image tag is wrong', 'the webhook is unreachable', 'checkout requests too much cpu'],
  },
  'quota-blocks-scale-up': {
    right: ['the shop-compute resourcequota allows only 2 cpu of requests, four replicas use it all', 'quota exceeded in the shop namespace: requests.cpu 2/2', 'the shop-compute quota blocks the fifth and sixth pod'],
    wrong: ['the nodes are out of cpu', 'the quota is not exceeded', 'the storefront image tag is wrong'],
  },
  'admission-webhook-timeout': {
    right: ['the image-policy webhook process is frozen (state T), so every call times out with context deadline exceeded', 'image-policy hangs: its pod is Running but the webhook stopped answering', 'webhook timeout: image-policy does not answer within 10s and failurePolicy is Fail'],
    wrong: ['the image-policy webhook is not hanging', 'the reports image tag is wrong', 'the node is out of cpu'],
  },
  'dns-coredns-down': {
    right: ['coredns was scaled to 0 replicas so kube-dns has no endpoints', 'the intern scaled the coredns deployment to zero', 'no coredns pods are running, dns is down'],
    wrong: ['coredns is not down', 'the web service selector matches no pods', 'a network policy blocks dns'],
  },
  'configmap-in-wrong-namespace': {
    right: ['payments-config was created in the payments namespace, not in default', 'the configmap payments-config does not exist in default', 'missing configmap payments-config'],
    wrong: ['the payments image tag is wrong', 'the payments-config configmap exists in default', 'the database is down'],
  },
  'init-waits-for-missing-service': {
    right: ['there is no orders-db service, only the deployment, so the name gives NXDOMAIN', 'the orders-db service was never created', 'the init container waits for a dns name that does not exist: no orders-db service'],
    wrong: ['the orders-db service exists', 'coredns is down', 'the orders image tag is wrong'],
  },
  'imagepull-wrong-tag': {
    right: ['shop/billing:2.1 is not in the registry; the release is tagged 2.1.0', "billing uses tag 2.1 which doesn't exist, it should be 2.1.0", 'wrong image tag'],
    wrong: ['the registry is unreachable', 'the tag is not wrong', 'the billing command is wrong'],
  },
  'networkpolicy-default-deny': {
    right: ['the default-deny NetworkPolicy in shop isolates the pods and nothing allows ingress', 'the hardening added a deny-all ingress network policy with no allow rule', 'a network policy denies all ingress to the shop pods'],
    wrong: ['the Service targetPort is wrong', 'it is not the network policy', 'kube-proxy on node-2 is stale'],
  },
  'nodeport-blocked-on-node': {
    right: ["node-2's FORWARD chain has a DROP rule that kills the NodePort traffic", 'an iptables rule on node-2 drops forwarded NodePort connections', 'the hardening firewall on node-2 drops the forwarded packets of the NodePort'],
    wrong: ['the NodePort is wrong', 'it is not the firewall on node-2', 'a network policy denies all ingress'],
  },
  'kube-proxy-stale-rules': {
    right: ['kube-proxy on node-2 was stopped with SIGSTOP so its rules are stale', "node-2's kube-proxy is frozen and still points at the old pod IPs", 'stale kube-proxy rules on node-2'],
    wrong: ['a network policy denies all ingress', 'kube-proxy on node-2 is not the problem', 'kube-proxy on node-1 is stale'],
  },
};

// Guided answers every scenario must accept besides its own entry (the taxonomy does not contradict itself).
const GUIDED_ALSO: Record<string, [string, string][]> = {
  'imagepull-wrong-tag': [['workload', 'wrong-image-tag']],
  'pending-insufficient-cpu': [['scheduler', 'insufficient-resources']],
  'pending-untolerated-taint': [['node', 'leftover-taint']],
  'pending-all-nodes-cordoned': [['node', 'cordoned']],
};

const scenarios = scenarioFilesIn(shippedScenariosDir()).map((file) => {
  const r = loadValidScenarioFile(file);
  if (!r.ok) throw new Error(`${file} does not load`);
  return r.scenario;
});

describe('free-text diagnoses of the shipped scenarios', () => {
  it('every shipped scenario has phrasings here', () => {
    expect(Object.keys(TABLE).sort()).toEqual(scenarios.map((s) => s.metadata.id).sort());
  });

  it('a right answer for one scenario is not right for another', () => {
    const crossing = scenarios.flatMap((s) =>
      Object.entries(TABLE)
        .filter(([id]) => id !== s.metadata.id)
        .flatMap(([id, t]) => t.right.filter((text) => gradeDiagnosis(s.diagnosis, { kind: 'free-text', text }).points > 0).map((text) => `${s.metadata.id} <= ${id}: ${text}`)),
    );
    expect(crossing).toEqual([]);
  });

  describe.each(scenarios.map((s) => [s.metadata.id, s] as const))('%s', (id, scenario: Scenario) => {
    const table = TABLE[id] ?? { right: [], wrong: [] };
    it.each(table.right)('passes: %s', (text) => {
      const r = gradeDiagnosis(scenario.diagnosis, { kind: 'free-text', text });
      expect(r.points, r.explanation).toBe(DIAGNOSIS_POINTS);
    });
    it.each(table.wrong)('fails: %s', (text) => {
      const r = gradeDiagnosis(scenario.diagnosis, { kind: 'free-text', text });
      expect(r.points, r.explanation).toBe(0);
      expect(r.missing?.length).toBeGreaterThan(0);
    });
    it.each(GUIDED_ALSO[id] ?? [])('guided %s / %s also earns full points', (component, cause) => {
      expect(gradeDiagnosis(scenario.diagnosis, { kind: 'guided', component, cause }).points).toBe(DIAGNOSIS_POINTS);
    });
  });
});
