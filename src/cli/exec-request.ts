/** What one `kubedrill exec` asks for, as plain data (it crosses into the warmed-cluster cache's process). */
export type ExecRequest = {
  /** The scenario file, as resolved from the command line. */
  file: string;
  /** The seed given with --seed; the scenario's own when undefined. */
  seed: number | undefined;
} & ({ mode: 'line'; line: string } | { mode: 'script'; text: string; json: boolean });
