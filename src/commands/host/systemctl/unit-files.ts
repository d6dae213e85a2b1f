/**
 * Unit files as `systemctl cat` sees them: the unit's fragment and drop-ins
 * read from the host's filesystem, where the manager's properties say they are.
 */
import type { NodeHandle } from '../../../cluster/cluster.js';
import type { UnitProperties } from '../../../cluster/host/systemd-manager.js';

/** A unit file rebuilt from what the unit declares, for units whose file the machine image does not carry. */
function synthesizedFragment(u: UnitProperties): string {
  return `[Unit]\nDescription=${u.Description}\nDocumentation=${u.Documentation}\n\n[Service]\nExecStart=${u.ExecStart}\nRestart=${u.Restart}\nRestartSec=${u.RestartSec}\n\n[Install]\nWantedBy=multi-user.target\n`;
}

/** `systemctl cat UNIT`: `# path` headers, each file's text, a blank line between files. */
export function catUnit(node: NodeHandle, unit: UnitProperties): string {
  const fs = node.host.fs;
  const parts: string[] = [];
  const fragment = fs.read(unit.FragmentPath) ?? synthesizedFragment(unit);
  parts.push(`# ${unit.FragmentPath}\n${fragment.endsWith('\n') ? fragment : `${fragment}\n`}`);
  const dropIns = unit.DropIn;
  if (dropIns) {
    // Drop-ins present on disk count, including ones the operator added.
    const names = new Set([...dropIns.files, ...(fs.list(dropIns.dir) ?? []).filter((e) => e.kind === 'file' && e.name.endsWith('.conf')).map((e) => e.name)]);
    for (const name of [...names].sort()) {
      const text = fs.read(`${dropIns.dir}/${name}`);
      if (text === undefined) continue;
      parts.push(`# ${dropIns.dir}/${name}\n${text.endsWith('\n') ? text : `${text}\n`}`);
    }
  }
  return parts.join('\n');
}
