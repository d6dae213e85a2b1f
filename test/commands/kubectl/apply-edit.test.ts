import { describe, it, expect } from 'vitest';
import { TestCluster, deployment } from './harness.js';
import { EDIT_HEADER } from '../../../src/commands/kubectl/edit.js';

const manifest = (replicas: number) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: ${replicas}
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: app
        image: nginx:1.25
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  mode: fast
`;

describe('kubectl apply -f -', () => {
  it('creates, then is unchanged, then configures', async () => {
    const c = new TestCluster();
    expect(await c.run('apply -f -', manifest(2))).toEqual({ stdout: 'deployment.apps/web created\nconfigmap/settings created\n', stderr: '', exitCode: 0 });
    expect(await c.run('apply -f -', manifest(2))).toEqual({ stdout: 'deployment.apps/web unchanged\nconfigmap/settings unchanged\n', stderr: '', exitCode: 0 });
    expect((await c.run('apply -f -', manifest(3))).stdout).toBe('deployment.apps/web configured\nconfigmap/settings unchanged\n');
    const annotation = (await c.run(`get cm settings -o jsonpath="{.metadata.annotations['kubectl.kubernetes.io/last-applied-configuration']}"`)).stdout;
    expect(annotation).toBe('{"apiVersion":"v1","data":{"mode":"fast"},"kind":"ConfigMap","metadata":{"name":"settings"}}\n');
    const raw = await c.run('get cm settings -o json');
    expect(raw.stdout).toContain('"kubectl.kubernetes.io/last-applied-configuration": "{\\"apiVersion\\":\\"v1\\",\\"data\\":{\\"mode\\":\\"fast\\"},\\"kind\\":\\"ConfigMap\\",\\"metadata\\":{\\"name\\":\\"settings\\"}}\\n"');
  });

  it('deletes what a manifest names', async () => {
    const c = new TestCluster();
    await c.run('apply -f -', manifest(1));
    expect(await c.run('delete -f -', manifest(1))).toEqual({ stdout: 'deployment.apps "web" deleted\nconfigmap "settings" deleted\n', stderr: '', exitCode: 0 });
    expect((await c.run('delete -f -', manifest(1))).stderr).toBe('Error from server (NotFound): deployments.apps "web" not found\nError from server (NotFound): configmaps "settings" not found\n');
  });

  it('reports unknown kinds and missing files', async () => {
    const c = new TestCluster();
    expect((await c.run('apply -f -', 'apiVersion: v1\nkind: Widget\nmetadata:\n  name: w\n')).stderr).toBe(
      'error: resource mapping not found for name: "w" namespace: "" from "STDIN": no matches for kind "Widget" in version "v1"\nensure CRDs are installed first\n',
    );
    expect((await c.run('apply -f web.yaml')).stderr).toBe('error: the path "web.yaml" does not exist\n');
  });

  it('wraps server errors with the source', async () => {
    const c = new TestCluster();
    const r = await c.run('apply -f -', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  namespace: nope\n');
    expect(r).toEqual({ stdout: '', stderr: 'Error from server (NotFound): error when creating "STDIN": namespaces "nope" not found\n', exitCode: 1 });
  });
});

describe('kubectl create', () => {
  it('creates from stdin and reports AlreadyExists', async () => {
    const c = new TestCluster();
    expect((await c.run('create -f -', manifest(1))).stdout).toBe('deployment.apps/web created\nconfigmap/settings created\n');
    expect((await c.run('create -f -', manifest(1))).stderr).toBe(
      'Error from server (AlreadyExists): error when creating "STDIN": deployments.apps "web" already exists\nError from server (AlreadyExists): error when creating "STDIN": configmaps "settings" already exists\n',
    );
  });

  it('creates deployments and namespaces', async () => {
    const c = new TestCluster();
    expect(await c.run('create deployment web --image=nginx:1.25 --replicas=2')).toEqual({ stdout: 'deployment.apps/web created\n', stderr: '', exitCode: 0 });
    expect((await c.run('get deploy web -o jsonpath={.spec.template.spec.containers[0].name}/{.spec.replicas}/{.spec.selector.matchLabels.app}')).stdout).toBe('nginx/2/web');
    expect((await c.run('create deployment web --image=nginx')).stderr).toBe('error: failed to create deployment: deployments.apps "web" already exists\n');
    expect((await c.run('create deployment other')).stderr).toBe('error: required flag(s) "image" not set\n');
    expect(await c.run('create ns staging')).toEqual({ stdout: 'namespace/staging created\n', stderr: '', exitCode: 0 });
    expect((await c.run('create namespace staging')).stderr).toBe('Error from server (AlreadyExists): namespaces "staging" already exists\n');
  });
});

describe('kubectl edit', () => {
  it('cancels when nothing changed', async () => {
    const c = new TestCluster();
    c.add(deployment('web'));
    c.editorReplies.push((t) => t);
    expect(await c.run('edit deploy web')).toEqual({ stdout: '', stderr: 'Edit cancelled, no changes made.\n', exitCode: 0 });
    expect(c.editorInputs[0].startsWith(EDIT_HEADER + 'apiVersion: apps/v1\nkind: Deployment\n')).toBe(true);
  });

  it('applies a change', async () => {
    const c = new TestCluster();
    c.add(deployment('web'));
    c.editorReplies.push((t) => t.replace('replicas: 3', 'replicas: 1'));
    expect(await c.run('edit deployment/web')).toEqual({ stdout: 'deployment.apps/web edited\n', stderr: '', exitCode: 0 });
    expect((await c.run('get deploy web -o jsonpath={.spec.replicas}')).stdout).toBe('1');
  });

  it('reopens with the error and keeps a copy when given up', async () => {
    const c = new TestCluster();
    c.add(deployment('web'));
    c.editorReplies.push((t) => t.replace('replicas: 3', 'replicas: -1'));
    c.editorReplies.push((t) => t);
    const r = await c.run('edit deploy web');
    expect(c.editorInputs[1].startsWith(EDIT_HEADER + '# deployments.apps "web" was not valid:\n# * spec.replicas: Invalid value: -1: must be greater than or equal to 0\n#\n')).toBe(true);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^A copy of your changes has been stored to "\/tmp\/kubectl-edit-\d+\.yaml"\nerror: Edit cancelled, no valid changes were saved\.\n$/);
  });

  it('sends what changed, so a field changed by someone else meanwhile stays', async () => {
    const c = new TestCluster();
    c.add(deployment('web'));
    c.editorReplies.push((t) => {
      // While the file is open, another client labels the Deployment.
      void c.run('label deploy web team=blue');
      return t.replace('replicas: 3', 'replicas: 2');
    });
    expect((await c.run('edit deploy web')).stdout).toBe('deployment.apps/web edited\n');
    expect((await c.run('get deploy web -o jsonpath={.spec.replicas}/{.metadata.labels.team}')).stdout).toBe('2/blue');
  });

  it('reopens on a field the type does not have, as the strict patch is refused; --validate=false drops it', async () => {
    const c = new TestCluster();
    c.add(deployment('web'));
    c.editorReplies.push((t) => t.replace('replicas: 3', 'replicas: 3\n  replica: 2'));
    c.editorReplies.push((t) => t);
    const r = await c.run('edit deploy web');
    expect(c.editorInputs[1]).toContain(EDIT_HEADER + '# deployments.apps "web" was not valid:\n# * patch: Invalid value: "map[spec:map[replica:2]]": strict decoding error: unknown field "spec.replica"\n#\n');
    expect(r.exitCode).toBe(1);
    c.editorReplies.push((t) => t.replace('replicas: 3', 'replicas: 1\n  replica: 2'));
    expect(await c.run('edit deploy web --validate=false')).toEqual({ stdout: 'deployment.apps/web edited\n', stderr: '', exitCode: 0 });
    expect((await c.run('get deploy web -o yaml')).stdout).not.toContain('replica: 2');
  });
});

const withUnknownFields = `apiVersion: v1
kind: Pod
metadata:
  name: x
spec:
  containers:
  - name: a
    image: nginx
    foo: 1
  bar: 2
`;

// kubectl's --validate (default strict) sent as fieldValidation; the server's warnings printed once each.
describe('kubectl --validate and unknown fields', () => {
  it('is refused by create and apply by default, naming every unknown field', async () => {
    const c = new TestCluster();
    const refusal = 'Error from server (BadRequest): error when creating "STDIN": Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.bar", unknown field "spec.containers[0].foo"\n';
    expect(await c.run('create -f -', withUnknownFields)).toEqual({ stdout: '', stderr: refusal, exitCode: 1 });
    expect(await c.run('apply -f -', withUnknownFields)).toEqual({ stdout: '', stderr: refusal, exitCode: 1 });
    expect(await c.run('create --validate -f -', withUnknownFields)).toEqual({ stdout: '', stderr: refusal, exitCode: 1 });
    expect((await c.run('get pods')).stderr).toBe('No resources found in default namespace.\n');
  });

  it('creates without the fields with --validate=warn (warning each) or =false (silently)', async () => {
    const c = new TestCluster();
    expect(await c.run('create -f - --validate=warn', withUnknownFields)).toEqual({
      stdout: 'pod/x created\n',
      stderr: 'Warning: unknown field "spec.bar"\nWarning: unknown field "spec.containers[0].foo"\n',
      exitCode: 0,
    });
    expect((await c.run('get pod x -o yaml')).stdout).not.toMatch(/foo|bar/);
    expect(await c.run('apply -f - --validate=false', withUnknownFields.replace('name: x', 'name: y'))).toEqual({ stdout: 'pod/y created\n', stderr: '', exitCode: 0 });
  });

  it('refuses an apply that adds an unknown field to an existing object, as the patch it sends', async () => {
    const c = new TestCluster();
    const clean = withUnknownFields.replace('    foo: 1\n', '').replace('  bar: 2\n', '');
    expect((await c.run('apply -f -', clean)).stdout).toBe('pod/x created\n');
    const r = await c.run('apply -f -', withUnknownFields.replace('  bar: 2\n', ''));
    expect(r.exitCode).toBe(1);
    // The strategic three-way patch upstream sends: the changed container by its key, the order directive, the new annotation.
    expect(r.stderr).toBe(
      'The request is invalid: patch: Invalid value: "map[metadata:map[annotations:map[kubectl.kubernetes.io/last-applied-configuration:{\\"apiVersion\\":\\"v1\\",\\"kind\\":\\"Pod\\",\\"metadata\\":{\\"name\\":\\"x\\"},\\"spec\\":{\\"containers\\":[{\\"foo\\":1,\\"image\\":\\"nginx\\",\\"name\\":\\"a\\"}]}}\\n]] spec:map[$setElementOrder/containers:[map[name:a]] containers:[map[foo:1 name:a]]]]": strict decoding error: unknown field "spec.containers[0].foo"\n',
    );
  });

  it('configures with --validate=warn an object whose manifest keeps a field the server drops, as the patch is not empty', async () => {
    const c = new TestCluster();
    const configMap = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: demo\ndata:\n  a: "1"\nbogus: 1\n';
    expect(await c.run('apply -f - --validate=warn', configMap)).toEqual({ stdout: 'configmap/demo created\n', stderr: 'Warning: unknown field "bogus"\n', exitCode: 0 });
    expect(await c.run('apply -f - --validate=warn', configMap)).toEqual({ stdout: 'configmap/demo configured\n', stderr: 'Warning: unknown field "bogus"\n', exitCode: 0 });
    const refused = await c.run('apply -f -', configMap);
    expect(refused.stderr).toBe('The request is invalid: patch: Invalid value: "map[bogus:1]": strict decoding error: unknown field "bogus"\n');
  });

  it('answers a value it does not know as kubectl does', async () => {
    const c = new TestCluster();
    for (const line of ['create -f - --validate=foo', 'apply -f - --validate=yes', 'create configmap c --validate=nope', 'create namespace n --validate=x']) {
      const r = await c.run(line, withUnknownFields);
      expect(r.stderr).toMatch(/^error: invalid - validate option "\w+"; must be one of: strict \(or true\), warn, ignore \(or false\)\n$/);
      expect(r.exitCode).toBe(1);
    }
  });

  it('prints the warnings of a patch, which kubectl sends without a directive', async () => {
    const c = new TestCluster();
    await c.run('create -f -', withUnknownFields.replace('    foo: 1\n', '').replace('  bar: 2\n', ''));
    expect(await c.run(`patch pod x -p '{"spec":{"qux":1}}'`)).toEqual({ stdout: 'pod/x patched (no change)\n', stderr: 'Warning: unknown field "spec.qux"\n', exitCode: 0 });
  });
});

// apply.go's patcher: a strategic three-way merge of the last-applied manifest, the new one and the live object.
describe('kubectl apply: the three-way patch', () => {
  const web = (extra = '', env = '') => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
  selector:
    matchLabels: {app: web}
${extra}  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: app
        image: nginx:1.25
${env}`;

  it('keeps what others changed that the manifests never held, and sends nothing when nothing is to change', async () => {
    const c = new TestCluster();
    await c.run('apply -f -', web());
    await c.run(`patch deployment web -p '{"spec":{"template":{"spec":{"containers":[{"name":"app","env":[{"name":"X","value":"1"}]}]}}}}'`);
    await c.run('label deployment web tier=front');
    const before = (await c.run('get deployment web -o jsonpath={.metadata.resourceVersion}')).stdout;
    expect(await c.run('apply -f -', web())).toEqual({ stdout: 'deployment.apps/web unchanged\n', stderr: '', exitCode: 0 });
    expect((await c.run('get deployment web -o jsonpath={.metadata.resourceVersion}')).stdout).toBe(before);
    expect((await c.run('get deployment web -o jsonpath={.spec.template.spec.containers[0].env[0].name}/{.metadata.labels.tier}')).stdout).toBe('X/front');
  });

  it('deletes what the last manifest held and the new one does not, list items by their key', async () => {
    const c = new TestCluster();
    const env = '        env:\n        - {name: A, value: "1"}\n        - {name: B, value: "2"}\n';
    await c.run('apply -f -', web('', env));
    expect((await c.run('apply -f -', web('', '        env:\n        - {name: B, value: "2"}\n'))).stdout).toBe('deployment.apps/web configured\n');
    expect((await c.run('get deployment web -o jsonpath={.spec.template.spec.containers[0].env[*].name}')).stdout).toBe('B');
  });

  it('switches a Deployment to Recreate: $retainKeys clears the defaulted rollingUpdate', async () => {
    const c = new TestCluster();
    await c.run('apply -f -', web());
    expect((await c.run('get deployment web -o jsonpath={.spec.strategy.rollingUpdate.maxSurge}')).stdout).toBe('25%');
    expect(await c.run('apply -f -', web('  strategy:\n    type: Recreate\n'))).toEqual({ stdout: 'deployment.apps/web configured\n', stderr: '', exitCode: 0 });
    expect((await c.run('get deployment web -o jsonpath={.spec.strategy}')).stdout).toBe('{"type":"Recreate"}');
  });
});

// create.go and the generators: util.CreateOrUpdateAnnotation with --save-config.
describe('kubectl create --save-config', () => {
  it('keeps the manifest as the last-applied configuration, so a later apply has it', async () => {
    const c = new TestCluster();
    const manifest = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: fast\n';
    expect((await c.run('create -f - --save-config', manifest)).stdout).toBe('configmap/settings created\n');
    expect(await c.run('apply -f -', manifest)).toEqual({ stdout: 'configmap/settings unchanged\n', stderr: '', exitCode: 0 });
  });

  it('a generator saves the typed object it built, as Go encodes it', async () => {
    const c = new TestCluster();
    await c.run('create configmap app --from-literal=a=1 --save-config');
    expect((await c.run('get configmap app -o yaml')).stdout).toContain(
      '    kubectl.kubernetes.io/last-applied-configuration: |\n      {"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"app","creationTimestamp":null},"data":{"a":"1"}}\n',
    );
  });
});
