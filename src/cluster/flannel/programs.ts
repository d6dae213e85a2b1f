/**
 * The flannel images as programs (principle 1): `ghcr.io/flannel-io/flannel`
 * runs flanneld or, in the install-cni init container, `cp`;
 * `ghcr.io/flannel-io/flannel-cni-plugin` ships the plugin binary its init
 * container copies onto the node.
 */
import type { SystemProgram } from '../system-programs.js';
import { FLANNEL_CNI_BINARY_SIZE } from '../runtime/cni.js';
import { effectiveArgv } from '../programs/in-container.js';
import { startFlanneld } from './flanneld.js';
import { runCopy, type ImageFile } from './install-copy.js';

/** The flannel binary of the CNI plugin image (its Dockerfile copies it to /flannel). */
const CNI_PLUGIN_FILES: Readonly<Record<string, ImageFile>> = { '/flannel': { content: '\u007fELF', mode: 0o755, sizeBytes: FLANNEL_CNI_BINARY_SIZE } };

const isCp = (argv0: string | undefined) => argv0 === 'cp' || argv0 === '/bin/cp';

/** ghcr.io/flannel-io/flannel: flanneld, or cp for the init container. */
export const flannelProgram: SystemProgram = {
  repository: 'ghcr.io/flannel-io/flannel',
  launch: (lc) => {
    const argv = effectiveArgv(lc.container.argv);
    if (isCp(argv[0])) return runCopy(lc, argv, {});
    return argv[0] === '/opt/bin/flanneld' ? startFlanneld(lc) : undefined;
  },
};

/** ghcr.io/flannel-io/flannel-cni-plugin: cp of /flannel into the host's CNI bin directory. */
export const flannelCniPluginProgram: SystemProgram = {
  repository: 'ghcr.io/flannel-io/flannel-cni-plugin',
  launch: (lc) => {
    const argv = effectiveArgv(lc.container.argv);
    return isCp(argv[0]) ? runCopy(lc, argv, CNI_PLUGIN_FILES) : undefined;
  },
};
