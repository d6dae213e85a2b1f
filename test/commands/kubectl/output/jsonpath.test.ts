import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printJsonPath } from '../../../../src/commands/kubectl/output/jsonpath.js';
import { parseCustomColumns, printCustomColumns } from '../../../../src/commands/kubectl/output/custom-columns.js';
import { printNames } from '../../../../src/commands/kubectl/output/name.js';
import { asList } from '../../../../src/cluster/go-yaml/yaml.js';

const pod = JSON.parse(readFileSync(fileURLToPath(new URL('./fixtures/pod-real.input.json', import.meta.url)), 'utf8'));

// Expected values recorded with `kubectl label --local -f pod-real.input.json x=y -o jsonpath=...` (label x=y omitted here).
describe('printJsonPath against recorded kubectl', () => {
  it.each([
    ['{.metadata.name}', 'web-7d4b9c8f6-fghij'],
    ['{.spec.containers[*].name}', 'nginx'],
    ['{.status.conditions[?(@.type=="Ready")].status}', 'False'],
    ['{range .status.conditions[*]}{.type}{"\\t"}{.status}{"\\n"}{end}', 'PodReadyToStartContainers\tTrue\nInitialized\tTrue\nReady\tFalse\nContainersReady\tFalse\nPodScheduled\tTrue\n'],
    ['name={.metadata.name} ip={.status.podIP}', 'name=web-7d4b9c8f6-fghij ip=10.244.1.16'],
    ['{.metadata.labels}', '{"app":"web","foo":"bar","pod-template-hash":"7d4b9c8f6"}'],
    ['{.spec.containers[0].ports}', '[{"containerPort":80,"protocol":"TCP"}]'],
    ['{..image}', 'nginx:1.27 docker.io/library/nginx:1.27'],
    ['{.nothing}', ''],
  ])('%s', (template, want) => {
    expect(printJsonPath(template, pod)).toBe(want);
  });

  it('walks lists', () => {
    const list = asList([pod, { ...pod, metadata: { name: 'b' }, status: { phase: 'Pending' } }]);
    expect(printJsonPath('{.items[*].metadata.name}', list)).toBe('web-7d4b9c8f6-fghij b');
    expect(printJsonPath('{.items[0].status.phase}', list)).toBe('Running');
    expect(printJsonPath('{range .items[*]}{.metadata.name}{"\\t"}{.status.phase}{"\\n"}{end}', list)).toBe('web-7d4b9c8f6-fghij\tRunning\nb\tPending\n');
  });
});

describe('custom-columns and name', () => {
  it('prints columns with <none> and Go value formatting', () => {
    const cols = parseCustomColumns('NAME:.metadata.name,NODE:.spec.nodeName,LABELS:.metadata.labels,PORTS:.spec.containers[*].ports[*].containerPort,MISSING:.spec.foo');
    if ('error' in cols) throw new Error(cols.error);
    expect(printCustomColumns(cols, [pod])).toBe(
      'NAME                  NODE     LABELS                                             PORTS   MISSING\n' +
        'web-7d4b9c8f6-fghij   node-1   map[app:web foo:bar pod-template-hash:7d4b9c8f6]   80      <none>\n',
    );
    expect(parseCustomColumns('NAME')).toEqual({ error: 'unexpected custom-columns spec: NAME, expected <header>:<json-path-expr>' });
  });
  it('prints kind.group/name', () => {
    expect(printNames([pod, { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' } }])).toBe('pod/web-7d4b9c8f6-fghij\ndeployment.apps/web\n');
  });
});
