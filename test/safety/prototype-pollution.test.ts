/**
 * Keys that come from input (patches, manifests, labels, selectors, shell
 * variables, JSONPath) are ordinary keys: `__proto__` and `constructor` never
 * reach Object.prototype nor resolve to inherited members.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TestCluster, deployment, node } from '../commands/kubectl/harness.js';
import { fakeSession } from '../shell/fakes.js';
import { jsonPatch, mergePatch } from '../../src/cluster/apiserver/patch.js';
import { strategicMergePatch } from '../../src/cluster/apiserver/strategic-patch.js';

const polluted = () => (({}) as Record<string, unknown>).polluted;

afterEach(() => {
  // Leave the process clean even when an assertion below fails.
  delete (Object.prototype as Record<string, unknown>).polluted;
});

function cluster(): TestCluster {
  const c = new TestCluster();
  c.add(deployment('web'));
  c.add(node('node-1'));
  return c;
}

describe('patches', () => {
  it('a JSON patch on /__proto__/x does not apply (no such key) and pollutes nothing', async () => {
    const c = cluster();
    const r = await c.run(`patch deploy web --type=json -p '[{"op":"add","path":"/__proto__/polluted","value":"yes"}]'`);
    // evanphx/json-patch finds no "__proto__" key in the document; the apiserver's
    // patch.go turns any Apply error into NewGenericServerResponse(422).
    expect(r).toEqual({ stdout: '', stderr: 'The request is invalid: the server rejected our request due to an error in our request\n', exitCode: 1 });
    expect(polluted()).toBeUndefined();
  });

  it('jsonPatch treats __proto__ and constructor as ordinary keys', () => {
    expect(jsonPatch({ a: 1 }, [{ op: 'add', path: '/__proto__', value: { polluted: 'yes' } }])).toEqual({ ok: true, value: JSON.parse('{"a":1,"__proto__":{"polluted":"yes"}}') });
    expect(jsonPatch({ a: 1 }, [{ op: 'replace', path: '/constructor', value: 1 }]).ok).toBe(false);
    expect(jsonPatch({ a: 1 }, [{ op: 'remove', path: '/toString' }]).ok).toBe(false);
    expect(polluted()).toBeUndefined();
  });

  it('merge and strategic patches with a __proto__ key set an own field, not the prototype', () => {
    const body = JSON.parse('{"__proto__":{"polluted":"yes"},"spec":{"__proto__":{"polluted":"yes"}}}');
    for (const out of [mergePatch({ spec: {} }, body), strategicMergePatch({ spec: {} }, body)] as Record<string, any>[]) {
      expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
      expect(Object.hasOwn(out, '__proto__')).toBe(true);
      expect(Object.getPrototypeOf(out.spec)).toBe(Object.prototype);
      expect(out.polluted).toBeUndefined();
    }
    expect(polluted()).toBeUndefined();
  });

  it('a strategic list field named constructor is not mistaken for a keyed list', () => {
    expect(strategicMergePatch({ constructor: [{ a: 1 }] }, { constructor: [{ b: 2 }] })).toEqual({ constructor: [{ b: 2 }] });
  });

  it('kubectl patch -p with a __proto__ body leaves the process clean', async () => {
    const c = cluster();
    expect((await c.run(`patch deploy web -p '{"__proto__":{"polluted":"yes"}}'`)).exitCode).toBe(0);
    expect((await c.run(`patch deploy web --type=merge -p '{"spec":{"__proto__":{"polluted":"yes"}}}'`)).exitCode).toBe(0);
    expect(polluted()).toBeUndefined();
  });
});

describe('patch bodies kubectl sends but the server refuses', () => {
  it('a strategic patch that is a list: the server cannot decode it into a map (400)', async () => {
    // apiserver patch.go strategicPatchObject: json.Unmarshal into map[string]interface{} fails -> NewBadRequest.
    expect(await cluster().run(`patch node node-1 -p '[{}]'`)).toEqual({
      stdout: '',
      stderr: 'Error from server (BadRequest): json: cannot unmarshal array into Go value of type map[string]interface {}\n',
      exitCode: 1,
    });
  });

  it('a strategic patch `null` decodes to an empty patch: no change', async () => {
    expect(await cluster().run(`patch node node-1 -p 'null'`)).toEqual({ stdout: 'node/node-1 patched (no change)\n', stderr: '', exitCode: 0 });
  });

  it('a merge patch `null` is jsonpatch.ErrBadJSONPatch (400)', async () => {
    expect((await cluster().run(`patch node node-1 --type=merge -p 'null'`)).stderr).toBe('Error from server (BadRequest): Invalid JSON Patch\n');
  });

  it('a JSON patch whose operation has no op does not apply (422)', async () => {
    // evanphx/json-patch: op.Kind() is "unknown" -> "Unexpected kind: unknown" -> 422 generic.
    expect((await cluster().run(`patch node node-1 --type=json -p '[{}]'`)).stderr).toBe('The request is invalid: the server rejected our request due to an error in our request\n');
    expect((await cluster().run(`patch node node-1 --type=json -p '[1]'`)).stderr).toBe('Error from server (BadRequest): json: cannot unmarshal number into Go value of type jsonpatch.Operation\n');
  });

  it('a patch that drops or renames metadata fails checkName (handlers/rest.go) instead of crashing', async () => {
    const c = cluster();
    expect((await c.run(`patch node node-1 --type=merge -p '{"metadata":null}'`)).stderr).toBe('Error from server (BadRequest): the name of the object (node-1 based on URL) was undeterminable: name must be provided\n');
    expect((await c.run(`patch deploy web --type=json -p '[{"op":"remove","path":"/metadata"}]'`)).stderr).toBe('Error from server (BadRequest): the name of the object (web based on URL) was undeterminable: name must be provided\n');
    expect((await c.run(`patch deploy web --type=json -p '[{"op":"replace","path":"","value":null}]'`)).stderr).toBe('Error from server (BadRequest): the name of the object (web based on URL) was undeterminable: name must be provided\n');
    expect((await c.run(`patch node node-1 -p '{"metadata":{"name":"other"}}'`)).stderr).toBe('Error from server (BadRequest): the name of the object (other) does not match the name on the URL (node-1)\n');
  });

  it('a JSON patch adding a null container is a zero Container: validation, not a crash', async () => {
    expect((await cluster().run(`patch deploy web --type=json -p '[{"op":"add","path":"/spec/template/spec/containers/-","value":null}]'`)).stderr).toBe(
      'The Deployment "web" is invalid: \n* spec.template.spec.containers[1].name: Required value\n* spec.template.spec.containers[1].image: Required value\n',
    );
  });

  it('a 3,000-deep patch gets an answer instead of a stack overflow', async () => {
    let body = '1';
    for (let i = 0; i < 3000; i++) body = `{"a":${body}}`;
    const r = await cluster().run(`patch node node-1 -p '${body}'`);
    expect(r).toEqual({ stdout: '', stderr: 'Error from server (BadRequest): exceeded max depth\n', exitCode: 1 });
  });
});

describe('manifests', () => {
  it('create -f of a List with a null item fails validation as kubectl does, creating nothing', async () => {
    const c = cluster();
    const list = 'apiVersion: v1\nkind: List\nitems:\n- null\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: cm1\n';
    // kubectl validation.go validateList -> getObjectKind: "invalid object to validate".
    expect(await c.run('create -f -', list)).toEqual({
      stdout: '',
      stderr: 'error: error validating "STDIN": error validating data: invalid object to validate; if you choose to ignore these errors, turn validation off with --validate=false\n',
      exitCode: 1,
    });
    expect((await c.run('get cm cm1')).exitCode).toBe(1);
  });

  it('delete -f of a manifest without kind: the decoder says Object Kind is missing', async () => {
    // apimachinery unstructured.go Decode -> runtime.NewMissingKindErr(JSON of the document).
    expect(await cluster().run('delete -f -', 'apiVersion: v1\nmetadata:\n  name: cm1\n')).toEqual({
      stdout: '',
      stderr: `error: unable to decode "STDIN": Object 'Kind' is missing in '{"apiVersion":"v1","metadata":{"name":"cm1"}}'\n`,
      exitCode: 1,
    });
  });

  it('apply of a manifest with __proto__ and constructor keys stores them as ordinary fields', async () => {
    const c = cluster();
    const doc = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm2\n  labels:\n    constructor: x\ndata:\n  __proto__: "y"\n';
    expect((await c.run('apply -f -', doc)).stdout).toBe('configmap/cm2 created\n');
    expect((await c.run('apply -f -', doc.replace('"y"', '"z"'))).stdout).toBe('configmap/cm2 configured\n');
    expect((await c.run(`get cm cm2 -o jsonpath={.data.__proto__}`)).stdout).toBe('z');
    expect(polluted()).toBeUndefined();
  });
});

describe('labels and selectors', () => {
  it('constructor is an ordinary label key for label, selectors and jsonpath', async () => {
    const c = cluster();
    expect((await c.run('get nodes -l constructor')).stderr).toBe('No resources found\n');
    expect((await c.run('get nodes -l !constructor -o name')).stdout).toBe('node/node-1\n');
    expect((await c.run('label node node-1 constructor=x')).stdout).toBe('node/node-1 labeled\n');
    expect((await c.run('get nodes -l constructor=x -o name')).stdout).toBe('node/node-1\n');
    expect((await c.run(`get node node-1 -o jsonpath={.constructor}`)).stdout).toBe('');
  });
});

describe('label keys from input', () => {
  // apimachinery validation.IsQualifiedName, reported by ValidateObjectMeta under metadata.labels.
  const NAME_PART = `name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`;

  it('kubectl label __proto__=x is refused by the API server like any invalid key', async () => {
    const c = cluster();
    expect(await c.run('label node node-1 __proto__=x')).toEqual({
      stdout: '',
      stderr: `The Node "node-1" is invalid: metadata.labels: Invalid value: "__proto__": ${NAME_PART}\n`,
      exitCode: 1,
    });
    expect(polluted()).toBeUndefined();
  });

  it('a merge patch adding a __proto__ label or annotation is refused the same way', async () => {
    const c = cluster();
    const r = await c.run(`patch deploy web --type=merge -p '{"metadata":{"labels":{"__proto__":"y"}}}'`);
    expect(r.stderr).toBe(`The Deployment "web" is invalid: metadata.labels: Invalid value: "__proto__": ${NAME_PART}\n`);
    const a = await c.run(`patch deploy web --type=merge -p '{"metadata":{"annotations":{"a/b/c":"y"}}}'`);
    expect(a.stderr).toMatch(/^The Deployment "web" is invalid: metadata\.annotations: Invalid value: "a\/b\/c": a qualified name must consist of /);
  });
});

describe('shell variables', () => {
  it('names of Object.prototype members are unset variables, and can be assigned', async () => {
    const sh = fakeSession();
    expect(await sh.exec('echo "[$constructor][${toString}][$__proto__]"')).toMatchObject({ output: '[][][]\n', exitCode: 0 });
    expect((await sh.exec('constructor=5; __proto__=6; echo $constructor $__proto__')).output).toBe('5 6\n');
    expect((await sh.exec('export hasOwnProperty=1; echo $hasOwnProperty')).output).toBe('1\n');
    expect(polluted()).toBeUndefined();
  });
});

describe('awk', () => {
  it('-v __proto__=x assigns an ordinary variable', async () => {
    const sh = fakeSession();
    expect((await sh.exec(`echo a | awk -v __proto__=x '{print __proto__ "|"}'`)).output).toBe('x|\n');
    expect((await sh.exec(`echo a | awk '{a["__proto__"]++; a["toString"]++; n = 0; for (k in a) n++; print n, ("valueOf" in a)}'`)).output).toBe('2 0\n');
    expect(polluted()).toBeUndefined();
  });
});

describe('names looked up in tables', () => {
  it('kubectl verbs and help topics named after Object.prototype members are unknown', async () => {
    const c = cluster();
    expect(await c.run('constructor')).toEqual({ stdout: '', stderr: `error: unknown command "constructor" for "kubectl"\nRun 'kubectl --help' for usage.\n`, exitCode: 1 });
    expect((await c.run('toString pods')).stderr).toBe(`error: unknown command "toString" for "kubectl"\nRun 'kubectl --help' for usage.\n`);
  });

  it('a command named constructor is not a shell builtin', async () => {
    expect(await fakeSession().exec('constructor')).toMatchObject({ output: 'bash: constructor: command not found\n', exitCode: 127 });
  });

  it('tr and grep character classes named constructor are invalid classes', async () => {
    const sh = fakeSession();
    // GNU tr: "invalid character class"; GNU grep (regcomp REG_ECTYPE): "Invalid character class name".
    expect(await sh.exec(`echo abc | tr '[:constructor:]' x`)).toMatchObject({ output: "tr: invalid character class ‘constructor’\nTry 'tr --help' for more information.\n", exitCode: 1 });
    expect((await sh.exec(`echo abc | grep '[[:constructor:]]'`)).exitCode).toBe(2);
  });
});

describe('JSON patch move and copy (RFC 6902 4.4, 4.5)', () => {
  it('moves and copies values; a missing from is an error', () => {
    expect(jsonPatch({ a: { b: 1 }, c: [1] }, [{ op: 'move', from: '/a/b', path: '/d' }])).toEqual({ ok: true, value: { a: {}, c: [1], d: 1 } });
    expect(jsonPatch({ a: { b: [1] } }, [{ op: 'copy', from: '/a/b', path: '/a/c' }])).toEqual({ ok: true, value: { a: { b: [1], c: [1] } } });
    expect(jsonPatch({ a: 1 }, [{ op: 'copy', from: '/__proto__', path: '/b' }]).ok).toBe(false);
    expect(polluted()).toBeUndefined();
  });
});
