/** hostPath volumes seen from a container: which node path a container path is (programs/host-mounts.ts). */
import { describe, expect, it } from 'vitest';
import { hostPathMounts, nodePathOf } from '../../../src/cluster/programs/host-mounts.js';

const pod = {
  spec: {
    containers: [{ name: 'app', volumeMounts: [{ name: 'cfg', mountPath: '/etc/app' }] }],
    ephemeralContainers: [{ name: 'debugger', volumeMounts: [{ name: 'root', mountPath: '/host' }, { name: 'logs', mountPath: '/host/var/log/' }] }],
    volumes: [{ name: 'cfg', configMap: { name: 'app' } }, { name: 'root', hostPath: { path: '/' } }, { name: 'logs', hostPath: { path: '/srv/logs' } }],
  },
};

describe('hostPathMounts / nodePathOf', () => {
  it('lists only hostPath volumes, the longest mount path first', () => {
    expect(hostPathMounts(pod, 'debugger')).toEqual([{ mountPath: '/host/var/log', hostPath: '/srv/logs' }, { mountPath: '/host', hostPath: '/' }]);
    expect(hostPathMounts(pod, 'app')).toEqual([]);
    expect(hostPathMounts(pod, 'nope')).toEqual([]);
  });

  it('maps a path under a mount to the node, the innermost mount winning', () => {
    const mounts = hostPathMounts(pod, 'debugger');
    expect(nodePathOf('/host', mounts)).toBe('/');
    expect(nodePathOf('/host/etc/kubernetes/kubelet.conf', mounts)).toBe('/etc/kubernetes/kubelet.conf');
    expect(nodePathOf('/host/var/log/syslog', mounts)).toBe('/srv/logs/syslog');
    expect(nodePathOf('/hostname', mounts)).toBeUndefined();
    expect(nodePathOf('/etc/hosts', mounts)).toBeUndefined();
  });
});
