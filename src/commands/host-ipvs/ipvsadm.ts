/**
 * `ipvsadm -L [-n]` on a node (ipvsadm 1.31): the host's IPVS table as
 * kube-proxy's IPVS mode fills it. Services are sorted by protocol, address
 * and port, real servers by address and port (ipvsadm.c list_all); the
 * columns follow print_title / print_service_entry (reference §8.11). Like
 * ipvsadm, it first loads ip_vs when it can, and fails when the kernel has
 * no IPVS at all.
 */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { ipvsOf } from '../../cluster/network/ipvs.js';
import { kernelModulesOf } from '../../cluster/host/kernel-modules.js';
import { parseIPv4 } from '../../cluster/ipv4.js';
import { portText } from '../host-iptables/render.js';

const HEAD = 'IP Virtual Server version 1.2.1 (size=4096)\nProt LocalAddress:Port Scheduler Flags\n  -> RemoteAddress:Port           Forward Weight ActiveConn InActConn\n';

/** Runs ipvsadm on the current node. */
export function runIpvsadm(args: readonly string[], ctx: CommandContext): ExecResult {
  const node = ctx.cluster.node?.(ctx.host);
  if (!node) return { stdout: '', stderr: 'bash: ipvsadm: command not found\n', exitCode: 127 };
  let numeric = false;
  for (const a of args) {
    if (a === '-n' || a === '--numeric') numeric = true;
    else if (a === '-L' || a === '-l' || a === '--list') continue;
    else if (/^-[Lln]+$/.test(a)) numeric ||= a.includes('n');
    else return { stdout: '', stderr: `ipvsadm: invalid option -- '${a.replace(/^-+/, '')}'\n`, exitCode: 2 };
  }
  // ipvsadm.c main: when ipvs_init fails it tries `modprobe ip_vs` once, then gives up.
  if (!kernelModulesOf(node.host).load('ip_vs')) {
    return { stdout: '', stderr: "Can't initialize ipvs: Protocol not available\nAre you sure that IP Virtual Server is built in the kernel or as module?\n", exitCode: 2 };
  }
  const order = (a: { ip: string; port: number }, b: { ip: string; port: number }) => (parseIPv4(a.ip) ?? 0) - (parseIPv4(b.ip) ?? 0) || a.port - b.port;
  const services = [...ipvsOf(node.host).services.values()].sort((a, b) => (a.protocol < b.protocol ? -1 : a.protocol > b.protocol ? 1 : order(a, b)));
  let out = HEAD;
  for (const s of services) {
    out += `${s.protocol}  ${s.ip}:${portText(s.port, numeric)} ${s.scheduler}\n`;
    for (const rs of [...s.realServers].sort(order)) {
      out += `  -> ${`${rs.ip}:${portText(rs.port, numeric)}`.padEnd(28)} ${'Masq'.padEnd(7)} ${String(rs.weight).padEnd(6)} ${'0'.padEnd(10)} ${'0'.padEnd(10)}\n`;
    }
  }
  return { stdout: out, stderr: '', exitCode: 0 };
}

/** The ipvsadm command. */
export const ipvsadmCommand: Command = { name: 'ipvsadm', execute: runIpvsadm };
