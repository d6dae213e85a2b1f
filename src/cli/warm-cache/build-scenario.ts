/**
 * The scenario a snapshot is built from, made ready in the detached build
 * process: the file's bytes checked against the digest its key was computed
 * from, loaded as a command loads it (the build's validated copy of a
 * shipped file, else the full validation), and written as JSON for the
 * process that warms it up. That process runs the simulation bundle, which
 * holds no YAML parser, schemas or validator: every one of them would be in
 * every snapshot's heap, deserialised by every process started from it.
 */
import { isDeepStrictEqual } from 'node:util';
import { readFileSync } from 'node:fs';
import { prevalidatedScenario } from '../../scenario/prevalidated.js';
import type { Scenario } from '../../scenario/schema.js';
import { scenarioDigest } from './key.js';
import type { BuildOrder } from './protocol.js';

/** The scenario of `order` as JSON, or why it is not to be cached. */
export async function scenarioForBuild(order: BuildOrder): Promise<{ ok: true; json: string } | { ok: false; why: string }> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(order.file);
  } catch {
    return { ok: false, why: 'cannot read the scenario' };
  }
  // The key was computed from the bytes the CLI read; a file changed since must not be cached under it.
  if (scenarioDigest(bytes) !== order.digest) return { ok: false, why: 'the scenario changed while its cluster was being warmed up' };
  const text = bytes.toString('utf8');
  let scenario: Scenario | undefined = prevalidatedScenario(text, order.file);
  if (scenario === undefined) {
    const { loadValidScenarioText } = await import('../../scenario/validate.js');
    const loaded = loadValidScenarioText(text, order.file);
    if (!loaded.ok) return { ok: false, why: 'the scenario does not validate' };
    scenario = loaded.scenario;
  }
  const json = wholeJson(scenario);
  return json === undefined ? { ok: false, why: 'the scenario does not survive a JSON round trip' } : { ok: true, json };
}

/**
 * `value` as JSON, if parsing it gives back exactly `value`; else
 * undefined. A run in process uses the validated objects themselves, so a
 * cluster is cached only from what JSON carries whole: no NaN or Infinity
 * (null in JSON), no -0 (0), no undefined member (none), no other prototype.
 */
export function wholeJson(value: unknown): string | undefined {
  const json = JSON.stringify(value);
  return json !== undefined && isDeepStrictEqual(JSON.parse(json), value) ? json : undefined;
}
