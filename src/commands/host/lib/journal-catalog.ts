/**
 * The message catalog `journalctl -x` explains entries with: systemd 249's
 * catalog/systemd.catalog.in entries for the unit messages the simulation's
 * systemd writes, with Ubuntu's SUPPORT_URL. journalctl prints the entry's
 * text after the line, each line behind `░░ ` (logs-show.c print_catalog, a
 * UTF-8 locale), `@FIELD@` replaced by the entry's field, or by the field's
 * name when the entry has none (sd-journal.c lookup_field).
 */
import type { JournalEntry } from '../../../cluster/host/journal.js';
import { SYSTEMD_MESSAGE_IDS as ID } from '../../../cluster/host/systemd-messages.js';

/** Ubuntu's systemd is built with -Dsupport-url=http://www.ubuntu.com/support. */
const SUPPORT_URL = 'http://www.ubuntu.com/support';

/** Subject and body of each catalog entry, by MESSAGE_ID. */
const CATALOG: ReadonlyMap<string, { readonly subject: string; readonly body: string }> = new Map([
  [ID.unitStarting, { subject: 'A start job for unit @UNIT@ has begun execution', body: 'A start job for unit @UNIT@ has begun execution.\n\nThe job identifier is @JOB_ID@.' }],
  [ID.unitStarted, { subject: 'A start job for unit @UNIT@ has finished successfully', body: 'A start job for unit @UNIT@ has finished successfully.\n\nThe job identifier is @JOB_ID@.' }],
  [ID.unitFailed, { subject: 'A start job for unit @UNIT@ has failed', body: 'A start job for unit @UNIT@ has finished with a failure.\n\nThe job identifier is @JOB_ID@ and the job result is @JOB_RESULT@.' }],
  [ID.unitStopping, { subject: 'A stop job for unit @UNIT@ has begun execution', body: 'A stop job for unit @UNIT@ has begun execution.\n\nThe job identifier is @JOB_ID@.' }],
  [ID.unitStopped, { subject: 'A stop job for unit @UNIT@ has finished', body: 'A stop job for unit @UNIT@ has finished.\n\nThe job identifier is @JOB_ID@ and the job result is @JOB_RESULT@.' }],
  [ID.unitRestartScheduled, { subject: 'Automatic restarting of a unit has been scheduled', body: 'Automatic restarting of the unit @UNIT@ has been scheduled, as the result for\nthe configured Restart= setting for the unit.' }],
  [ID.unitSuccess, { subject: 'Unit succeeded', body: "The unit @UNIT@ has successfully entered the 'dead' state." }],
  [ID.unitFailureResult, { subject: 'Unit failed', body: "The unit @UNIT@ has entered the 'failed' state with result '@UNIT_RESULT@'." }],
  [ID.unitProcessExit, { subject: 'Unit process exited', body: "An @COMMAND@= process belonging to unit @UNIT@ has exited.\n\nThe process' exit code is '@EXIT_CODE@' and its exit status is @EXIT_STATUS@." }],
]);

/** The `░░ ` lines `journalctl -x` prints after `entry`, or '' when the catalog does not explain it. */
export function catalogLines(entry: JournalEntry): string {
  const found = entry.messageId === undefined ? undefined : CATALOG.get(entry.messageId);
  if (!found) return '';
  const fields = entry.fields ?? {};
  const text = `Subject: ${found.subject}\nDefined-By: systemd\nSupport: ${SUPPORT_URL}\n\n${found.body}`.replace(/@([A-Z0-9_]+)@/g, (_, name: string) =>
    Object.hasOwn(fields, name) ? fields[name] : name === 'UNIT' ? entry.unit : name,
  );
  return `${text.split('\n').map((line) => `░░ ${line}`).join('\n')}\n`;
}
