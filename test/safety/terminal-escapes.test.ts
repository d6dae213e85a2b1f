/**
 * Control sequences from scenario text or from the learner's own commands never
 * reach the real terminal: the TUI's text boundary (wrap.ts), line mode and
 * `kubedrill exec` strip them.
 */
import { describe, expect, it } from 'vitest';
import { PassThrough, Readable } from 'node:stream';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execCommand } from '../../src/cli/exec.js';
import { verifyCommand } from '../../src/cli/verify.js';
import { runLineMode } from '../../src/tui/line-mode.js';
import { normalizeTerminalLine, outputLines, wrapText } from '../../src/tui/text/wrap.js';
import { FAKE_CHOICES, FakeSession } from '../helpers/fake-session.js';
import { sink } from '../helpers/sink.js';

const OSC52 = '\x1b]52;c;ZWNobyBwd25lZA==\x07';
const CLEAR = '\x1b[2J\x1b[3J\x1b[H';
const TITLE = '\x1b]0;pwned\x07';

describe('kubedrill exec', () => {
  it("strips the OSC 52 clipboard write of a learner's echo -e", async () => {
    const out = sink();
    const code = await execCommand('pending-insufficient-cpu', [`echo -e 'a\\e]52;c;ZWNobyBwd25lZA==\\ab\\e[2Jc'`], {}, out, sink());
    expect(code).toBe(0);
    expect(out.text()).toBe('abc\n');
  });
});

describe('TUI text boundary', () => {
  it('terminal pane lines lose every control sequence but keep tabs as spaces', () => {
    expect(outputLines(`x${OSC52}y\n${CLEAR}z\t1\r\n`)).toEqual(['xy', 'z       1']);
    expect(normalizeTerminalLine(`$ echo ${TITLE}hi`)).toBe('$ echo hi');
  });
  it('briefing, hints and explanation prose is wrapped without control sequences', () => {
    expect(wrapText(`Fix ${TITLE}the node${OSC52}.\n${CLEAR}Then submit.`, 80)).toEqual(['Fix the node.', 'Then submit.']);
  });
});

describe('line mode', () => {
  it('strips control sequences from briefing, hints and command output', async () => {
    const session = new FakeSession({ outputs: { 'kubectl get nodes': `NAME${OSC52}\n` }, hints: [`Look ${CLEAR}here.`], choices: FAKE_CHOICES, briefing: `Brief${TITLE}ing` });
    const output = new PassThrough();
    let text = '';
    output.on('data', (chunk: Buffer) => (text += chunk.toString()));
    await runLineMode({ session, input: Readable.from(['kubectl get nodes\nhint\nquit\n']), output, progress: { recordAttempt: async () => undefined } });
    expect(text).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
    expect(text).toContain('Briefing');
    expect(text).toContain('NAME\n');
    expect(text).toContain('Look here.');
  });
});

describe('kubedrill verify', () => {
  it('quotes a failing solution step without the control sequences its output carried', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kubedrill-verify-'));
    try {
      const good = readFileSync(join(import.meta.dirname, '../fixtures/scenarios/pending-insufficient-cpu.yaml'), 'utf8');
      const file = join(dir, 'pending-insufficient-cpu.yaml');
      writeFileSync(file, good.replace('  - kubectl delete pod batch', `  - printf 'x\\e]52;c;AA==\\ay\\n'; false`));
      const err = sink();
      expect(await verifyCommand([file], sink(), err)).toBe(1);
      expect(err.text()).toContain("solution step `printf 'x\\e]52;c;AA==\\ay\\n'; false` failed (exit 1):\n    xy");
      expect(err.text()).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
