import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printYaml, toYaml, yamlKeyLess } from '../../../src/cluster/go-yaml/yaml.js';
import { resolvesToNonString, selectStyle } from '../../../src/cluster/go-yaml/yaml-scalar.js';

const fixture = (name: string): string => readFileSync(fileURLToPath(new URL(`../../commands/kubectl/output/fixtures/${name}`, import.meta.url)), 'utf8');

describe('toYaml against recorded kubectl -o yaml', () => {
  it.each(['pod-real', 'p', 'q', 'r'])('%s', (name) => {
    const input = JSON.parse(fixture(`${name}.input.json`));
    expect(toYaml(input)).toBe(fixture(`${name}.kubectl.yaml`));
  });
});

describe('yaml details', () => {
  it('wraps several objects in a List', () => {
    const a = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } };
    expect(printYaml([a])).toBe(
      `apiVersion: v1
items:
- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: a
kind: List
metadata:
  resourceVersion: ""
`,
    );
  });

  it('quotes strings that resolve to other types', () => {
    for (const s of ['', 'true', 'Yes', 'off', '~', 'null', '123', '-1', '+1', '0x1F', '0o17', '1_000', '1e3', '.5', '.inf', '2026-11-30', '2026-11-30T03:47:47Z', '99999999999999999999']) {
      expect(resolvesToNonString(s), s).toBe(true);
    }
    for (const s of ['NaN', '<<', 'abc', '1.2.3', '2026-13-01', 'v1.32.4', '-', '0x', '10.244.1.16']) {
      expect(resolvesToNonString(s), s).toBe(false);
    }
    expect(selectStyle('12:30', false)).toBe('double');
    expect(selectStyle('a: b', false)).toBe('single');
    expect(selectStyle('x\ny', false)).toBe('literal');
    expect(selectStyle('x \ny', false)).toBe('double');
    expect(selectStyle('x\ny', true)).toBe('double');
  });

  it('orders keys like yaml.v2', () => {
    const keys = ['ab', 'a10', 'a9', 'A', '_x', 'a-b'];
    keys.sort((x, y) => (yamlKeyLess(x, y) ? -1 : 1));
    expect(keys).toEqual(['_x', 'A', 'a-b', 'a9', 'a10', 'ab']);
  });
});
