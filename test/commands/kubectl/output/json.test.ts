import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printJson, toJson } from '../../../../src/commands/kubectl/output/json.js';

const fixture = (name: string): string => readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), 'utf8');

describe('toJson against recorded kubectl -o json', () => {
  it.each(['pod-real', 'p', 'q', 'r'])('%s', (name) => {
    const text = fixture(`${name}.input.json`);
    expect(toJson(JSON.parse(text))).toBe(text);
  });

  it('sorts keys, escapes HTML and wraps lists', () => {
    expect(printJson([{ b: '<none> & x', a: [], c: {} }])).toBe(
      `{
    "apiVersion": "v1",
    "items": [
        {
            "a": [],
            "b": "\\u003cnone\\u003e \\u0026 x",
            "c": {}
        }
    ],
    "kind": "List",
    "metadata": {
        "resourceVersion": ""
    }
}
`,
    );
  });
});
