/**
 * `ip` and `ss` over the simulated namespaces. Formats pinned to the
 * sources: iproute2 v5.15.0 ip/ipaddress.c (print_linkinfo, print_addrinfo,
 * print_linkinfo_brief), ip/iproute.c (print_route), ip/ip.c (do_cmd,
 * option parsing), lib/utils.c (print_name_and_link) and misc/ss.c
 * (columns[], render_calc_width, render, inet_addr_print, proc_ctx_print);
 * busybox networking/libiproute/ipaddress.c (print_linkinfo: M-DOWN, no
 * group; print_addrinfo) and iproute.c (print_route: no proto, " src X ").
 * The state behind them: flannel's CNI chain (bridge + host-local: gateway
 * .1, isDefaultGateway, a route to the pod network), the Node podCIDRs, and
 * the containers serving.
 */
import { describe, it, expect } from 'vitest';
import { smallCluster, createPod } from '../kubelet/harness.js';
import { ip } from '../../../src/cluster/programs/ip.js';
import { ss } from '../../../src/cluster/programs/ss.js';
import { linkLocal, vethName } from '../../../src/cluster/programs/netns.js';
import { containerPid } from '../../../src/cluster/runtime/container-pid.js';
import type { ProgramContext } from '../../../src/cluster/programs/types.js';
import type { Program } from '../../../src/cluster/programs/types.js';
import { netfilterOf } from '../../../src/cluster/network/netfilter.js';

const cluster = smallCluster();
createPod(cluster, 'web', { nodeName: 'node-1', containers: [{ name: 'nginx', image: 'nginx:1.27' }, { name: 'debug', image: 'nicolaka/netshoot', command: ['sleep', 'infinity'] }] });
cluster.advance(20_000);

const runtime = (node: string) => cluster.nodes.get(node)!.runtime;
const sandboxOf = (pod: string, node = 'node-1') => [...runtime(node).sandboxes.values()].find((s) => s.podName === pod && s.state === 'SANDBOX_READY')!;
const containerOf = (name: string, node = 'node-1') => [...runtime(node).containers.values()].find((c) => c.name === name && c.state === 'CONTAINER_RUNNING')!;

/** Inside the pod `web`, from its netshoot container (iproute2) or as busybox's applet. */
const inPod = (flavour: 'netshoot' | 'busybox', pod = 'web', extra: Partial<ProgramContext> = {}): ProgramContext => {
  const debug = containerOf('debug');
  return {
    network: cluster.network,
    from: { kind: 'pod', node: 'node-1', sandboxId: sandboxOf(pod).id },
    resolvConf: () => undefined,
    now: cluster.now(),
    image: flavour === 'netshoot' ? 'docker.io/nicolaka/netshoot:latest' : 'docker.io/library/busybox:1.36',
    containerId: debug.id,
    ...extra,
  };
};
const onNode = (node: string): ProgramContext => ({ network: cluster.network, from: { kind: 'host', node }, resolvConf: () => undefined, now: cluster.now() });
const run = (program: Program, line: string, ctx: ProgramContext) => program(line.split(' '), ctx);
/** The MAC on the `link/ether` line of `name` in `ip link` output. */
const macOf = (text: string, name: string) => new RegExp(`${name}[^\\n]*\\n    link/ether ([0-9a-f:]{17})`).exec(text)![1];

describe('ip in a pod (flannel: bridge plugin, host-local IPAM, MTU 1450)', () => {
  it('busybox: lo and eth0@if<host veth index> with M-DOWN and no group, the pod IP in the node podCIDR', () => {
    const sb = sandboxOf('web');
    const out = run(ip, 'ip addr', inPod('busybox'));
    const mac = macOf(out.stdout, 'eth0');
    expect(out).toMatchObject({ exitCode: 0, stderr: '' });
    expect(out.stdout).toBe(
      '1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN qlen 1000\n' +
        '    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00\n' +
        '    inet 127.0.0.1/8 scope host lo\n       valid_lft forever preferred_lft forever\n' +
        '    inet6 ::1/128 scope host \n       valid_lft forever preferred_lft forever\n' +
        `2: eth0@if${sb.hostIfIndex}: <BROADCAST,MULTICAST,UP,LOWER_UP,M-DOWN> mtu 1450 qdisc noqueue state UP \n` +
        `    link/ether ${mac} brd ff:ff:ff:ff:ff:ff\n` +
        `    inet ${sb.ip}/24 brd 10.244.1.255 scope global eth0\n       valid_lft forever preferred_lft forever\n` +
        `    inet6 ${linkLocal(mac)}/64 scope link \n       valid_lft forever preferred_lft forever\n`,
    );
    expect(sb.ip).toMatch(/^10\.244\.1\.\d+$/);
  });

  it('busybox route: default and the pod network via the cni0 gateway, the /24 before the /16, every family of the main table', () => {
    const sb = sandboxOf('web');
    expect(run(ip, 'ip route', inPod('busybox')).stdout).toBe(
      'default via 10.244.1.1 dev eth0 \n10.244.0.0/16 via 10.244.1.1 dev eth0 \n' + `10.244.1.0/24 dev eth0 scope link  src ${sb.ip} \n` + '::1 dev lo  metric 256 \nfe80::/64 dev eth0  metric 256 \n',
    );
  });

  it('iproute2 (netshoot): group, link-netnsid, proto kernel, IPv4 routes only; -br and -4', () => {
    const sb = sandboxOf('web');
    const ctx = inPod('netshoot');
    const out = run(ip, 'ip a show dev eth0', ctx).stdout;
    const mac = macOf(out, 'eth0');
    expect(out).toBe(
      `2: eth0@if${sb.hostIfIndex}: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1450 qdisc noqueue state UP group default \n` +
        `    link/ether ${mac} brd ff:ff:ff:ff:ff:ff link-netnsid 0\n` +
        `    inet ${sb.ip}/24 brd 10.244.1.255 scope global eth0\n       valid_lft forever preferred_lft forever\n` +
        `    inet6 ${linkLocal(mac)}/64 scope link \n       valid_lft forever preferred_lft forever\n`,
    );
    expect(run(ip, 'ip r', ctx).stdout).toBe(`default via 10.244.1.1 dev eth0 \n10.244.0.0/16 via 10.244.1.1 dev eth0 \n10.244.1.0/24 dev eth0 proto kernel scope link src ${sb.ip} \n`);
    expect(run(ip, 'ip -br a', ctx).stdout).toBe(`lo               UNKNOWN        127.0.0.1/8 ::1/128 \n${`eth0@if${sb.hostIfIndex}`.padEnd(16)} UP             ${sb.ip}/24 ${linkLocal(mac)}/64 \n`);
    expect(run(ip, 'ip -4 a', ctx).stdout).toBe(
      '1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000\n    inet 127.0.0.1/8 scope host lo\n       valid_lft forever preferred_lft forever\n' +
        `2: eth0@if${sb.hostIfIndex}: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1450 qdisc noqueue state UP group default \n    inet ${sb.ip}/24 brd 10.244.1.255 scope global eth0\n       valid_lft forever preferred_lft forever\n`,
    );
    expect(run(ip, 'ip link show lo', ctx).stdout).toBe('1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN mode DEFAULT group default qlen 1000\n    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00\n');
  });

  it('answers bad objects, options, devices and changes as each build does', () => {
    const ctx = inPod('netshoot');
    expect(run(ip, 'ip foo', ctx)).toMatchObject({ stdout: '', stderr: 'Object "foo" is unknown, try "ip help".\n', exitCode: 1 });
    expect(run(ip, 'ip -z a', ctx)).toMatchObject({ stderr: 'Option "-z" is unknown, try "ip -help".\n', exitCode: 255 });
    expect(run(ip, 'ip a show dev eth9', ctx)).toMatchObject({ stderr: 'Device "eth9" does not exist.\n', exitCode: 1 });
    expect(run(ip, 'ip route frobnicate', ctx)).toMatchObject({ stderr: 'Command "frobnicate" is unknown, try "ip route help".\n', exitCode: 255 });
    expect(run(ip, 'ip route add 10.0.0.0/8 dev eth0', ctx)).toMatchObject({ stderr: 'RTNETLINK answers: Operation not permitted\n', exitCode: 2 });
    const bb = inPod('busybox');
    expect(run(ip, 'ip a eth0', bb)).toMatchObject({ stderr: "ip: invalid argument 'eth0' to 'ip'\n", exitCode: 1 });
    expect(run(ip, 'ip a show eth9', bb)).toMatchObject({ stderr: "ip: can't find device 'eth9'\n", exitCode: 1 });
    expect(run(ip, 'ip foo', bb).stderr).toMatch(/^BusyBox v1\.36\.1 .* multi-call binary\.\n\nUsage: ip \[OPTIONS\] address\|route\|link\|tunnel\|neigh\|rule \[ARGS\]\n/);
  });
});

describe('ip route get', () => {
  it('picks the longest prefix and the source the kernel would use; a ClusterIP goes to the default route like any address', () => {
    const sb = sandboxOf('web');
    // iproute.c iproute_get prints the cloned route: no proto or scope, `uid`, then print_cache_flags' line.
    expect(run(ip, 'ip route get 10.96.0.10', inPod('netshoot')).stdout).toBe(`10.96.0.10 via 10.244.1.1 dev eth0 src ${sb.ip} uid 0 \n    cache \n`);
    expect(run(ip, `ip route get ${sb.ip}`, inPod('netshoot')).stdout).toBe(`local ${sb.ip} dev lo table local src ${sb.ip} uid 0 \n    cache <local> \n`);
    expect(run(ip, 'ip route get 10.96.0.10', inPod('busybox')).stdout).toBe(`10.96.0.10 via 10.244.1.1 dev eth0  src ${sb.ip} \n`);
    expect(run(ip, 'ip route get 10.244.2.7', onNode('node-1')).stdout).toBe('10.244.2.7 via 10.244.2.0 dev flannel.1 src 10.244.1.0 uid 0 \n    cache \n');
    expect(run(ip, 'ip route get 10.244.1.9', onNode('node-1')).stdout).toBe('10.244.1.9 dev cni0 src 10.244.1.1 uid 0 \n    cache \n');
    expect(run(ip, 'ip route get web', inPod('netshoot'))).toMatchObject({ stderr: 'Error: any valid address is expected rather than "web".\n', exitCode: 1 });
  });
});

describe('ip on a node (iproute2 5.15, Ubuntu 22.04)', () => {
  it("routes: the default gateway, the node subnet, cni0's /24 and one flannel.1 route per other Node podCIDR", () => {
    const cidrs = new Map(cluster.nodeNames().map((n) => [n, (cluster.systemClient().get('nodes', undefined, n) as any).value.spec.podCIDR as string]));
    const lines = [...cidrs].filter(([n]) => n !== 'node-1').map(([, c]) => `${c} via ${c.split('/')[0]} dev flannel.1 onlink \n`);
    const expected = ['default via 10.0.0.1 dev ens3 proto static \n', '10.0.0.0/16 dev ens3 proto kernel scope link src 10.0.0.11 \n', ...lines, `${cidrs.get('node-1')} dev cni0 proto kernel scope link src 10.244.1.1 \n`].sort((a, b) => {
      const key = (l: string) => (l.startsWith('default') ? 0 : l.split(/[ /]/)[0].split('.').reduce((n, o) => n * 256 + Number(o), 0));
      return key(a) - key(b);
    });
    expect(run(ip, 'ip r', onNode('node-1')).stdout).toBe(expected.join(''));
    // print_rt_pref writes "pref %s" without a trailing space; the kernel's link-local prefix per link, ::1 on lo.
    expect(run(ip, 'ip -6 route', onNode('node-1')).stdout.split('\n').slice(0, 3)).toEqual(['::1 dev lo proto kernel metric 256 pref medium', 'fe80::/64 dev ens3 proto kernel metric 256 pref medium', 'fe80::/64 dev flannel.1 proto kernel metric 256 pref medium']);
  });

  it('a new pod gives the node a veth whose index the pod sees as eth0@ifN, and its deletion takes it away; cni0 loses carrier without veths', () => {
    const before = run(ip, 'ip -br link', onNode('node-2')).stdout;
    expect(before).not.toContain('cni0');
    createPod(cluster, 'extra', { nodeName: 'node-2', containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', 'infinity'] }] });
    cluster.advance(10_000);
    const sb = sandboxOf('extra', 'node-2');
    const links = run(ip, 'ip link', onNode('node-2')).stdout;
    const mac = macOf(links, vethName(sb));
    expect(links).toContain(`4: cni0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1450 qdisc noqueue state UP mode DEFAULT group default qlen 1000\n`);
    expect(links).toMatch(new RegExp(`\\n${sb.hostIfIndex}: ${vethName(sb)}@if2: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1450 qdisc noqueue master cni0 state UP mode DEFAULT group default \\n    link/ether ${mac} brd ff:ff:ff:ff:ff:ff link-netns cni-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\\n`));
    expect(run(ip, 'ip a', { ...inPod('busybox'), from: { kind: 'pod', node: 'node-2', sandboxId: sb.id } }).stdout).toContain(`2: eth0@if${sb.hostIfIndex}: `);
    cluster.systemClient().delete('pods', 'default', 'extra');
    cluster.advance(10_000);
    const after = run(ip, 'ip link', onNode('node-2')).stdout;
    expect(after).not.toContain(vethName(sb));
    expect(after).toContain('4: cni0: <NO-CARRIER,BROADCAST,MULTICAST,UP> mtu 1450 qdisc noqueue state DOWN mode DEFAULT group default qlen 1000\n');
    expect(run(ip, 'ip r', onNode('node-2')).stdout).toContain('10.244.2.0/24 dev cni0 proto kernel scope link src 10.244.2.1 linkdown \n');
  });

  it("busybox in a host-network pod resolves a veth's peer index in the node's namespace: index 2 is the NIC, which is up", () => {
    const sb = sandboxOf('web');
    const links = run(ip, 'ip link', { ...onNode('node-1'), image: 'docker.io/library/busybox:1.36', containerId: 'not-a-host-process' }).stdout;
    expect(links).toContain(`\n${sb.hostIfIndex}: ${vethName(sb)}@ens3: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1450 qdisc noqueue master cni0 state UP \n`);
  });

  it('-o: one line per address ("%u: %s" first), record breaks as a backslash (_SL_), no link records for addresses', () => {
    expect(run(ip, 'ip -o -4 a show ens3', onNode('node-1')).stdout).toBe('2: ens3    inet 10.0.0.11/16 brd 10.0.255.255 scope global ens3\\       valid_lft forever preferred_lft forever\n');
    expect(run(ip, 'ip -o link show ens3', onNode('node-1')).stdout).toMatch(/^2: ens3: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc fq_codel state UP mode DEFAULT group default qlen 1000\\    link\/ether 52:54:00:[0-9a-f:]{8} brd ff:ff:ff:ff:ff:ff\\    altname enp0s3\n$/);
  });

  it('filters links by master and type (ipaddress.c: filter.master, filter.kind)', () => {
    const veths = run(ip, 'ip -br link show master cni0', onNode('node-1')).stdout.split('\n').slice(0, -1);
    expect(veths.length).toBe([...runtime('node-1').sandboxes.values()].filter((s) => !s.hostNetwork && s.state === 'SANDBOX_READY').length);
    expect(veths.every((l) => /^veth[0-9a-f]{8}@if2 +UP +[0-9a-f:]{17} <BROADCAST,MULTICAST,UP,LOWER_UP> $/.test(l))).toBe(true);
    expect(run(ip, 'ip -br a show type vxlan', onNode('node-1')).stdout).toMatch(/^flannel\.1 +UNKNOWN +10\.244\.1\.0\/32 fe80::[0-9a-f:]+\/64 \n$/);
    expect(run(ip, 'ip link show master nope', onNode('node-1'))).toMatchObject({ stderr: 'Error: argument "nope" is wrong: Device does not exist\n\n', exitCode: 255 });
  });

  it('shows the NIC with its altname and the node address, flannel.1 with the podCIDR network address as a /32', () => {
    const out = run(ip, 'ip -4 addr', onNode('node-1')).stdout;
    expect(out).toContain('2: ens3: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc fq_codel state UP group default qlen 1000\n    altname enp0s3\n    inet 10.0.0.11/16 brd 10.0.255.255 scope global ens3\n       valid_lft forever preferred_lft forever\n');
    expect(out).toContain('3: flannel.1: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1450 qdisc noqueue state UNKNOWN group default \n    inet 10.244.1.0/32 scope global flannel.1\n       valid_lft forever preferred_lft forever\n');
  });
});

describe('ss', () => {
  it('in a pod: the serving containers\' sockets, without users for processes of another container (own pid namespace)', () => {
    // ss.c into a pipe: each column as wide as its widest field; "Peer Address:Port" runs into "Process".
    expect(run(ss, 'ss -lntp', inPod('netshoot'))).toMatchObject({
      exitCode: 0,
      stdout: 'State  Recv-Q Send-Q Local Address:Port Peer Address:PortProcess\nLISTEN 0      511          0.0.0.0:80        0.0.0.0:*          \nLISTEN 0      511             [::]:80           [::]:*          \n',
    });
  });

  it('on a terminal spreads the columns over its width (render_calc_width)', () => {
    const lines = run(ss, 'ss -lnt', inPod('netshoot', 'web', { tty: true })).stdout.split('\n').slice(0, -1);
    expect(lines.map((l) => l.length)).toEqual([80, 80, 80]);
    expect(lines[1]).toMatch(/^LISTEN +0 +511 +0\.0\.0\.0:80 +0\.0\.0\.0:\* +$/);
  });

  it('a stopped container drops its LISTEN lines', () => {
    const nginx = containerOf('nginx');
    expect(run(ss, 'ss -lnt', inPod('netshoot')).stdout).toContain(' 0.0.0.0:80 ');
    runtime('node-1').stopContainer(nginx.id);
    expect(run(ss, 'ss -lnt', inPod('netshoot')).stdout).toBe('State Recv-Q Send-Q Local Address:Port Peer Address:PortProcess\n');
  });

  it('on a node: host daemons and host-network containers with the pids ps shows; the kubelet line goes with its unit', () => {
    const out = run(ss, 'ss -lntp', onNode('node-1')).stdout;
    const kubelet = cluster.nodes.get('node-1')!.host.unit('kubelet')!;
    const proxy = [...runtime('node-1').containers.values()].find((c) => c.name === 'kube-proxy' && c.state === 'CONTAINER_RUNNING')!;
    expect(out.split('\n')[0]).toBe('State  Recv-Q Send-Q Local Address:Port  Peer Address:PortProcess                                   ');
    expect(out).toMatch(/\nLISTEN 0      128          0\.0\.0\.0:22         0\.0\.0\.0:\*    users:\(\("sshd",pid=561,fd=3\)\) *\n/);
    expect(out).toMatch(new RegExp(`\\nLISTEN 0      4096               \\*:10250            \\*:\\*    users:\\(\\("kubelet",pid=${kubelet.mainPid},fd=\\d+\\)\\) *\\n`));
    expect(out).toContain(`127.0.0.1:10249      0.0.0.0:*    users:(("kube-proxy",pid=${containerPid(proxy)},fd=3))`);
    // IPv4 sockets come first, then IPv6 (ss asks inet_diag per family).
    expect(out.indexOf('[::]:22')).toBeGreaterThan(out.lastIndexOf('0.0.0.0:*'));
    kubelet.stop();
    const stopped = run(ss, 'ss -lnt', onNode('node-1')).stdout;
    expect(stopped).not.toContain(':10250');
    expect(stopped).not.toContain(':10248');
    kubelet.start();
  });

  it('on the control plane: etcd, the API server, the scheduler and the controller manager on their kubeadm addresses; names from /etc/services without -n', () => {
    const out = run(ss, 'ss -lnt', onNode('cp-1')).stdout;
    for (const addr of ['127.0.0.1:2379', '10.0.0.10:2379', '10.0.0.10:2380', '127.0.0.1:2381', '127.0.0.1:10257', '127.0.0.1:10259', '*:6443']) expect(out).toContain(` ${addr} `);
    expect(run(ss, 'ss -lt', onNode('cp-1')).stdout).toContain('0.0.0.0:ssh ');
    expect(run(ss, 'ss -ltp', onNode('cp-1')).stdout).toContain('users:(("kube-controller",');
  });

  it("connections: each kubelet's watch on the API server at both ends (the server's end IPv4-mapped on Go's dual-stack listener); a dropped SYN-ACK leaves SYN-SENT", () => {
    const kubeletPid = cluster.nodes.get('node-2')!.host.unit('kubelet')!.mainPid;
    const line = run(ss, 'ss -tnp', onNode('node-2')).stdout.split('\n').find((l) => l.includes(`"kubelet",pid=${kubeletPid}`))!;
    const port = /10\.0\.0\.12:(\d+) +10\.0\.0\.10:6443 /.exec(line)![1];
    expect(line).toMatch(/^ESTAB 0      0 /);
    expect(run(ss, 'ss -tn', onNode('cp-1')).stdout).toMatch(new RegExp(`\\nESTAB 0 +0 +\\[::ffff:10\\.0\\.0\\.10\\]:6443 +\\[::ffff:10\\.0\\.0\\.12\\]:${port} *\\n`));
    // Without -a or -l only connections; with -l none of them.
    expect(run(ss, 'ss -ltn', onNode('node-2')).stdout).not.toContain('ESTAB');
    const filter = netfilterOf(cluster.nodes.get('node-2')!.host).filterTable;
    filter.append('INPUT', { source: '10.0.0.10', target: 'DROP' });
    expect(run(ss, 'ss -tnp', onNode('node-2')).stdout).toMatch(new RegExp(`\\nSYN-SENT 0      1 +10\\.0\\.0\\.12:${port} +10\\.0\\.0\\.10:6443 +users:\\(\\("kubelet"`));
    expect(run(ss, 'ss -tn', onNode('cp-1')).stdout).not.toContain(`[::ffff:10.0.0.12]:${port}`);
    filter.flush('INPUT');
  });

  it('refuses unknown options with getopt\'s message and the usage', () => {
    const r = run(ss, 'ss -q', onNode('node-1'));
    expect(r.exitCode).toBe(255);
    expect(r.stderr.startsWith("ss: invalid option -- 'q'\nUsage: ss [ OPTIONS ]\n")).toBe(true);
    expect(run(ss, 'ss -lx', onNode('node-1'))).toMatchObject({ stdout: '', exitCode: 126 });
  });

  it('state and filter expressions (ss.c scan_state, ssfilter.y): one state hides the State column', () => {
    const established = run(ss, 'ss -tn state established', onNode('node-1')).stdout.split('\n');
    expect(established[0]).toMatch(/^Recv-Q Send-Q Local Address:Port +Peer Address:Port ?Process/);
    expect(established.slice(1, -1).every((l) => /^0 +0 +10\.0\.0\.11:\d+ /.test(l))).toBe(true);
    expect(run(ss, 'ss -ltn sport = :10250', onNode('node-1')).stdout.split('\n').slice(1)).toEqual(['LISTEN 0      4096               *:10250            *:*          ', '']);
    const either = run(ss, 'ss -ltn ( sport = :22 or sport = :10248 )', onNode('node-1')).stdout;
    expect(either.split('\n').length).toBe(5);
    expect(run(ss, 'ss -tn dst 10.0.0.10', onNode('node-1')).stdout).not.toContain(':22 ');
    expect(run(ss, 'ss -tn state bogus', onNode('node-1'))).toMatchObject({ stderr: 'ss: wrong state name: bogus\n', exitCode: 255 });
    expect(run(ss, 'ss -tn sport =', onNode('node-1')).stderr.startsWith('ss: bison bellows (while parsing filter): "syntax error!"Usage: ss [ OPTIONS ]\n')).toBe(true);
  });

  it('-4/-6 and -f pick the family of the socket: a Go dual-stack listener is IPv6', () => {
    const v6 = run(ss, 'ss -ltnf inet6', onNode('node-1')).stdout;
    expect(v6).toContain(' *:10250 ');
    expect(v6).not.toContain('127.0.0.1:10248');
    expect(run(ss, 'ss -lnt4', onNode('node-1')).stdout).not.toContain(':10250');
  });
});

describe('ip and ss as node commands', () => {
  it('run on a node over its namespace; the workstation (a thin client) has neither', async () => {
    const { defaultCommandRegistry } = await import('../../../src/commands/index.js');
    const registry = defaultCommandRegistry();
    expect(registry.lookup('ip', 'workstation')).toBeUndefined();
    expect(registry.lookup('ss', 'workstation')).toBeUndefined();
    const command = (await registry.load('ip', 'node-1'))!;
    const ctx = { cluster: { now: () => cluster.now(), advance: (ms: number) => cluster.advance(ms), node: (n: string) => cluster.nodes.get(n), net: () => cluster.network }, host: 'node-1' } as unknown as import('../../../src/commands/types.js').CommandContext;
    const r = await command.execute(['route'], ctx);
    expect(r).toMatchObject({ exitCode: 0, stderr: '' });
    expect(r.stdout.split('\n')[0]).toBe('default via 10.0.0.1 dev ens3 proto static ');
    expect((await (await registry.load('ss', 'node-1'))!.execute(['-lnt'], ctx)).stdout).toContain(' *:10250 ');
  });
});

describe('busybox netstat', () => {
  it('lists the pod namespace from /proc/net/tcp then tcp6 in FMT_NET_CONN_DATA; -p names only processes of its own container', async () => {
    const { netstat } = await import('../../../src/cluster/programs/netstat.js');
    createPod(cluster, 'web2', { nodeName: 'node-2', containers: [{ name: 'nginx', image: 'nginx:1.27' }, { name: 'bb', image: 'busybox:1.36', command: ['sleep', 'infinity'] }] });
    cluster.advance(20_000);
    const sb = sandboxOf('web2', 'node-2');
    const bb = containerOf('bb', 'node-2');
    const ctx: ProgramContext = { network: cluster.network, from: { kind: 'pod', node: 'node-2', sandboxId: sb.id }, resolvConf: () => undefined, now: cluster.now(), image: bb.image, containerId: bb.id };
    // networking/netstat.c: "%s   %6lu %6lu %-23s %-23s %-12s" and "%.20s" of PID/name ("-" when not found in /proc).
    expect(run(netstat, 'netstat -tlnp', ctx).stdout).toBe(
      'Active Internet connections (only servers)\nProto Recv-Q Send-Q Local Address           Foreign Address         State       PID/Program name    \n' +
        'tcp        0      0 0.0.0.0:80              0.0.0.0:*               LISTEN      -\n' +
        'tcp        0      0 :::80                   :::*                    LISTEN      -\n',
    );
    expect(run(netstat, 'netstat -tn', ctx).stdout).toBe('Active Internet connections (w/o servers)\nProto Recv-Q Send-Q Local Address           Foreign Address         State       \n');
  });
});

describe('ss and a kubelet that cannot talk TLS', () => {
  it('a kubelet whose requests get no answer (its clock past the API server certificate) holds no connection', () => {
    const skewed = smallCluster({}, 2);
    const node = skewed.nodes.get('node-2')!;
    const ctx: ProgramContext = { network: skewed.network, from: { kind: 'host', node: 'node-2' }, resolvConf: () => undefined, now: skewed.now() };
    const kubeletLine = () => run(ss, 'ss -tnp', ctx).stdout.split('\n').some((l) => l.includes(`"kubelet",pid=${node.host.unit('kubelet')!.mainPid}`));
    expect(kubeletLine()).toBe(true);
    node.host.clockOffsetMs = 800 * 86_400_000;
    skewed.advance(60_000);
    expect(kubeletLine()).toBe(false);
  });
});

describe('ip on a calico cluster (the node loads 10-calico.conflist)', () => {
  it('pods: tunl0@NONE down, eth0 (index 4) with a /32 and the 169.254.1.1 gateway; nodes: tunl0, cali veths, /32 routes, BIRD routes and the blackhole', async () => {
    const { createCluster } = await import('../../../src/cluster/cluster.js');
    const { worldNode, NOW } = await import('../kubelet/harness.js');
    const calico = createCluster({ version: 'v1.32.4', now: NOW, createdAgoMs: 30 * 86_400_000, nodes: [worldNode('cp-1', 'control-plane'), worldNode('node-1'), worldNode('node-2')], images: {}, cni: 'calico' }, { seed: 1 });
    createPod(calico, 'app', { nodeName: 'node-1', containers: [{ name: 'c', image: 'nicolaka/netshoot', command: ['sleep', 'infinity'] }] });
    calico.advance(20_000);
    const rt = calico.nodes.get('node-1')!.runtime;
    const sb = [...rt.sandboxes.values()].find((s) => s.podName === 'app')!;
    const c = [...rt.containers.values()].find((x) => x.sandboxId === sb.id)!;
    const pod: ProgramContext = { network: calico.network, from: { kind: 'pod', node: 'node-1', sandboxId: sb.id }, resolvConf: () => undefined, now: calico.now(), image: c.image, containerId: c.id };
    const addr = run(ip, 'ip a', pod).stdout;
    const mac = macOf(addr, 'eth0');
    expect(addr).toContain('2: tunl0@NONE: <NOARP> mtu 1480 qdisc noop state DOWN group default qlen 1000\n    link/ipip 0.0.0.0 brd 0.0.0.0\n');
    expect(addr).toContain(`4: eth0@if${sb.hostIfIndex}: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1480 qdisc noqueue state UP group default qlen 1000\n    link/ether ${mac} brd ff:ff:ff:ff:ff:ff link-netnsid 0\n    inet ${sb.ip}/32 scope global eth0\n`);
    expect(run(ip, 'ip r', pod).stdout).toBe('default via 169.254.1.1 dev eth0 \n169.254.1.1 dev eth0 scope link \n');
    const node: ProgramContext = { network: calico.network, from: { kind: 'host', node: 'node-1' }, resolvConf: () => undefined, now: calico.now() };
    const { caliName } = await import('../../../src/cluster/programs/netns.js');
    const routes = run(ip, 'ip r', node).stdout;
    expect(routes).toContain('blackhole 10.244.1.0/24 proto bird \n');
    expect(routes).toContain(`${sb.ip} dev ${caliName(sb)} scope link \n`);
    expect(routes).toContain('10.244.2.0/24 via 10.0.0.12 dev tunl0 proto bird onlink \n');
    expect(run(ip, 'ip link', node).stdout).toContain(`${sb.hostIfIndex}: ${caliName(sb)}@if4: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1480 qdisc noqueue state UP mode DEFAULT group default qlen 1000\n    link/ether ee:ee:ee:ee:ee:ee brd ff:ff:ff:ff:ff:ff link-netns cni-`);
    expect(run(ip, 'ip link', node).stdout).not.toContain('cni0');
    expect(run(ip, 'ip route get 10.244.1.200', node)).toMatchObject({ stderr: 'RTNETLINK answers: Invalid argument\n', exitCode: 2 });
  });
});
