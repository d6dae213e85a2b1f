/**
 * Unit files as `systemctl cat`, `enable` and `disable` see them: the unit's
 * fragment and drop-ins read from the host's filesystem, and the symlink in
 * multi-user.target.wants that enabling creates. Messages follow systemd 249
 * src/shared/install.c (install_changes_dump).
 */
import type { NodeHandle } from '../../../cluster/cluster.js';
import type { SystemdUnit } from '../../../cluster/host/systemd.js';

/** Where `enable` links a unit (every unit here is WantedBy=multi-user.target). */
export function wantsLink(unit: SystemdUnit): string {
  return `/etc/systemd/system/multi-user.target.wants/${unit.spec.name}`;
}

/** A unit file rebuilt from what the unit declares, for units whose file the machine image does not carry. */
function synthesizedFragment(unit: SystemdUnit): string {
  const s = unit.spec;
  return `[Unit]\nDescription=${s.description}\nDocumentation=${s.docs}\n\n[Service]\nExecStart=${s.execStart}\nRestart=${s.restart}\nRestartSec=${s.restartSec}\n\n[Install]\nWantedBy=multi-user.target\n`;
}

/** `systemctl cat UNIT`: `# path` headers, each file's text, a blank line between files. */
export function catUnit(node: NodeHandle, unit: SystemdUnit): string {
  const fs = node.host.fs;
  const parts: string[] = [];
  const fragment = fs.read(unit.spec.path) ?? synthesizedFragment(unit);
  parts.push(`# ${unit.spec.path}\n${fragment.endsWith('\n') ? fragment : `${fragment}\n`}`);
  const dropIns = unit.spec.dropIns;
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
