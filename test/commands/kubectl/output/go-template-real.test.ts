/**
 * `-o go-template` against real kubectl v1.32.4: every template in
 * fixtures/go-template.templates.txt was rendered by kubectl on the same
 * Deployment (scripts/record-kubectl-go-template.mjs); our printer must
 * print the same stdout and error. kubectl rendered a typed object there, so
 * its "raw data was" debugging line lists fields in Go struct order, where
 * `kubectl get` (unstructured) sorts them; that one line is compared apart.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printGoTemplate } from '../../../../src/commands/kubectl/output/go-template/printer.js';

interface Recorded {
  template: string;
  stdout: string;
  stderr: string;
  exitCode: number;
}
const fixture = JSON.parse(readFileSync(new URL('./fixtures/go-template.real.json', import.meta.url), 'utf8')) as { object: unknown; records: Recorded[] };
const RAW_LINE = /(\traw data was:\n\t\t).*\n/;

describe('go-template output matches real kubectl', () => {
  for (const r of fixture.records) {
    it(r.template, () => {
      const ours = printGoTemplate(r.template, fixture.object, { allowMissingKeys: true });
      const stdout = ours.ok ? ours.text : ours.stdout;
      expect(stdout.replace(RAW_LINE, '$1…\n')).toBe(r.stdout.replace(RAW_LINE, '$1…\n'));
      expect(ours.ok ? '' : `error: ${ours.error}\n`).toBe(r.stderr);
      expect(ours.ok ? 0 : 1).toBe(r.exitCode);
    });
  }

  it('covers parse errors, execution errors and output', () => {
    expect(fixture.records.filter((r) => r.stderr.startsWith('error: error parsing template')).length).toBeGreaterThan(10);
    expect(fixture.records.filter((r) => r.stderr.startsWith('error: error executing template')).length).toBeGreaterThan(15);
    expect(fixture.records.filter((r) => r.exitCode === 0).length).toBeGreaterThan(60);
  });
});
