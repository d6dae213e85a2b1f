/**
 * A node's kernel ring buffer as `dmesg` reads it (/dev/kmsg): what the
 * kernel printed while the machine booted, derived from the node (kernel
 * version, CPUs, memory, host name, NIC, root disk) and from the kernel
 * modules a kubeadm node loads at boot. The simulation has no OOM killer or
 * hardware events, so a running node adds no lines after boot.
 */
import type { NodeHandle } from '../../../cluster/cluster.js';
import { KERNEL_VERSION } from '../../../cluster/kubelet/node-status.js';
import { kernelModulesOf } from '../../../cluster/host/kernel-modules.js';
import { NODE_NIC } from '../../../cluster/programs/netns.js';
import { memoryTotal } from './machine.js';

/** syslog levels (include/linux/kern_levels.h), as `dmesg --level` names them. */
export const KERNEL_LEVELS = ['emerg', 'alert', 'crit', 'err', 'warn', 'notice', 'info', 'debug'] as const;

/** One record of the ring buffer. */
export interface KernelRecord {
  /** Microseconds since boot (the monotonic clock /dev/kmsg stamps records with). */
  readonly usec: number;
  /** 0 (emerg) .. 7 (debug). */
  readonly level: number;
  /** 0: kern, 3: daemon (systemd writes to /dev/kmsg as a daemon before journald runs). */
  readonly facility: number;
  readonly text: string;
}

const NOTICE = 5;
const INFO = 6;

/** What each boot module prints when it loads (net/bridge/br_netfilter_hooks.c, net/netfilter/ipvs/ip_vs_core.c ...). */
const MODULE_LINES: Readonly<Record<string, readonly string[]>> = {
  bridge: ['bridge: filtering via arp/ip/ip6tables is no longer available by default. Update your scripts to load br_netfilter if you need this.'],
  br_netfilter: ['Bridge firewalling registered'],
  ip_vs: ['IPVS: Registered protocols (TCP, UDP, SCTP, AH, ESP)', 'IPVS: Connection hash table configured (size=4096, memory=64Kbytes)', 'IPVS: ipvs loaded.'],
  ip_vs_rr: ['IPVS: [rr] scheduler registered.'],
  ip_vs_wrr: ['IPVS: [wrr] scheduler registered.'],
  ip_vs_sh: ['IPVS: [sh] scheduler registered.'],
};

/** The records of `node`'s ring buffer, oldest first. */
export function kernelRecords(node: NodeHandle): KernelRecord[] {
  const cpus = Math.max(1, Math.ceil(Number(node.spec.cpu) || 1));
  const kib = Math.floor(memoryTotal(node) / 1024);
  // A KVM guest's e820 map leaves a few hundred KiB of the low megabyte to the firmware.
  const physical = kib - 520;
  const reserved = 41_177 + Math.floor(physical / 64);
  const kern = (usec: number, text: string, level = INFO): KernelRecord => ({ usec, level, facility: 0, text });
  const daemon = (usec: number, text: string): KernelRecord => ({ usec, level: INFO, facility: 3, text });
  const records: KernelRecord[] = [
    kern(0, `Linux version ${KERNEL_VERSION} (buildd@lcy02-amd64-052) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #136-Ubuntu SMP Wed Nov 6 10:38:22 UTC 2024 (Ubuntu 5.15.0-126.136-generic 5.15.167)`, NOTICE),
    kern(0, `Command line: BOOT_IMAGE=/boot/vmlinuz-${KERNEL_VERSION} root=LABEL=cloudimg-rootfs ro console=tty1 console=ttyS0`),
    kern(0, 'DMI: QEMU Standard PC (i440FX + PIIX, 1996), BIOS 1.15.0-1 04/01/2014'),
    kern(0, 'Hypervisor detected: KVM'),
    kern(4_112, `smpboot: Allowing ${cpus} CPUs, 0 hotplug CPUs`),
    kern(61_384, `Memory: ${physical - reserved}K/${physical}K available (16393K kernel code, 4388K rwdata, 10840K rodata, 3404K init, 6152K bss, ${reserved}K reserved, 0K cma-reserved)`),
    kern(138_517, `smp: Brought up 1 node, ${cpus} CPU${cpus === 1 ? '' : 's'}`),
    kern(1_204_811, 'EXT4-fs (sda1): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none.'),
    daemon(2_012_306, 'systemd[1]: Detected virtualization kvm.'),
    daemon(2_012_377, 'systemd[1]: Detected architecture x86-64.'),
    daemon(2_031_942, `systemd[1]: Hostname set to <${node.spec.name}>.`),
    kern(3_118_640, `virtio_net virtio1 ${NODE_NIC}: renamed from eth0`),
  ];
  // Modules load in order once containerd and the CNI start: a few seconds into the boot.
  let usec = 9_428_113;
  for (const module of [...kernelModulesOf(node.host).loaded].reverse()) {
    for (const text of MODULE_LINES[module.name] ?? []) records.push(kern(usec, text));
    usec += 3_217;
  }
  return records;
}
