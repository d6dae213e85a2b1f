/** Colours shared by the screens. */
export const theme = {
  title: 'cyan',
  selected: 'cyan',
  muted: 'gray',
  warning: 'yellow',
  error: 'red',
  good: 'green',
  bad: 'red',
} satisfies Record<string, string>;
