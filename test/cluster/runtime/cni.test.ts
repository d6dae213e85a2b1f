import { describe, it, expect } from 'vitest';
import { VirtualFs } from '../../../src/cluster/host/vfs.js';
import { loadCniNetwork, seedCniPlugins, setupNetwork } from '../../../src/cluster/runtime/cni.js';

const FLANNEL = JSON.stringify({ name: 'cbr0', cniVersion: '0.3.1', plugins: [{ type: 'flannel', delegate: { hairpinMode: true, isDefaultGateway: true } }, { type: 'portmap', capabilities: { portMappings: true } }] }, null, 2) + '\n';

function fs() {
  const v = new VirtualFs(() => 0);
  v.write('/etc/cni/net.d/10-flannel.conflist', FLANNEL);
  v.write('/run/flannel/subnet.env', 'FLANNEL_NETWORK=10.244.0.0/16\nFLANNEL_SUBNET=10.244.1.1/24\nFLANNEL_MTU=1450\nFLANNEL_IPMASQ=true\n');
  seedCniPlugins(v);
  return v;
}

describe('CNI config loading (go-cni loadFromConfDir)', () => {
  it('loads the first conflist with its plugin types', () => {
    expect(loadCniNetwork(fs())).toEqual({ ok: true, network: { file: '/etc/cni/net.d/10-flannel.conflist', name: 'cbr0', plugins: ['flannel', 'portmap'] } });
  });

  it('an empty directory: no network config found', () => {
    const v = fs();
    v.remove('/etc/cni/net.d/10-flannel.conflist');
    expect(loadCniNetwork(v)).toEqual({ ok: false, error: 'no network config found in /etc/cni/net.d: cni plugin not initialized' });
  });

  it('a trailing comma: Go encoding/json wording', () => {
    const v = fs();
    v.write('/etc/cni/net.d/10-flannel.conflist', FLANNEL.replace(/\}\n {2}\]/, '},\n  ]'));
    expect(loadCniNetwork(v)).toEqual({ ok: false, error: "failed to load CNI config list file /etc/cni/net.d/10-flannel.conflist: error parsing configuration list: invalid character ']' looking for beginning of value" });
  });

  it('picks files in lexical order: a leftover config wins over flannel', () => {
    const v = fs();
    v.write('/etc/cni/net.d/05-cilium.conflist', JSON.stringify({ name: 'cilium', cniVersion: '0.3.1', plugins: [{ type: 'cilium-cni' }] }));
    const load = loadCniNetwork(v);
    expect(load.ok && load.network.plugins).toEqual(['cilium-cni']);
    expect(load.ok && setupNetwork(v, load.network)).toBe('failed to find plugin "cilium-cni" in path [/opt/cni/bin]');
  });

  it('plugins must exist in /opt/cni/bin', () => {
    const v = fs();
    const load = loadCniNetwork(v);
    expect(load.ok && setupNetwork(v, load.network)).toBeUndefined();
    v.remove('/opt/cni/bin/flannel');
    expect(load.ok && setupNetwork(v, load.network)).toBe('failed to find plugin "flannel" in path [/opt/cni/bin]');
    // The answer is kept between sandboxes, and follows every change to the directory.
    v.write('/opt/cni/bin/flannel', '\u007fELF');
    expect(load.ok && setupNetwork(v, load.network)).toBeUndefined();
    v.remove('/opt/cni', true);
    expect(load.ok && setupNetwork(v, load.network)).toBe('failed to find plugin "loopback" in path [/opt/cni/bin]');
    v.mkdirs('/opt/cni/bin/loopback');
    expect(load.ok && setupNetwork(v, load.network)).toBe('failed to find plugin "loopback" in path [/opt/cni/bin]');
  });
});

describe("the flannel plugin's ADD (flannel-io/cni-plugin flannel.go)", () => {
  const add = (v: VirtualFs) => {
    const load = loadCniNetwork(v);
    return load.ok ? setupNetwork(v, load.network) : load.error;
  };

  it('needs the subnet flanneld wrote: without it, loadFlannelSubnetEnv fails as libcni wraps it', () => {
    const v = fs();
    v.remove('/run/flannel/subnet.env');
    expect(add(v)).toBe('plugin type="flannel" failed (add): loadFlannelSubnetEnv failed: open /run/flannel/subnet.env: no such file or directory');
  });

  it('names the keys a partial subnet.env lacks', () => {
    const v = fs();
    v.write('/run/flannel/subnet.env', 'FLANNEL_NETWORK=10.244.0.0/16\nFLANNEL_MTU=1450\n');
    expect(add(v)).toBe('plugin type="flannel" failed (add): loadFlannelSubnetEnv failed: /run/flannel/subnet.env is missing FLANNEL_SUBNET, FLANNEL_IPV6_SUBNET, FLANNEL_IPMASQ');
  });

  it('delegates to the bridge plugin, whose binary must be there too', () => {
    const v = fs();
    v.remove('/opt/cni/bin/bridge');
    expect(add(v)).toBe('plugin type="flannel" failed (add): failed to delegate add: failed to find plugin "bridge" in path [/opt/cni/bin]');
  });

  it('a missing flannel binary is found missing before its ADD runs', () => {
    const v = fs();
    v.remove('/run/flannel/subnet.env');
    v.remove('/opt/cni/bin/flannel');
    expect(add(v)).toBe('failed to find plugin "flannel" in path [/opt/cni/bin]');
  });
});

describe('loadCniNetwork on a changing filesystem', () => {
  it('parses once per version of the files and sees every change', () => {
    const fs = new VirtualFs(() => 0);
    seedCniPlugins(fs);
    expect(loadCniNetwork(fs).ok).toBe(false);
    const before = fs.version;
    fs.write('/etc/cni/net.d/10-flannel.conflist', JSON.stringify({ name: 'cbr0', plugins: [{ type: 'flannel' }] }));
    expect(fs.version).toBeGreaterThan(before);
    const first = loadCniNetwork(fs);
    expect(first.ok).toBe(true);
    expect(loadCniNetwork(fs)).toBe(first);
    fs.write('/etc/cni/net.d/10-flannel.conflist', '{');
    expect(loadCniNetwork(fs).ok).toBe(false);
    fs.remove('/etc/cni/net.d/10-flannel.conflist');
    expect(loadCniNetwork(fs)).toMatchObject({ ok: false, error: expect.stringContaining('no network config found') });
  });
});
