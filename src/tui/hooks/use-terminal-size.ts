import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

/** Terminal size in columns and rows. */
export interface TerminalSize {
  columns: number;
  rows: number;
}

function sizeOf(stdout: NodeJS.WriteStream): TerminalSize {
  // Test streams have no rows; COLUMNS/LINES are the shell's own fallbacks.
  const columns = stdout.columns || Number(process.env.COLUMNS) || 80;
  const rows = stdout.rows || Number(process.env.LINES) || 24;
  return { columns, rows };
}

/** The output stream's size, updated on resize (Ink 6.8 has no useWindowSize). */
export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => sizeOf(stdout));
  useEffect(() => {
    const onResize = () => setSize(sizeOf(stdout));
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
