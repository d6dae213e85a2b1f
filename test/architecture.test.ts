import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// Dependencies flow one way (ARCHITECTURE.md §8, STYLE.md "Module boundaries"):
// tui/cli → practice → quiz, grading → scenario → commands/shell → cluster.
// practice runs a scenario for a learner (run, hints, diagnosis, grading,
// transcript), so it sits above both scenario and grading; grading judges
// scenario data and knows nothing of sessions.
const FORBIDDEN: Record<string, string[]> = {
  cluster: ['faults', 'commands', 'shell', 'tui', 'cli', 'scenario', 'grading', 'practice', 'quiz', 'progress'],
  faults: ['commands', 'shell', 'tui', 'cli', 'scenario', 'grading', 'practice', 'quiz', 'progress'],
  commands: ['tui', 'cli', 'scenario', 'grading', 'practice', 'quiz', 'faults'],
  shell: ['tui', 'cli', 'scenario', 'grading', 'practice', 'quiz', 'faults'],
  scenario: ['tui', 'cli', 'grading', 'practice', 'quiz'],
  grading: ['tui', 'cli', 'practice', 'quiz'],
  quiz: ['tui', 'cli'],
  practice: ['tui', 'cli'],
  progress: ['cluster', 'commands', 'shell', 'tui', 'cli'],
  tui: ['cli'],
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]);
}

describe('module boundaries', () => {
  for (const [layer, banned] of Object.entries(FORBIDDEN)) {
    it(`src/${layer} imports nothing from ${banned.join(', ')}`, () => {
      const offenders: string[] = [];
      for (const file of filesUnder(join('src', layer))) {
        for (const spec of importsOf(file)) {
          const target = relative('src', join(file, '..', spec)).split('/')[0];
          if (banned.includes(target)) offenders.push(`${file} → ${spec}`);
        }
      }
      expect(offenders).toEqual([]);
    });
  }

  it('no module in src/ reads the wall clock or unseeded randomness outside the UI edge', () => {
    const offenders = filesUnder('src')
      .filter((f) => !f.startsWith('src/tui/') && !f.startsWith('src/cli/') && !f.startsWith('src/progress/'))
      .filter((f) => /\bDate\.now\(\)|\bMath\.random\(\)/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it("no module below the UI edge orders or formats by the user's locale", () => {
    // localeCompare, Intl and toLocale* follow LANG (the same commands would print another order on
    // another machine), and the first call starts ICU's collator or formatter: 20-40 ms in a one-shot command.
    const offenders = filesUnder('src')
      .filter((f) => !f.startsWith('src/tui/') && !f.startsWith('src/cli/'))
      .filter((f) => /\.localeCompare\(|\bIntl\.|\.toLocale\w*\(/.test(readFileSync(f, 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '')));
    expect(offenders).toEqual([]);
  });
});
