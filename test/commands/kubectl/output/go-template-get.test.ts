/** `kubectl get -o go-template|go-template-file|template` on a cluster: lists, single objects, files, errors. */
import { describe, expect, it } from 'vitest';
import { TestCluster, deployment, pod, running } from '../harness.js';

function cluster(): TestCluster {
  const k = new TestCluster();
  k.add(pod('web-1', { labels: { app: 'web' }, node: 'node-1', status: running(['app'], '10.244.1.5') }));
  k.add(pod('web-2', { labels: { app: 'web' }, node: 'node-2', status: running(['app'], '10.244.2.7') }));
  k.add(deployment('api', 3));
  return k;
}

describe('kubectl get -o go-template', () => {
  it('ranges over the List of a list request, and prints one object bare', async () => {
    const k = cluster();
    const r = await k.run(`get pods -o go-template='{{range .items}}{{.metadata.name}} {{.status.podIP}} {{.spec.nodeName}}{{"\\n"}}{{end}}'`);
    expect(r).toEqual({ stdout: 'web-1 10.244.1.5 node-1\nweb-2 10.244.2.7 node-2\n', stderr: '', exitCode: 0 });
    expect((await k.run(`get deploy api -o go-template={{.spec.replicas}}/{{.kind}}/{{.apiVersion}}`)).stdout).toBe('3/Deployment/apps/v1');
    expect((await k.run(`get pods -o go-template='{{.kind}}:{{len .items}}:{{.metadata}}'`)).stdout).toBe('List:2:map[resourceVersion:]');
  });

  it('accepts --template with or without -o go-template, and -o template', async () => {
    const k = cluster();
    expect((await k.run(`get deploy api --template={{.metadata.name}}`)).stdout).toBe('api');
    expect((await k.run(`get deploy api -o go-template --template={{.metadata.name}}`)).stdout).toBe('api');
    expect((await k.run(`get deploy api -o template={{.metadata.name}}`)).stdout).toBe('api');
    expect((await k.run(`get deploy api -o go-template`)).stderr).toBe('error: template format specified but no template given\n');
  });

  it('reads -o go-template-file from the workstation', async () => {
    const k = cluster();
    const files: Record<string, string> = { '/home/learner/names.tmpl': '{{range .items}}{{.metadata.name}}\n{{end}}' };
    const run = (line: string) => import('../../../../src/commands/kubectl/kubectl.js').then(({ runKubectl }) => runKubectl(line.split(' '), { ...k.context(), readFile: (p: string) => files[p] } as never));
    expect((await run('get pods -o go-template-file=/home/learner/names.tmpl')).stdout).toBe('web-1\nweb-2\n');
    expect((await run('get pods -o go-template-file=/nope.tmpl')).stderr).toBe('error: error reading --template /nope.tmpl, open /nope.tmpl: no such file or directory\n');
  });

  it('reports parse errors before printing and execution errors after what was printed', async () => {
    const k = cluster();
    expect(await k.run(`get pods -o go-template={{.x`)).toEqual({ stdout: '', stderr: 'error: error parsing template {{.x, template: output:1: unclosed action\n', exitCode: 1 });
    const r = await k.run(`get deploy api -o go-template={{.kind}}:{{.metadata.name.x}}`);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe('error: error executing template "{{.kind}}:{{.metadata.name.x}}": template: output:1:21: executing "output" at <.metadata.name.x>: can\'t evaluate field x in type interface {}\n');
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('Deployment:Error executing template: template: output:1:21: executing "output" at <.metadata.name.x>: can\'t evaluate field x in type interface {}. Printing more information for debugging the template:');
    expect(lines.slice(1, 4)).toEqual(['\ttemplate was:', '\t\t{{.kind}}:{{.metadata.name.x}}', '\traw data was:']);
    // json.Marshal of the unstructured object: compact, keys sorted.
    expect(lines[4]).toMatch(/^\t\t\{"apiVersion":"apps\/v1","kind":"Deployment","metadata":\{"creationTimestamp":"[^"]+","generation":1,/);
    expect(lines[5]).toBe('\tobject given to template engine was:');
    expect(lines[6]).toMatch(/^\t\tmap\[apiVersion:apps\/v1 kind:Deployment metadata:map\[creationTimestamp:\S+ generation:1 /);
    expect(lines.slice(7)).toEqual(['', '']);
  });

  it('--allow-missing-template-keys=false makes a missing key an error', async () => {
    const k = cluster();
    expect((await k.run(`get deploy api -o go-template={{.nope}}`)).stdout).toBe('<no value>');
    expect((await k.run(`get deploy api -o go-template={{.nope}} --allow-missing-template-keys=false`)).stderr).toBe(
      'error: error executing template "{{.nope}}": template: output:1:2: executing "output" at <.nope>: map has no entry for key "nope"\n',
    );
  });

  it('sorts the List first with --sort-by', async () => {
    const k = cluster();
    expect((await k.run(`get pods --sort-by=.status.podIP -o go-template='{{range .items}}{{.metadata.name}},{{end}}'`)).stdout).toBe('web-1,web-2,');
  });
});
