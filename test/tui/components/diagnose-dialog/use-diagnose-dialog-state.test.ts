import { describe, it, expect } from 'vitest';
import {
  diagnoseDialogReducer,
  initialDiagnoseDialogState,
  pendingDiagnosis,
  type DiagnoseDialogAction,
} from '../../../../src/tui/components/diagnose-dialog/use-diagnose-dialog-state.js';
import { FAKE_CHOICES } from '../../../helpers/fake-session.js';

const run = (...actions: DiagnoseDialogAction[]) => actions.reduce(diagnoseDialogReducer, initialDiagnoseDialogState(FAKE_CHOICES));

describe('diagnoseDialogReducer', () => {
  it('starts guided on the first component with nothing to submit', () => {
    const s = run();
    expect(s).toMatchObject({ mode: 'guided', step: 'component', componentIndex: 0 });
    expect(pendingDiagnosis(s)).toBeUndefined();
  });

  it('picks a component, then a cause, clamped at the ends', () => {
    const s = run({ type: 'move-down' }, { type: 'move-down' }, { type: 'confirm' }, { type: 'move-down' }, { type: 'move-down' });
    expect(s).toMatchObject({ step: 'cause', componentIndex: 1, causeIndex: 1 });
    expect(pendingDiagnosis(s)).toEqual({ kind: 'guided', component: 'kubelet', cause: 'client-certificate-expired' });
  });

  it('goes back to the components and resets the cause on the next confirm', () => {
    const s = run({ type: 'move-down' }, { type: 'confirm' }, { type: 'move-down' }, { type: 'back' }, { type: 'confirm' });
    expect(s).toMatchObject({ step: 'cause', causeIndex: 0 });
  });

  it('switches to free text and back, keeping the text', () => {
    const s = run({ type: 'toggle-mode' }, { type: 'insert', text: 'disk full' }, { type: 'delete-backward' });
    expect(pendingDiagnosis(s)).toEqual({ kind: 'free-text', text: 'disk ful' });
    expect(diagnoseDialogReducer(s, { type: 'toggle-mode' }).mode).toBe('guided');
  });

  it('has nothing to submit for blank free text', () => {
    expect(pendingDiagnosis(run({ type: 'toggle-mode' }, { type: 'insert', text: '   ' }))).toBeUndefined();
  });

  it('is free text only when there are no choices', () => {
    const s = initialDiagnoseDialogState([]);
    expect(s.mode).toBe('free-text');
    expect(diagnoseDialogReducer(s, { type: 'toggle-mode' })).toBe(s);
  });
});
