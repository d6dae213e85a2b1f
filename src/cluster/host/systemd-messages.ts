/**
 * The journal entries systemd 249 (PID 1) writes about a unit's jobs and
 * processes, with their MESSAGE_ID and the fields its catalog entries name
 * (src/core/job.c job_emit_*_message, src/core/unit.c unit_log_success /
 * unit_log_failure / unit_log_process_exit, src/core/service.c
 * service_enter_restart). 249 names a unit by its description in job
 * messages (`Started kubelet: The Kubernetes Node Agent.`); the
 * `kubelet.service - …` form came with 252's status_unit_format=combined.
 */
import type { JournalEntry } from './journal.js';

/** MESSAGE_IDs of src/systemd/sd-messages.h (v249). */
export const SYSTEMD_MESSAGE_IDS = {
  unitStarting: '7d4958e842da4a758f6c1cdc7b36dcc5',
  unitStarted: '39f53479d3a045ac8e11786248231fbf',
  unitFailed: 'be02cf6855d2428ba40df7e9d022f03d',
  unitStopping: 'de5b426a63be47a7b6ac3eaac82e2f6f',
  unitStopped: '9d1aaa27d60140bd96365438aad20286',
  unitRestartScheduled: '5eb03494b6584870a536b337290809b3',
  unitSuccess: '7ad2d189f7e94e70a38c781354912448',
  unitFailureResult: 'd9b373ed55a64feb8242e02dbe79a49c',
  unitProcessExit: '98e322203f7a4ed290d09fe03c09fe15',
} as const;

/** What a systemd message is about: the unit, its description, and the clock of the host. */
export interface UnitRef {
  readonly name: string;
  readonly description: string;
}

const INFO = 6;
const NOTICE = 5;
const WARNING = 4;

function entry(time: number, unit: UnitRef, message: string, priority: number, messageId: string, fields: Record<string, string>): JournalEntry {
  return { time, identifier: 'systemd', unit: unit.name, pid: 1, priority, message, messageId, fields: { UNIT: unit.name, ...fields } };
}

/** `Starting <description>...`: a start job began (only units with an activating phase log it, job.c job_perform_on_unit). */
export function unitStarting(time: number, unit: UnitRef, jobId: number): JournalEntry {
  return entry(time, unit, `Starting ${unit.description}...`, INFO, SYSTEMD_MESSAGE_IDS.unitStarting, { JOB_ID: String(jobId), JOB_TYPE: 'start' });
}

/** `Started <description>.`: a start job finished. */
export function unitStarted(time: number, unit: UnitRef, jobId: number): JournalEntry {
  return entry(time, unit, `Started ${unit.description}.`, INFO, SYSTEMD_MESSAGE_IDS.unitStarted, { JOB_ID: String(jobId), JOB_TYPE: 'start', JOB_RESULT: 'done' });
}

/** `Failed to start <description>.`: a start job failed (an error, job.c job_done_messages). */
export function unitFailed(time: number, unit: UnitRef, jobId: number): JournalEntry {
  return entry(time, unit, `Failed to start ${unit.description}.`, 3, SYSTEMD_MESSAGE_IDS.unitFailed, { JOB_ID: String(jobId), JOB_TYPE: 'start', JOB_RESULT: 'failed' });
}

/** `Stopping <description>...`: a stop job began. */
export function unitStopping(time: number, unit: UnitRef, jobId: number): JournalEntry {
  return entry(time, unit, `Stopping ${unit.description}...`, INFO, SYSTEMD_MESSAGE_IDS.unitStopping, { JOB_ID: String(jobId), JOB_TYPE: 'stop' });
}

/** `Stopped <description>.`: a stop job (or the stop half of a restart job) finished. */
export function unitStopped(time: number, unit: UnitRef, jobId: number): JournalEntry {
  return entry(time, unit, `Stopped ${unit.description}.`, INFO, SYSTEMD_MESSAGE_IDS.unitStopped, { JOB_ID: String(jobId), JOB_TYPE: 'stop', JOB_RESULT: 'done' });
}

/** `<unit>: Deactivated successfully.` */
export function unitSuccess(time: number, unit: UnitRef): JournalEntry {
  return entry(time, unit, `${unit.name}: Deactivated successfully.`, INFO, SYSTEMD_MESSAGE_IDS.unitSuccess, {});
}

/** `<unit>: Main process exited, code=exited, status=N/NAME`, NOTICE for a process that exited by itself. */
export function unitProcessExit(time: number, unit: UnitRef, status: number): JournalEntry {
  // exit_status_to_string(EXIT_STATUS_FULL) for the codes a service's process gives.
  const name = status === 0 ? 'SUCCESS' : status === 1 ? 'FAILURE' : status === 2 ? 'INVALIDARGUMENT' : status === 3 ? 'NOTIMPLEMENTED' : status === 4 ? 'NOPERMISSION' : status === 5 ? 'NOTINSTALLED' : status === 6 ? 'NOTCONFIGURED' : status === 7 ? 'NOTRUNNING' : 'n/a';
  return entry(time, unit, `${unit.name}: Main process exited, code=exited, status=${status}/${name}`, NOTICE, SYSTEMD_MESSAGE_IDS.unitProcessExit, { EXIT_CODE: 'exited', EXIT_STATUS: String(status), COMMAND: 'ExecStart' });
}

/** `<unit>: Failed with result 'RESULT'.`, a WARNING. */
export function unitFailureResult(time: number, unit: UnitRef, result: string): JournalEntry {
  return entry(time, unit, `${unit.name}: Failed with result '${result}'.`, WARNING, SYSTEMD_MESSAGE_IDS.unitFailureResult, { UNIT_RESULT: result });
}

/** `<unit>: Scheduled restart job, restart counter is at N.` */
export function unitRestartScheduled(time: number, unit: UnitRef, restarts: number): JournalEntry {
  return entry(time, unit, `${unit.name}: Scheduled restart job, restart counter is at ${restarts}.`, INFO, SYSTEMD_MESSAGE_IDS.unitRestartScheduled, { N_RESTARTS: String(restarts) });
}

/** `<unit>: State 'stop-sigterm' timed out. Killing.`, a WARNING (service.c service_dispatch_timer). */
export function unitStopTimedOut(time: number, unit: UnitRef): JournalEntry {
  return { time, identifier: 'systemd', unit: unit.name, pid: 1, priority: WARNING, message: `${unit.name}: State 'stop-sigterm' timed out. Killing.`, fields: { UNIT: unit.name } };
}

/** `<unit>: Killing process N (comm) with signal SIGKILL.`, a NOTICE (cgroup kill of the main process, KillMode=process). */
export function unitKilling(time: number, unit: UnitRef, pid: number, comm: string): JournalEntry {
  return { time, identifier: 'systemd', unit: unit.name, pid: 1, priority: NOTICE, message: `${unit.name}: Killing process ${pid} (${comm}) with signal SIGKILL.`, fields: { UNIT: unit.name } };
}

/** `<unit>: Main process exited, code=killed, status=9/KILL`, a NOTICE. */
export function unitProcessKilled(time: number, unit: UnitRef): JournalEntry {
  return entry(time, unit, `${unit.name}: Main process exited, code=killed, status=9/KILL`, NOTICE, SYSTEMD_MESSAGE_IDS.unitProcessExit, { EXIT_CODE: 'killed', EXIT_STATUS: '9', COMMAND: 'ExecStart' });
}
