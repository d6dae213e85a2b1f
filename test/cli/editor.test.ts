import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { editorCommand, openExternalEditor } from '../../src/cli/editor.js';
import { execCommand } from '../../src/cli/exec.js';

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
  const saved = { EDITOR: process.env.EDITOR, KUBE_EDITOR: process.env.KUBE_EDITOR, HOME: process.env.HOME };
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
    const out = await openExternalEditor('kind: ClusterRole\n');
    expect(out).toBe('kind: ClusterRole\n# edited\n');
    expect(existsSync(marker)).toBe(false);
    const argv = readFileSync(log, 'utf8').trimEnd().split('\n');
    expect(argv).toHaveLength(1);
    // kubectl's LaunchTempFile pattern: kubectl-edit-*.yaml, nothing of the object's name.
    expect(argv[0]).toMatch(/\/kubectl-edit-[0-9a-f]+\.yaml$/);
    expect(argv[0]).not.toContain('audit');
    expect(readdirSync(dir).sort()).toEqual(['argv.log', 'record-editor']);
  });

  it('kubectl edit of a ClusterRole named with shell syntax runs nothing but the editor', async () => {
    const log = join(dir, 'argv.log');
    const script = join(dir, 'record-editor');
    writeFileSync(script, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a" >> '${log}'; done\n`);
    chmodSync(script, 0o755);
    process.env.EDITOR = script;
    // `cd` (to $HOME) because RBAC names may not contain '/': a shell would create the markers here.
    process.env.HOME = dir;
    const name = 'audit"; cd; touch MARKER; echo "$(cd;touch MARKER2)';
    const role = JSON.stringify({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name }, rules: [] });
    const lines = join(dir, 'script.txt');
    writeFileSync(lines, `echo '${role}' | kubectl create -f -\nkubectl edit clusterrole '${name}'\n`);
    let out = '';
    const sink = new Writable({ write: (c, _e, cb) => ((out += String(c)), cb()) });
    await execCommand('pending-insufficient-cpu', [], { script: lines }, sink, sink);
    expect(out).toContain(`clusterrole.rbac.authorization.k8s.io/${name} created`);
    expect(out).toContain('Edit cancelled, no changes made.');
    expect(existsSync(join(dir, 'MARKER'))).toBe(false);
    expect(existsSync(join(dir, 'MARKER2'))).toBe(false);
    const argv = readFileSync(log, 'utf8').trimEnd().split('\n');
    expect(argv).toHaveLength(1);
    expect(argv[0]).toMatch(/\/kubectl-edit-[0-9a-f]+\.yaml$/);
  });

  it('names the temporary file with the edited file\'s extension when it is plain letters and digits', async () => {
    const log = join(dir, 'argv.log');
    const script = join(dir, 'record-editor');
    writeFileSync(script, `#!/bin/sh\nprintf '%s\\n' "$1" >> '${log}'\n`);
    chmodSync(script, 0o755);
    process.env.EDITOR = script;
    await openExternalEditor('a=1\n', { extension: 'conf' });
    await openExternalEditor('a=1\n', { extension: 'x;touch M' });
    const argv = readFileSync(log, 'utf8').trimEnd().split('\n');
    expect(argv[0]).toMatch(/\/kubectl-edit-[0-9a-f]+\.conf$/);
    expect(argv[1]).toMatch(/\/kubectl-edit-[0-9a-f]+\.yaml$/);
  });

  it('returns undefined when the editor fails', async () => {
    process.env.EDITOR = 'false';
    expect(await openExternalEditor('x: 1\n')).toBeUndefined();
  });
});
