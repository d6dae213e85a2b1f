import { describe, it, expect } from 'vitest';
import type { Key } from 'ink';
import { chunkActions, terminalPaneKeyAction } from '../../../../src/tui/components/terminal-pane/use-terminal-pane.js';

const none: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false,
  home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false,
  backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false,
};
const key = (k: Partial<Key>) => ({ ...none, ...k });

describe('terminalPaneKeyAction', () => {
  it('maps readline control keys', () => {
    expect(terminalPaneKeyAction('a', key({ ctrl: true }))).toEqual({ type: 'cursor-start' });
    expect(terminalPaneKeyAction('e', key({ ctrl: true }))).toEqual({ type: 'cursor-end' });
    expect(terminalPaneKeyAction('u', key({ ctrl: true }))).toEqual({ type: 'kill-to-start' });
    expect(terminalPaneKeyAction('w', key({ ctrl: true }))).toEqual({ type: 'kill-word-backward' });
    expect(terminalPaneKeyAction('l', key({ ctrl: true }))).toEqual({ type: 'clear-screen' });
    expect(terminalPaneKeyAction('x', key({ ctrl: true }))).toBeUndefined();
  });

  it('treats Ink\'s `delete` (the 0x7f byte) as Backspace', () => {
    expect(terminalPaneKeyAction('', key({ delete: true }))).toEqual({ type: 'delete-backward' });
    expect(terminalPaneKeyAction('', key({ backspace: true }))).toEqual({ type: 'delete-backward' });
  });

  it('maps arrows, paging and Enter; Tab asks for completion, Esc ends a search; inserts text', () => {
    expect(terminalPaneKeyAction('', key({ upArrow: true }))).toEqual({ type: 'history-previous' });
    expect(terminalPaneKeyAction('', key({ pageUp: true }))).toEqual({ type: 'page-up' });
    expect(terminalPaneKeyAction('', key({ return: true }))).toEqual({ type: 'submit' });
    expect(terminalPaneKeyAction('', key({ tab: true }))).toEqual({ type: 'tab' });
    expect(terminalPaneKeyAction('', key({ tab: true, shift: true }))).toBeUndefined();
    expect(terminalPaneKeyAction('', key({ escape: true, meta: true }))).toEqual({ type: 'search-accept' });
    expect(terminalPaneKeyAction('get', none)).toEqual({ type: 'insert', text: 'get' });
  });
});

describe('terminalPaneKeyAction: search, yank and word motion', () => {
  it('maps Ctrl+R, Ctrl+G, Ctrl+Y and Ctrl+I as readline binds them', () => {
    expect(terminalPaneKeyAction('r', key({ ctrl: true }))).toEqual({ type: 'search-start' });
    expect(terminalPaneKeyAction('g', key({ ctrl: true }))).toEqual({ type: 'search-cancel' });
    expect(terminalPaneKeyAction('y', key({ ctrl: true }))).toEqual({ type: 'yank' });
    expect(terminalPaneKeyAction('i', key({ ctrl: true }))).toEqual({ type: 'tab' });
  });

  it('maps Alt+B and Alt+F (ESC b, ESC f, which Ink reports as meta) to word motion', () => {
    expect(terminalPaneKeyAction('b', key({ meta: true }))).toEqual({ type: 'word-left' });
    expect(terminalPaneKeyAction('f', key({ meta: true }))).toEqual({ type: 'word-right' });
    expect(terminalPaneKeyAction('x', key({ meta: true }))).toBeUndefined();
  });
});

describe('chunkActions', () => {
  it('decodes a Tab inside a chunk (tmux send-keys, a paste) as a completion request', () => {
    expect(chunkActions('kubectl get po\t')).toEqual([{ type: 'insert', text: 'kubectl get po' }, { type: 'tab' }]);
  });

  it('leaves plain text to a single insert', () => {
    expect(chunkActions('kubectl get pods')).toBeUndefined();
  });

  it('decodes Enter, Backspace and Ctrl keys that arrive in one chunk', () => {
    expect(chunkActions('ls\r\u007F\u007Fpo\u0001x\u0005\r\n')).toEqual([
      { type: 'insert', text: 'ls' },
      { type: 'submit' },
      { type: 'delete-backward' },
      { type: 'delete-backward' },
      { type: 'insert', text: 'po' },
      { type: 'cursor-start' },
      { type: 'insert', text: 'x' },
      { type: 'cursor-end' },
      { type: 'submit' },
    ]);
  });

  it('keeps Ctrl+C (ETX) and Ctrl+D in a chunk as an interrupt and a delete-char', () => {
    expect(chunkActions('sys\u0003ls\u0004')).toEqual([
      { type: 'insert', text: 'sys' },
      { type: 'interrupt' },
      { type: 'insert', text: 'ls' },
      { type: 'delete-forward' },
    ]);
  });
});
