/** A cached warm cluster prints what a fresh warm-up prints: part 1 of the scenarios outside the cover (see same-transcripts.ts). */
import { describe, it } from 'vitest';
import { loadShipped } from '../../../src/cli/load.js';
import { useBuiltCli } from './built-cli.js';
import { compareCachedAndFresh, restParts } from './same-transcripts.js';

const cli = useBuiltCli();

const part = restParts(loadShipped().scenarios)[0]!;

describe('a cached warm cluster prints what a fresh warm-up prints', () => {
  for (const s of part) it(s.scenario.metadata.id, () => compareCachedAndFresh(cli, s), 300_000);
});
