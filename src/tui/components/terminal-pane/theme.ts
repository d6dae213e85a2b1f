/** Colours of the terminal pane. */
export const terminalPaneTheme = {
  prompt: 'green',
  scrolledNotice: 'yellow',
  busy: 'gray',
} satisfies Record<string, string>;
