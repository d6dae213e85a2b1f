/**
 * Words the practice front-ends (the TUI and the plain line mode) handle
 * themselves instead of sending them to the simulated shell.
 */

/** What a line typed at the practice prompt means. */
export type PaneCommand =
  | { type: 'hint' }
  | { type: 'reset' }
  | { type: 'diagnose' }
  | { type: 'diagnose-guided'; component: string; cause: string }
  | { type: 'diagnose-free-text'; text: string }
  /** `diagnose --list`: the diagnoses recorded so far. */
  | { type: 'diagnose-list' }
  /** `diagnose --clear`: forget them all. */
  | { type: 'diagnose-clear' }
  /** `diagnose --remove <n>`: forget the n-th (1-based, as listed). */
  | { type: 'diagnose-remove'; number: number }
  /** `diagnose --<anything else>` or `--remove` without a number: misuse, never a diagnosis. */
  | { type: 'diagnose-bad-option'; option: string }
  | { type: 'submit' }
  | { type: 'help' }
  | { type: 'briefing' }
  | { type: 'quit' }
  | { type: 'shell'; line: string };

/** Where the learner is, which decides what `exit` means. */
export interface PaneContext {
  /** True when the prompt is the starting host's (the workstation), not an ssh'd node. */
  onWorkstation: boolean;
}

/**
 * Classifies a typed line. `exit` quits only on the workstation; on a node it
 * goes to the shell, which leaves the ssh session like a real one.
 */
export function parsePaneCommand(line: string, context: PaneContext): PaneCommand {
  const trimmed = line.trim();
  const [word = '', ...rest] = trimmed.split(/\s+/);
  const args = trimmed.slice(word.length).trim();
  switch (word) {
    case 'hint':
      if (rest.length === 0) return { type: 'hint' };
      break;
    case 'reset':
      if (rest.length === 0) return { type: 'reset' };
      break;
    case 'submit':
    case 'grade':
      if (rest.length === 0) return { type: 'submit' };
      break;
    case 'help':
      if (rest.length === 0) return { type: 'help' };
      break;
    case 'briefing':
      if (rest.length === 0) return { type: 'briefing' };
      break;
    case 'quit':
      return { type: 'quit' };
    case 'exit':
      if (context.onWorkstation) return { type: 'quit' };
      break;
    case 'diagnose':
      return parseDiagnose(args);
  }
  return { type: 'shell', line };
}

function parseDiagnose(args: string): PaneCommand {
  if (args.length === 0) return { type: 'diagnose' };
  if (args.startsWith('-')) return parseDiagnoseOption(args.split(/\s+/));
  const quoted = /^(["'])([\s\S]*)\1$/.exec(args);
  if (quoted) return { type: 'diagnose-free-text', text: (quoted[2] ?? '').trim() };
  const words = args.split(/\s+/);
  if (words.length === 2) return { type: 'diagnose-guided', component: words[0]!, cause: words[1]! };
  return { type: 'diagnose-free-text', text: args };
}

function parseDiagnoseOption(words: readonly string[]): PaneCommand {
  const [option = '', ...rest] = words;
  if (option === '--list' && rest.length === 0) return { type: 'diagnose-list' };
  if (option === '--clear' && rest.length === 0) return { type: 'diagnose-clear' };
  if (option === '--remove' && rest.length === 1 && /^[1-9]\d{0,5}$/.test(rest[0]!)) return { type: 'diagnose-remove', number: Number(rest[0]) };
  return { type: 'diagnose-bad-option', option: words.join(' ') };
}

/** The host part of a prompt like `learner@workstation:~$ `, or the whole prompt when it has none. */
export function promptHost(prompt: string): string {
  const match = /^[^@\s]+@([^:\s]+)[:\s]/.exec(prompt);
  return match ? match[1]! : prompt.trim();
}

/** The pane's help text, shown by `help`. */
export const PANE_HELP = [
  'Investigate with real commands (kubectl, crictl, journalctl, systemctl, ssh <node>, ...).',
  'Practice commands:',
  '  hint                       show the next hint',
  '  diagnose                   name the broken component and cause (guided, or free text)',
  '  diagnose <component> <cause>   or   diagnose "free text"',
  '  diagnose --list | --clear | --remove <n>   the diagnoses recorded (one per fault)',
  '  submit (or grade)          grade the attempt as it stands',
  '  briefing                   show the briefing again',
  '  reset                      restart the scenario from the beginning',
  '  quit (or exit on the workstation)   leave the scenario',
].join('\n');
