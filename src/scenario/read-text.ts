/** Reading a scenario (or quiz bank) file without loading the YAML parser or the schemas. */
import { readFileSync } from 'node:fs';
import type { ScenarioError } from './load.js';

/** Reads a file as UTF-8, or describes why it cannot be read. */
export function readText(path: string, noun = 'scenario'): string | ScenarioError {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : String((err as Error).message);
    return { file: path, line: 0, col: 0, message: `cannot read ${noun}: ${why}` };
  }
}
