/**
 * `--sort-by` orders recorded from real kubectl v1.32.4 (go1.23.8) by
 * scripts/record-kubectl-sort.mjs: many equal keys and objects lacking the
 * field, where only Go's exact pdqsort and kubectl's comparator give the
 * same order. `null` in `values` means the pod lacks the field.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sortByField, relaxedJsonPath } from '../../../../src/commands/kubectl/sort/sort-by.js';
import { TestCluster } from '../harness.js';
import { podFor, type SortCaseKind } from './fixtures/sort-pods.js';

interface RealCase {
  kind: SortCaseKind;
  sortBy: string;
  values: (string | number | null)[];
  /** Names in the order `kubectl get pods --sort-by` printed them (empty: "No resources found"). */
  table: string[];
  /** Names in the order `-o name` printed them (empty: the couldn't-find error). */
  names: string[];
}

const fixture = JSON.parse(readFileSync(new URL('./fixtures/sort-by.real.json', import.meta.url), 'utf8')) as { cases: RealCase[] };

describe('--sort-by matches real kubectl orders', () => {
  it('has recorded cases; kubectl put the pods lacking the field first in each', () => {
    expect(fixture.cases.length).toBeGreaterThan(90);
    for (const c of fixture.cases) {
      const values = c.table.map((name) => c.values[Number(name.slice(1))]);
      const firstWithValue = values.findIndex((v) => v !== null);
      if (firstWithValue >= 0) expect(values.slice(firstWithValue)).not.toContain(null);
    }
  });

  for (const [n, c] of fixture.cases.entries()) {
    it(`case ${n}: ${c.kind}, ${c.values.length} pods`, () => {
      const pods = c.values.map((v, i) => podFor(i, c.kind, v));
      const field = relaxedJsonPath(c.sortBy);
      const found = c.values.some((v) => v !== null);
      const got = found ? sortByField(pods, field).map((p) => p.metadata.name) : [];
      // With one pod the table is not sorted at all.
      if (c.values.length > 1) expect(got).toEqual(c.table);
      expect(got).toEqual(c.names);
    });
  }
});

describe('kubectl get --sort-by on a cluster, against the recorded orders', () => {
  const picked = fixture.cases.filter((c) => c.kind === 'startTime' || (c.values.length >= 40 && c.values.length <= 80));
  for (const c of picked) {
    it(`${c.kind}, ${c.values.length} pods: table and -o name`, async () => {
      const k = new TestCluster();
      c.values.forEach((v, i) => k.add(podFor(i, c.kind, v)));
      const table = await k.run(`get pods --no-headers --sort-by=${c.sortBy}`);
      expect(table.stdout.split('\n').filter(Boolean).map((l) => l.split(/\s+/)[0])).toEqual(c.table);
      if (c.table.length === 0) expect(table.stderr).toBe('No resources found in default namespace.\n');
      const names = await k.run(`get pods -o name --sort-by=${c.sortBy}`);
      expect(names.stdout.split('\n').filter(Boolean).map((l) => l.replace('pod/', ''))).toEqual(c.names);
      if (c.names.length === 0) expect(names.stderr).toBe(`error: couldn't find any field with path "${relaxedJsonPath(c.sortBy)}" in the list of objects\n`);
    });
  }
});
