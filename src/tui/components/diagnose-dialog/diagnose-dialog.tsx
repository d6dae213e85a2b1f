import { Box, Text } from 'ink';
import type { Diagnosis, DiagnosisComponent } from '../../../practice/types.js';
import { theme } from '../../theme.js';
import { useDiagnoseDialog } from './use-diagnose-dialog.js';
import { useDiagnoseDialogState, type DiagnoseDialogState } from './use-diagnose-dialog-state.js';

/** Props of {@link DiagnoseDialog}. */
export interface DiagnoseDialogProps {
  readonly choices: readonly DiagnosisComponent[];
  readonly onSubmit: (diagnosis: Diagnosis) => void;
  readonly onCancel: () => void;
  readonly isActive: boolean;
  /** Rows available for the option lists. */
  readonly maxRows: number;
}

/** Asks for the diagnosis: a component and cause from the taxonomy, or a sentence. */
export function DiagnoseDialog({ choices, onSubmit, onCancel, isActive, maxRows }: DiagnoseDialogProps) {
  const [state, dispatch, stateRef] = useDiagnoseDialogState(choices);
  useDiagnoseDialog({ stateRef, dispatch, onSubmit, onCancel, isActive });
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={1}>
      <Text bold>
        Diagnose{' '}
        <Text color={state.mode === 'guided' ? theme.selected : theme.muted}>[guided]</Text>{' '}
        <Text color={state.mode === 'free-text' ? theme.selected : theme.muted}>[free text]</Text>
      </Text>
      {state.mode === 'guided' ? <Guided state={state} maxRows={maxRows} /> : <FreeText text={state.text} />}
      <Text color={theme.muted}>{helpLine(state)}</Text>
    </Box>
  );
}

function helpLine(state: DiagnoseDialogState): string {
  if (state.mode === 'free-text') return 'Type what is broken and why · Enter submit · Tab guided · Esc cancel';
  if (state.step === 'component') return '↑/↓ pick the broken component · Enter next · Tab free text · Esc cancel';
  return '↑/↓ pick the cause · Enter submit · ← back · Esc cancel';
}

function Guided({ state, maxRows }: { state: DiagnoseDialogState; maxRows: number }) {
  const component = state.choices[state.componentIndex];
  if (state.step === 'component') {
    return (
      <Box flexDirection="column">
        <Text>Which component is broken?</Text>
        <OptionList labels={state.choices.map((c) => c.label)} selected={state.componentIndex} maxRows={maxRows - 1} />
      </Box>
    );
  }
  return (
    <Box flexDirection="column">
      <Text>
        Why is <Text bold>{component?.label}</Text> broken?
      </Text>
      <OptionList labels={component?.causes.map((c) => c.label) ?? []} selected={state.causeIndex} maxRows={maxRows - 1} />
    </Box>
  );
}

function OptionList({ labels, selected, maxRows }: { labels: string[]; selected: number; maxRows: number }) {
  const visible = Math.max(1, maxRows);
  const first = Math.min(Math.max(0, selected - visible + 1), Math.max(0, labels.length - visible));
  return (
    <Box flexDirection="column">
      {labels.slice(first, first + visible).map((label, i) => (
        <Text key={first + i} color={first + i === selected ? theme.selected : undefined} wrap="truncate">
          {first + i === selected ? '❯ ' : '  '}
          {label}
        </Text>
      ))}
    </Box>
  );
}

function FreeText({ text }: { text: string }) {
  return (
    <Text>
      {'> '}
      {text}
      <Text inverse> </Text>
    </Text>
  );
}
