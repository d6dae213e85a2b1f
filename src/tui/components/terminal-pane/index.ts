export { TerminalPane, type TerminalPaneProps } from './terminal-pane.js';
export { useTerminalPane, terminalPaneKeyAction, type UseTerminalPaneOptions } from './use-terminal-pane.js';
export {
  terminalPaneReducer,
  initialTerminalPaneState,
  visibleRows,
  useTerminalPaneState,
  type TerminalPaneState,
  type TerminalPaneAction,
  type Viewport,
} from './use-terminal-pane-state.js';
