import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatError, validateScenarioText } from '../../src/scenario/validate.js';
import { TestCluster } from '../commands/kubectl/harness.js';

const GOOD = readFileSync(join(import.meta.dirname, '../fixtures/scenarios/pending-insufficient-cpu.yaml'), 'utf8');

/** Validates the good fixture with one textual edit. */
function errorsAfter(from: string, to: string): string[] {
  expect(GOOD).toContain(from);
  return validateScenarioText(GOOD.replace(from, to), 'pending-insufficient-cpu.yaml').map(formatError);
}

const RAW_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

describe('validate: control characters in scenario text', () => {
  it('rejects a YAML "\\e" escape in the title with file:line:col, showing it as \\x1b', () => {
    const errors = errorsAfter('title: A batch job that never starts', 'title: "A batch job\\e]52;c;ZWNobw==\\a that never starts"');
    expect(errors).toEqual([
      'pending-insufficient-cpu.yaml:5:10: metadata.title: control character \\x1b in text "A batch job\\x1b]52;c;ZWNobw==\\x07 that never starts": scenario text is shown in the learner\'s terminal; write plain text',
    ]);
    expect(errors.join('')).not.toMatch(RAW_CONTROL);
  });

  it('finds them in briefing, hints, explanation, annotations and image logs', () => {
    const cases: [string, string, RegExp][] = [
      ['  - What does the scheduler say about the pod?', '  - "What does \\e]0;title\\a say?"', /:56:5: hints\[0\]: control character \\x1b/],
      ['labels: {app: batch}}', 'labels: {app: batch}, annotations: {note: "\\e[31mred"}}', /:27:93: cluster\.manifests\[0\]\.metadata\.annotations\.note: control character \\x1b/],
      ['logs: ["batch starting"]', 'logs: ["batch \\e]52;c;AA==\\a starting"]', /:35:14: cluster\.images\["shop\/batch:2\.0"\]\.logs\[0\]: control character \\x1b/],
    ];
    for (const [from, to, want] of cases) {
      const errors = errorsAfter(from, to);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(want);
      expect(errors[0]).not.toMatch(RAW_CONTROL);
    }
    // Raw control bytes are already refused by the YAML reader; escapes in double-quoted scalars are not.
    const briefing = 'briefing: |\n  The nightly batch pod has been Pending since it was created.\n  Find out why and get it running without touching the nodes.\n';
    expect(errorsAfter(briefing, 'briefing: "The nightly \\e[2J batch pod"\n')[0]).toMatch(/^pending-insufficient-cpu\.yaml:9:11: briefing: control character \\x1b in text "The nightly \\x1b\[2J batch pod"/);
    const explanation = GOOD.slice(GOOD.indexOf('explanation: |'));
    expect(errorsAfter(explanation, 'explanation: "The pod\\r requests 8 CPUs"\n')[0]).toMatch(/:58:14: explanation: control character \\r in text/);
  });
});

describe('validate: object names', () => {
  it('a ClusterRole named with shell syntax fails with file:line:col', () => {
    const role = '    - apiVersion: rbac.authorization.k8s.io/v1\n      kind: ClusterRole\n      metadata: {name: "audit$(touch${IFS}MARKER)"}\n      rules: []\n';
    expect(errorsAfter('  manifests:\n', `  manifests:\n${role}`)).toEqual([
      'pending-insufficient-cpu.yaml:27:24: cluster.manifests[0]: ClusterRole name "audit$(touch${IFS}MARKER)" contains whitespace or shell syntax; learners type object names into a shell, so scenario packs use letters, digits, \'-\', \'.\', \':\' and \'@\'',
    ]);
  });

  it('names break the API server rules per kind, with its message', () => {
    const svc = '    - apiVersion: v1\n      kind: Service\n      metadata: {name: 1web}\n      spec: {ports: [{port: 80}]}\n';
    expect(errorsAfter('  manifests:\n', `  manifests:\n${svc}`)).toEqual([
      `pending-insufficient-cpu.yaml:27:24: cluster.manifests[0]: Service "1web" is invalid: metadata.name: Invalid value: "1web": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`,
    ]);
    const role = '    - apiVersion: rbac.authorization.k8s.io/v1\n      kind: Role\n      metadata: {name: "a/b%c"}\n';
    expect(errorsAfter('  manifests:\n', `  manifests:\n${role}`)).toEqual([
      `pending-insufficient-cpu.yaml:27:24: cluster.manifests[0]: Role "a/b%c" is invalid: metadata.name: Invalid value: "a/b%c": may not contain '/'`,
      `pending-insufficient-cpu.yaml:27:24: cluster.manifests[0]: Role "a/b%c" is invalid: metadata.name: Invalid value: "a/b%c": may not contain '%'`,
    ]);
    expect(errorsAfter('{name: batch, namespace', '{name: Batch_1, namespace')[0]).toMatch(/^pending-insufficient-cpu\.yaml:27:24: cluster\.manifests\[0\]: Pod "Batch_1" is invalid: metadata\.name: Invalid value: "Batch_1": a lowercase RFC 1123 subdomain/);
  });

  it('label keys and values the API server refuses fail validate at the labels', () => {
    const errors = errorsAfter('labels: {app: batch}}', 'labels: {__proto__: batch, app: "a b"}}');
    expect(errors).toEqual([
      `pending-insufficient-cpu.yaml:27:59: cluster.manifests[0]: Pod "batch" is invalid: metadata.labels: Invalid value: "__proto__": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
      `pending-insufficient-cpu.yaml:27:59: cluster.manifests[0]: Pod "batch" is invalid: metadata.labels: Invalid value: "a b": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
    ]);
    expect(errorsAfter('labels: {disk: ssd}', 'labels: {"-disk": ssd}')[0]).toMatch(/^pending-insufficient-cpu\.yaml:22:15: cluster\.nodes\[2\]: Node "node-2" is invalid: metadata\.labels: Invalid value: "-disk": name part must/);
  });

  it('kubectl create gets the API server 422 for a Service or Namespace name that is not a label', async () => {
    const c = new TestCluster();
    expect((await c.run('create -f -', 'apiVersion: v1\nkind: Service\nmetadata: {name: 1web}\nspec: {ports: [{port: 80}]}\n')).stderr).toBe(
      `The Service "1web" is invalid: metadata.name: Invalid value: "1web": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')\n`,
    );
    expect((await c.run('create -f -', 'apiVersion: v1\nkind: Namespace\nmetadata: {name: a.b}\n')).stderr).toBe(
      `The Namespace "a.b" is invalid: metadata.name: Invalid value: "a.b": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')\n`,
    );
    // RBAC names are path segments: kubeadm-style names with ':' are fine.
    expect((await c.run('create -f -', 'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: {name: "audit:reader"}\nrules: []\n')).stdout).toBe('clusterrole.rbac.authorization.k8s.io/audit:reader created\n');
  });
});

describe('validate: sizes the simulation can warm up', () => {
  it('rejects replicas: 40000 at the field, and more than 30,000 pods in all', () => {
    const deploy = (name: string, replicas: number) =>
      `    - apiVersion: apps/v1\n      kind: Deployment\n      metadata: {name: ${name}}\n      spec:\n        replicas: ${replicas}\n        selector: {matchLabels: {app: ${name}}}\n        template:\n          metadata: {labels: {app: ${name}}}\n          spec: {containers: [{name: web, image: shop/batch:2.0}]}\n`;
    expect(errorsAfter('  manifests:\n', `  manifests:\n${deploy('web', 40000)}`)).toEqual([
      'pending-insufficient-cpu.yaml:25:5: cluster.manifests: 40001 pods in all; a scenario may ask for at most 30000',
      'pending-insufficient-cpu.yaml:29:19: cluster.manifests[0].spec.replicas: 40000 replicas; a workload may ask for at most 500 (the simulation starts every pod when the scenario loads)',
    ]);
    // 59 workloads of 500 and the batch pod: 29,501 pods are allowed, one more workload is not.
    const many = (n: number) => Array.from({ length: n }, (_, i) => deploy(`web-${i}`, 500)).join('');
    expect(errorsAfter('  manifests:\n', `  manifests:\n${many(59)}`)).toEqual([]);
    expect(errorsAfter('  manifests:\n', `  manifests:\n${many(60)}`)).toEqual(['pending-insufficient-cpu.yaml:25:5: cluster.manifests: 30001 pods in all; a scenario may ask for at most 30000']);
  });

  it('rejects a createdAgo of centuries and image timings beyond ten years', () => {
    expect(errorsAfter('createdAgo: 45d', 'createdAgo: 36500d')).toEqual([
      'pending-insufficient-cpu.yaml:13:15: cluster.createdAgo: 36500d is longer than the 3650d (ten years) a scenario may span',
    ]);
    expect(errorsAfter('after: 90s', 'after: 99999999d')).toEqual([
      'pending-insufficient-cpu.yaml:36:31: cluster.images["shop/batch:2.0"].exits.after: 99999999d is longer than the 3650d (ten years) a scenario may span',
    ]);
    expect(errorsAfter('createdAgo: 45d', 'createdAgo: 3650d')).toEqual([]);
  });

  it('rejects more than 1,000 nodes, counting `count` entries, at the entry that crosses the limit', () => {
    expect(errorsAfter('  manifests:\n', '    - {name: extra, count: 997}\n  manifests:\n')).toEqual([]);
    expect(errorsAfter('  manifests:\n', '    - {name: extra, count: 998}\n  manifests:\n')).toEqual([
      'pending-insufficient-cpu.yaml:24:7: cluster.nodes: 1001 nodes; a scenario may have at most 1000',
    ]);
    const many = Array.from({ length: 998 }, (_, i) => `    - name: extra-${i}\n`).join('');
    const errors = errorsAfter('  manifests:\n', `${many}  manifests:\n`);
    expect(errors).toEqual(['pending-insufficient-cpu.yaml:1021:7: cluster.nodes: 1001 nodes; a scenario may have at most 1000']);
  });

  it('refuses a thousand entries of `count: 1000` on the count alone, without expanding a million names', () => {
    const huge = '    - {name: extra, count: 1000}\n'.repeat(1000);
    const errors = errorsAfter('  manifests:\n', `${huge}  manifests:\n`);
    // Only the limit: expanding the names would also have reported 999 entries of duplicate names.
    expect(errors).toEqual(['pending-insufficient-cpu.yaml:24:7: cluster.nodes: 1000003 nodes; a scenario may have at most 1000']);
  });

  it('a DaemonSet asks for one pod per node, `count` entries expanded', () => {
    const ds = '    - apiVersion: apps/v1\n      kind: DaemonSet\n      metadata: {name: agent}\n      spec:\n        selector: {matchLabels: {app: agent}}\n        template:\n          metadata: {labels: {app: agent}}\n          spec: {containers: [{name: agent, image: shop/batch:2.0}]}\n';
    const deploys = Array.from({ length: 58 }, (_, i) => `    - apiVersion: apps/v1\n      kind: Deployment\n      metadata: {name: web-${i}}\n      spec:\n        replicas: 500\n        selector: {matchLabels: {app: web-${i}}}\n        template:\n          metadata: {labels: {app: web-${i}}}\n          spec: {containers: [{name: web, image: shop/batch:2.0}]}\n`).join('');
    // 29,000 + 1 bare pod + 3 + 997 DaemonSet pods = 30,001.
    expect(errorsAfter('  manifests:\n', `    - {name: extra, count: 997}\n  manifests:\n${ds}${deploys}`)).toEqual([
      'pending-insufficient-cpu.yaml:26:5: cluster.manifests: 30001 pods in all; a scenario may ask for at most 30000',
    ]);
  });
});

describe('validate: manifests the API server would refuse at load', () => {
  it('a namespace that does not exist yet fails validate instead of the scenario start', () => {
    expect(errorsAfter('{name: batch, namespace: default', '{name: batch, namespace: shop')).toEqual([
      'pending-insufficient-cpu.yaml:27:42: cluster.manifests[0]: namespaces "shop" not found (declare a Namespace before it in cluster.manifests)',
    ]);
    const ns = '    - apiVersion: v1\n      kind: Namespace\n      metadata: {name: shop}\n';
    expect(validateScenarioText(GOOD.replace('  manifests:\n', `  manifests:\n${ns}`).replace('{name: batch, namespace: default', '{name: batch, namespace: shop'), 'pending-insufficient-cpu.yaml')).toEqual([]);
  });

  it('a kind the simulated API server does not serve fails at the kind', () => {
    expect(errorsAfter('      kind: Pod\n', '      kind: Pdo\n')).toEqual([
      'pending-insufficient-cpu.yaml:26:13: cluster.manifests[0]: no matches for kind "Pdo" in version "v1" (the simulated API server does not serve it)',
    ]);
  });
});

describe('validate: manifests are created on a scratch API server', () => {
  it('reports what the API server refuses, at the refused field, instead of failing at the scenario start', () => {
    const deploy = '    - apiVersion: apps/v1\n      kind: Deployment\n      metadata: {name: web}\n      spec:\n        selector: {matchLabels: {app: web}}\n        template:\n          metadata: {labels: {app: api}}\n          spec: {containers: [{name: web, image: shop/batch:2.0}]}\n';
    expect(errorsAfter('  manifests:\n', `  manifests:\n${deploy}`)).toEqual([
      'pending-insufficient-cpu.yaml:31:30: cluster.manifests[0]: Deployment.apps "web" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"app":"api"}: `selector` does not match template `labels`',
    ]);
  });

  it('a manifest whose fields have the wrong type is the decoder\'s error at the value, not an exception', () => {
    const pod = /      spec:\n        containers:\n          - name: main\n            image: shop\/batch:2\.0\n            resources: \{requests: \{cpu: "8"\}\}\n/;
    const cases: [string, string][] = [
      ['spec: 5', '28:13: cluster.manifests[0]: Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal number into Go struct field Pod.spec of type v1.PodSpec'],
      ['spec: {containers: "x"}', '28:26: cluster.manifests[0]: Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal string into Go struct field PodSpec.spec.containers of type []v1.Container'],
      // Go decodes a null list item to a zero struct; the simulation cannot, and says so at the manifest.
      ['spec: {containers: [{name: main, image: x, ports: [null]}]}', '25:7: cluster.manifests[0]: Pod "batch" cannot be decoded: a field holds the wrong type (a scalar, list or mapping where another is expected)'],
    ];
    for (const [spec, error] of cases) {
      expect(validateScenarioText(GOOD.replace(pod, `      ${spec}\n`), 'pending-insufficient-cpu.yaml').map(formatError)).toEqual([`pending-insufficient-cpu.yaml:${error}`]);
    }
    expect(errorsAfter('labels: {app: batch}}', 'labels: {app: {b: 1}}}')).toEqual([
      'pending-insufficient-cpu.yaml:27:59: cluster.manifests[0]: Pod "batch" is invalid: metadata.labels: Invalid value: {"b":1}: label values must be strings',
    ]);
  });
});
