import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatError, loadValidScenarioText, validateScenarioText } from '../../src/scenario/validate.js';
import { ScenarioRun } from '../../src/practice/run.js';

const GOOD = readFileSync(join(import.meta.dirname, '../fixtures/scenarios/pending-insufficient-cpu.yaml'), 'utf8');
const FILE = 'pending-insufficient-cpu.yaml';

/** The good fixture with `manifest` (YAML lines at list-item indentation) declared first. */
function withManifest(manifest: string): string {
  return GOOD.replace('  manifests:\n', `  manifests:\n${manifest}`);
}

function errorsOf(text: string): string[] {
  return validateScenarioText(text, FILE).map(formatError);
}

const deploymentWith = (podSpec: string) => `    - apiVersion: apps/v1
      kind: Deployment
      metadata: {name: web}
      spec:
        selector: {matchLabels: {app: web}}
        template:
          metadata: {labels: {app: web}}
          spec:
${podSpec}`;

const WEB = `            containers:
              - name: web
                image: nginx:1.27
`;

describe('validate: manifests against the Kubernetes types (strict field validation)', () => {
  it('an unknown field is an error at its key, worded as the API server rejects it', () => {
    expect(errorsOf(withManifest(deploymentWith(`            containerz: []\n${WEB}`)))).toEqual([
      `${FILE}:33:13: cluster.manifests[0]: Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.template.spec.containerz"`,
    ]);
  });

  it('a value of the wrong type is an error at the value, with the Go type', () => {
    expect(errorsOf(withManifest(deploymentWith(`${WEB}                ports: [{containerPort: "80"}]\n`)))).toEqual([
      `${FILE}:36:41: cluster.manifests[0]: Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field ContainerPort.spec.template.spec.containers.ports.containerPort of type int32`,
    ]);
  });
});

describe('validate: fields the simulation does not model are refused by name (modelled.ts)', () => {
  it('imagePullSecrets', () => {
    expect(errorsOf(withManifest(deploymentWith(`            imagePullSecrets: [{name: regcred}]\n${WEB}`)))).toEqual([
      `${FILE}:33:13: cluster.manifests[0]: spec.template.spec.imagePullSecrets is not simulated: Image pulls use no credentials and a missing pull Secret goes unnoticed; a real private registry would refuse the pull (ErrImagePull).`,
    ]);
    // An empty list behaves as none.
    expect(errorsOf(withManifest(deploymentWith(`            imagePullSecrets: []\n${WEB}`)))).toEqual([]);
  });

  it('a memory limit a real process would exceed', () => {
    expect(errorsOf(withManifest(deploymentWith(`${WEB}                resources: {limits: {memory: 4Mi}}\n`)))).toEqual([
      `${FILE}:36:38: cluster.manifests[0]: spec.template.spec.containers[0].resources.limits.memory: a memory limit under 64Mi is not simulated: a real container may be OOMKilled under it, a simulated one never is`,
    ]);
    expect(errorsOf(withManifest(deploymentWith(`${WEB}                resources: {limits: {memory: 170Mi}}\n`)))).toEqual([]);
  });

  it('a PersistentVolumeClaim (a missing StorageClass would leave it Pending) and a pod volume from one', () => {
    const pvc = '    - apiVersion: v1\n      kind: PersistentVolumeClaim\n      metadata: {name: data}\n      spec: {storageClassName: fast, accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}\n';
    const volume = `${WEB}            volumes: [{name: data, persistentVolumeClaim: {claimName: data}}]\n`;
    expect(errorsOf(withManifest(pvc + deploymentWith(volume)))).toEqual([
      `${FILE}:26:13: cluster.manifests[0]: PersistentVolumeClaim is not simulated: No PV controller, provisioner or StorageClass: a claim would never bind.`,
      `${FILE}:40:36: cluster.manifests[1]: spec.template.spec.volumes[0].persistentVolumeClaim is not simulated: Claims are never bound (no PV controller or provisioner, no StorageClasses): a real pod would wait for its claim.`,
    ]);
  });

  it('a StatefulSet (no controller would create its pods)', () => {
    const sts = deploymentWith(WEB).replace('kind: Deployment', 'kind: StatefulSet');
    expect(errorsOf(withManifest(sts))).toEqual([`${FILE}:26:13: cluster.manifests[0]: StatefulSet is not simulated: No StatefulSet controller: it would create no pods.`]);
  });

  it('a configMap volume of a ConfigMap nobody declares; declared (in any order) or optional, it is modelled', () => {
    const volume = `${WEB}            volumes: [{name: cfg, configMap: {name: web-config}}]\n`;
    expect(errorsOf(withManifest(deploymentWith(volume)))).toEqual([
      `${FILE}:36:35: cluster.manifests[0]: spec.template.spec.volumes[0].configMap: a configMap volume of ConfigMap "web-config", which the scenario does not declare in namespace default, is not simulated: a real kubelet would leave the pod ContainerCreating (FailedMount)`,
    ]);
    const cm = '    - {apiVersion: v1, kind: ConfigMap, metadata: {name: web-config}, data: {a: b}}\n';
    expect(errorsOf(withManifest(deploymentWith(volume) + cm))).toEqual([]);
    expect(errorsOf(withManifest(deploymentWith(volume.replace('name: web-config}', 'name: web-config, optional: true}'))))).toEqual([]);
  });

  it("an image's memory (nothing in the simulation uses memory)", () => {
    expect(errorsOf(GOOD.replace('      logs: ["batch starting"]\n', '      logs: ["batch starting"]\n      memory: 512Mi\n'))).toEqual([
      `${FILE}:36:7: cluster.images["shop/batch:2.0"].memory is not simulated: Containers use no memory in the simulation: nothing grows and nothing is OOMKilled.`,
    ]);
  });

  it('a value other than the default of a field modelled only at its default', () => {
    const svc = (affinity: string) => `    - {apiVersion: v1, kind: Service, metadata: {name: web}, spec: {selector: {app: web}, ports: [{port: 80}], sessionAffinity: ${affinity}}}\n`;
    expect(errorsOf(withManifest(svc('None')))).toEqual([]);
    expect(errorsOf(withManifest(svc('ClientIP')))).toEqual([`${FILE}:25:112: cluster.manifests[0]: spec.sessionAffinity: only "None" (the default) is simulated`]);
  });
});

describe('what the issue found healthy is modelled now: it fails as on a real cluster', () => {
  it('envFrom to a missing ConfigMap is CreateContainerConfigError; an init container that never finishes keeps the pod Init:0/1', async () => {
    const envFrom = deploymentWith(`${WEB}                envFrom: [{configMapRef: {name: web-env}}]\n`);
    const init = deploymentWith(`            initContainers: [{name: wait, image: "busybox:1.36", command: [sh, -c, "until false; do sleep 2; done"]}]\n${WEB}`).replace('{name: web}', '{name: api}').replaceAll('app: web', 'app: api');
    const loaded = loadValidScenarioText(withManifest(envFrom + init), FILE);
    if (!loaded.ok) throw new Error(loaded.errors.map(formatError).join('\n'));
    const run = new ScenarioRun(loaded.scenario);
    const pods = (await run.exec('kubectl get pods -o custom-columns=NAME:.metadata.labels.app,STATUS:.status.containerStatuses[0].state.waiting.reason,INIT:.status.initContainerStatuses[0].state.running.startedAt')).output;
    expect(pods).toMatch(/^web\s+CreateContainerConfigError\s+<none>$/m);
    expect((await run.exec('kubectl get pods -l app=api --no-headers')).output).toMatch(/\sInit:0\/1\s/);
  });
});
