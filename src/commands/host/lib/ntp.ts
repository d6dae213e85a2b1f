/**
 * Time synchronisation on a node (chrony, as `timedatectl set-ntp` and
 * `chronyc` drive it). chronyd's `makestep 1 3` (Ubuntu's chrony.conf) steps
 * a large error right after it starts, so starting NTP corrects the clock at
 * once; this is done immediately (commands cannot schedule on the cluster's
 * queue). Journal texts are chrony 4.2's (reference.c, sys_generic.c) and
 * systemd's unit messages as systemd.ts writes them.
 */
import type { NodeHost } from '../../../cluster/host/node-host.js';
import { unitStarted, unitStarting, unitStopped, unitStopping, unitSuccess } from '../../../cluster/host/systemd-messages.js';

/** chrony's unit. */
export const CHRONY_UNIT = 'chrony.service';
const CHRONY_DESCRIPTION = 'chrony, an NTP client/server';
const CHRONY = { name: CHRONY_UNIT, description: CHRONY_DESCRIPTION };

/** chronyd's process id per host (started at boot with a low pid; restarts take a fresh one). */
const chronydPids = new WeakMap<NodeHost, number>();

/** chronyd's pid on a host, or 0 when it does not run. */
export function chronydPid(host: NodeHost): number {
  if (!host.ntp.service) return 0;
  return chronydPids.get(host) ?? 612;
}

function log(host: NodeHost, identifier: string, pid: number, message: string, priority = 6): void {
  host.journal.append({ time: host.now(), identifier, unit: CHRONY_UNIT, pid, priority, message });
}

/** The correction chronyd applies, in seconds (negative when the clock is ahead). */
function correction(host: NodeHost): string {
  return (-host.clockOffsetMs / 1000).toFixed(6);
}

/** Steps the host clock to true time, logging as chronyd does. */
export function stepClock(host: NodeHost, pid: number): void {
  if (host.clockOffsetMs === 0) return;
  log(host, 'chronyd', pid, `System clock wrong by ${correction(host)} seconds`, 4);
  const by = correction(host);
  host.clockOffsetMs = 0;
  log(host, 'chronyd', pid, `System clock was stepped by ${by} seconds`, 4);
}

/** `timedatectl set-ntp true`: starts chronyd, which syncs and steps the clock. */
export function startNtp(host: NodeHost): void {
  if (host.ntp.service && host.ntp.synchronized) return;
  let pid = chronydPids.get(host);
  if (!host.ntp.service) {
    pid = host.nextPid();
    chronydPids.set(host, pid);
    // chrony.service is Type=forking: its start job has an activating phase, so systemd logs `Starting …` too.
    const job = host.nextJobId();
    host.journal.append(unitStarting(host.now(), CHRONY, job));
    log(host, 'chronyd', pid, 'chronyd version 4.2 starting (+CMDMON +NTP +REFCLOCK +RTC +PRIVDROP +SCFILTER +SIGND +ASYNCDNS +NTS +SECHASH +IPV6 -DEBUG)');
    host.journal.append(unitStarted(host.now(), CHRONY, job));
    host.ntp.service = true;
  }
  const running = pid ?? chronydPid(host);
  log(host, 'chronyd', running, 'Selected source 185.125.190.57 (ntp.ubuntu.com)');
  stepClock(host, running);
  host.ntp.synchronized = true;
}

/** `timedatectl set-ntp false`: stops chronyd; the clock keeps its current error. */
export function stopNtp(host: NodeHost): void {
  if (!host.ntp.service) return;
  const pid = chronydPid(host);
  const job = host.nextJobId();
  host.journal.append(unitStopping(host.now(), CHRONY, job));
  log(host, 'chronyd', pid, 'chronyd exiting');
  host.journal.append(unitSuccess(host.now(), CHRONY));
  host.journal.append(unitStopped(host.now(), CHRONY, job));
  host.ntp.service = false;
  host.ntp.synchronized = false;
  chronydPids.delete(host);
}
