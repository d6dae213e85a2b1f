/**
 * The entry of `dist/simulation.cjs`: the whole simulation as one CommonJS
 * file, with what `exec`, `verify`, `play` and hands-on quiz questions run on it. They load it in process
 * through V8's code cache (simulation.ts), and `node --build-snapshot` runs
 * it to build a warmed cluster's snapshot (warm-cache/snapshot-main.ts),
 * so the bundle's hash is the build id that keys both caches.
 */
import './warm-cache/snapshot-main.js';
import { runExecRequest } from './exec-run.js';
import { verifyScenario } from '../practice/verify.js';
import { createPracticeSession, openPracticeSession } from '../practice/practice.js';
import { openHandsOn } from '../quiz/hands-on.js';
import type { Simulation } from './simulation.js';

// Set by hand, not with `export`: the snapshot builder runs the bundle with no `module` to export to.
if (typeof module === 'object') module.exports = { runExecRequest, verifyScenario, createPracticeSession, openPracticeSession, openHandsOn } satisfies Simulation;
