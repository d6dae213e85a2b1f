import { describe, it, expect, beforeEach } from 'vitest';
import { hostHarness, type HostHarness } from './harness.js';

const DATED = '/var/lib/kubelet/pki/kubelet-client-2026-10-16-09-13-04.pem';
const CURRENT = '/var/lib/kubelet/pki/kubelet-client-current.pem';

describe('symbolic links: kubelet-client-current.pem -> the dated certificate', () => {
  let h: HostHarness;
  beforeEach(async () => {
    h = await hostHarness();
  });

  it('ls -l shows the link with its target, lrwxrwxrwx and the target path length as size; a fast symlink takes no block', async () => {
    expect((await h.run('ls -l /var/lib/kubelet/pki')).stdout).toBe(
      'total 12\n' +
        '-rw------- 1 root root 419 Oct 16 09:13 kubelet-client-2026-10-16-09-13-04.pem\n' +
        `lrwxrwxrwx 1 root root  59 Oct 16 09:13 kubelet-client-current.pem -> ${DATED}\n` +
        '-rw-r--r-- 1 root root 331 Oct 16 09:12 kubelet.crt\n' +
        '-rw------- 1 root root 105 Oct 16 09:12 kubelet.key\n',
    );
    expect((await h.run('ls -F /var/lib/kubelet/pki')).stdout).toContain('kubelet-client-current.pem@');
  });

  it('reads follow the link; readlink prints its target', async () => {
    expect((await h.run(`cat ${CURRENT}`)).stdout).toBe((await h.run(`cat ${DATED}`)).stdout);
    expect((await h.run(`openssl x509 -in ${CURRENT} -noout -subject`)).stdout).toBe('subject=O = system:nodes, CN = system:node:node-1\n');
    expect((await h.run(`readlink ${CURRENT}`)).stdout).toBe(`${DATED}\n`);
    expect((await h.run(`readlink -f ${CURRENT}`)).stdout).toBe(`${DATED}\n`);
    expect(await h.run(`readlink ${DATED}`)).toMatchObject({ stdout: '', exitCode: 1 });
    expect(await h.run('readlink')).toMatchObject({ stderr: "readlink: missing operand\nTry 'readlink --help' for more information.\n", exitCode: 1 });
  });

  it('a rotated certificate moves the link to the new dated file', async () => {
    const fs = h.cluster.nodes.get('node-1')!.host.fs;
    fs.write('/tmp/new.pem', 'x');
    fs.symlink('/tmp/new.pem', CURRENT, { mtime: 0 });
    expect(fs.read(CURRENT)).toBe('x');
    // Writing through the link writes the target, as open(2) does.
    fs.write(CURRENT, 'y');
    expect(fs.read('/tmp/new.pem')).toBe('y');
    expect(fs.readlink(CURRENT)).toBe('/tmp/new.pem');
  });
});
