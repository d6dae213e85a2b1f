import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { editorCommand, openExternalEditor } from '../../src/cli/editor.js';

// kubectl's pkg/cmd/util/editor/editor.go (defaultEnvEditor): no space => the
// program; spaces without quotes/backslashes => split on spaces; else the shell.
describe('editorCommand', () => {
  it('runs a plain editor directly with the file as its only argument', () => {
    expect(editorCommand('vim', '/t/f.yaml')).toEqual({ file: 'vim', args: ['/t/f.yaml'] });
  });
  it('splits an editor with arguments on spaces, like kubectl', () => {
    expect(editorCommand('code --wait', '/t/f.yaml')).toEqual({ file: 'code', args: ['--wait', '/t/f.yaml'] });
  });
  it('hands a quoted setting to sh with the path as $1, never inside the command text', () => {
    const c = editorCommand('"/opt/my editor/bin/ed" -x', '/t/$(touch X).yaml');
    expect(c.file).toBe('/bin/sh');
    expect(c.args[1]).toBe('"/opt/my editor/bin/ed" -x "$1"');
    expect(c.args[3]).toBe('/t/$(touch X).yaml');
  });
});

describe('openExternalEditor', () => {
  let dir: string;
  const saved = { EDITOR: process.env.EDITOR, KUBE_EDITOR: process.env.KUBE_EDITOR };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kubedrill-editor-test-'));
    delete process.env.KUBE_EDITOR;
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it('runs only the editor for an object whose name holds shell syntax: no marker file, argv is just the temp file', async () => {
    const log = join(dir, 'argv.log');
    const script = join(dir, 'record-editor');
    // Records its argv (one per line) and appends a line so the edit is "saved".
    writeFileSync(script, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a" >> '${log}'; done\necho '# edited' >> "$1"\n`);
    chmodSync(script, 0o755);
    process.env.EDITOR = script;
    const marker = join(dir, 'MARKER');
    const name = `audit"; touch ${marker}; echo "$(touch ${marker})`;
    const out = await openExternalEditor('kind: ClusterRole\n', `${name}.yaml`);
    expect(out).toBe('kind: ClusterRole\n# edited\n');
    expect(existsSync(marker)).toBe(false);
    const argv = readFileSync(log, 'utf8').trimEnd().split('\n');
    expect(argv).toHaveLength(1);
    // kubectl's LaunchTempFile pattern: kubectl-edit-*.yaml, nothing of the object's name.
    expect(argv[0]).toMatch(/\/kubectl-edit-[0-9a-f]+\.yaml$/);
    expect(argv[0]).not.toContain('audit');
    expect(readdirSync(dir).sort()).toEqual(['argv.log', 'record-editor']);
  });

  it('returns undefined when the editor fails', async () => {
    process.env.EDITOR = 'false';
    expect(await openExternalEditor('x: 1\n', 'web.yaml')).toBeUndefined();
  });
});
