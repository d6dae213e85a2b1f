import { Box, Text, useInput } from 'ink';
import { Component, type ReactNode } from 'react';
import { errorMessage } from './session-text.js';
import { theme } from './theme.js';

/** Props of {@link ErrorBoundary}. */
export interface ErrorBoundaryProps {
  readonly children: ReactNode;
  /** Enter on the error message: the app goes back to a safe screen. */
  readonly onRecover: () => void;
  readonly onQuit: () => void;
}

/**
 * Catches a render-time error in a screen and shows it as one line of text,
 * instead of Ink's stack-trace overview.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorNotice
        message={errorMessage(this.state.error)}
        onRecover={() => {
          this.setState({ error: undefined, failed: false });
          this.props.onRecover();
        }}
        onQuit={this.props.onQuit}
      />
    );
  }
}

function ErrorNotice({ message, onRecover, onQuit }: { message: string; onRecover: () => void; onQuit: () => void }) {
  useInput((input, key) => {
    if (key.return) onRecover();
    else if (input === 'q' || key.escape) onQuit();
  });
  return (
    <Box flexDirection="column">
      <Text color={theme.error}>kubedrill hit an internal error: {message}</Text>
      <Text color={theme.muted}>Enter: back to the scenario list · q quit</Text>
    </Box>
  );
}
