/**
 * The client programs by the name an image or a node has them under. A
 * command line inside a container or on a node runs one of these when its
 * first word names it (after a path: `/usr/bin/curl` is `curl`).
 */
import type { Program } from './types.js';
import { wget } from './wget.js';
import { curl } from './curl.js';
import { nc } from './nc.js';
import { ping } from './ping.js';
import { ip } from './ip.js';
import { ss } from './ss.js';
import { netstat } from './netstat.js';
import { nslookup } from './nslookup.js';
import { dig } from './dig.js';
import { chroot } from './chroot.js';
import { etcdctl } from './etcdctl.js';

const PROGRAMS = new Map<string, Program>([
  ['wget', wget],
  ['curl', curl],
  ['nc', nc],
  ['ping', ping],
  ['ip', ip],
  ['ss', ss],
  ['netstat', netstat],
  ['nslookup', nslookup],
  ['dig', dig],
  ['etcdctl', etcdctl],
]);

/** Every client program by name (a fresh map: callers may add their own). */
export function clientProgramTable(): Map<string, Program> {
  return new Map(PROGRAMS);
}

/** The client program `argv0` names, if it is one the simulation runs. */
export function clientProgram(argv0: string): Program | undefined {
  return PROGRAMS.get(argv0.slice(argv0.lastIndexOf('/') + 1));
}

/** What a container runs for `argv0`: a client program, or chroot's not-simulated answer (containers only, not nodes). */
export function containerProgram(argv0: string): Program | undefined {
  return argv0.slice(argv0.lastIndexOf('/') + 1) === 'chroot' ? chroot : clientProgram(argv0);
}
