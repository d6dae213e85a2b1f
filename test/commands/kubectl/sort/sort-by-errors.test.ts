/**
 * What kubectl prints when --sort-by cannot sort, as recorded from real
 * kubectl v1.32.4 against a throwaway API server (see
 * scripts/record-kubectl-sort.mjs): table output drops the table
 * (kubernetes/kubectl#1343), other formats print SortObjects' error, and an
 * unsortable value ends kubectl through klog.Exitf.
 */
import { describe, expect, it } from 'vitest';
import { isLess } from '../../../../src/commands/kubectl/sort/sort-by.js';
import { TestCluster, pod } from '../harness.js';

function cluster(names: string[], spec: (i: number) => Record<string, unknown> = () => ({})): TestCluster {
  const k = new TestCluster();
  names.forEach((n, i) => {
    const p = pod(n);
    Object.assign(p.spec, spec(i));
    k.add(p);
  });
  return k;
}

describe('--sort-by failures', () => {
  it('a path no pod has: the table is not printed, the other formats fail', async () => {
    const k = cluster(['a', 'b']);
    expect(await k.run('get pods --sort-by=.nope')).toEqual({ stdout: '', stderr: 'No resources found in default namespace.\n', exitCode: 0 });
    expect(await k.run('get pods --sort-by=.nope -o name')).toEqual({ stdout: '', stderr: 'error: couldn\'t find any field with path "{.nope}" in the list of objects\n', exitCode: 1 });
  });

  it('one pod: its table is not sorted at all, but -o name still checks the path', async () => {
    const k = cluster(['solo']);
    expect((await k.run('get pods --sort-by=.nope')).stdout).toMatch(/^NAME +READY +STATUS +RESTARTS +AGE\nsolo /);
    expect((await k.run('get pods --sort-by=.nope -o name')).stderr).toBe('error: couldn\'t find any field with path "{.nope}" in the list of objects\n');
    expect((await k.run('get pods --sort-by=.spec -o name')).stdout).toBe('pod/solo\n');
  });

  it('a path that does not relax or parse', async () => {
    const k = cluster(['a', 'b']);
    expect((await k.run('get pods --sort-by={{x}} -o name')).stderr).toBe(
      "error: unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'\n",
    );
    expect((await k.run('get pods --sort-by={{x}}')).stderr).toBe('No resources found in default namespace.\n');
    expect((await k.run('get pods --sort-by=.a[ -o name')).stderr).toBe('error: unterminated array\n');
    expect((await k.run('get pods --sort-by=.a[')).stderr).toBe('No resources found in default namespace.\n');
  });

  it('several resource types sort the Table objects first, which lack the field', async () => {
    const k = cluster(['a', 'b']);
    expect(await k.run('get pods,svc --sort-by=.metadata.name')).toEqual({ stdout: '', stderr: 'error: couldn\'t find any field with path "{.metadata.name}" in the list of objects\n', exitCode: 1 });
  });

  it('an unsortable value exits through klog.Exitf', async () => {
    const k = cluster(['a', 'b', 'c'], (i) => ({ hostNetwork: i % 2 === 0 }));
    const table = await k.run('get pods --sort-by=.spec.hostNetwork');
    expect(table.exitCode).toBe(1);
    expect(table.stdout).toBe('');
    expect(table.stderr).toMatch(/^F1130 04:00:00\.\d{6} +\d+ sorter\.go:375\] Field \{\.spec\.hostNetwork\} in \[\]\[\]\[\]reflect\.Value is an unsortable type: interface, err: unsortable type: bool\n$/);
    const names = await k.run('get pods --sort-by=.spec.hostNetwork -o name');
    expect(names.stderr).toMatch(/ sorter\.go:329\] Field \{\.spec\.hostNetwork\} in \*unstructured\.Unstructured is an unsortable type: interface, err: unsortable type: bool\n$/);
  });

  it('-w warns that the sort only applies to the first list', async () => {
    const k = cluster(['a']);
    expect((await k.run('get pods -w --sort-by=.x')).stderr).toBe('warning: --watch requested, --sort-by will be ignored for watch events received\n');
    expect((await k.run('get pods --watch-only --sort-by=.x')).stderr).toBe('warning: --watch-only requested, --sort-by will be ignored\n');
  });
});

describe('isLess (sorter.go) on decoded JSON values', () => {
  it('compares integers, strings, quantities and nulls; mixes of int64 and float64 are unsortable', () => {
    expect(isLess(2, 10)).toBe(true);
    expect(isLess('10', '9')).toBe(false); // both quantities: 10 > 9
    expect(isLess('web-10', 'web-9')).toBe(true); // not quantities: bytewise
    expect(isLess('100m', '0.2')).toBe(true);
    expect(isLess('1Gi', '1G')).toBe(false);
    expect(isLess('m', '1')).toBe(true); // `m` parses as zero milli
    expect(isLess('1.G', '2M')).toBe(false);
    expect(isLess(null, 'a')).toBe(true);
    expect(isLess('a', null)).toBe(false);
    expect(isLess(null, null)).toBe(false);
    expect(() => isLess(1, 1.5)).toThrow('unsortable interface: interface');
    expect(() => isLess('a', 1)).toThrow('unsortable interface: interface');
    expect(() => isLess({}, {})).toThrow('unsortable type: map[string]interface {}');
    expect(() => isLess([], [])).toThrow('unsortable type: []interface {}');
  });
});
