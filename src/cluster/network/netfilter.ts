/**
 * Each host's packet filter, as the network model asks it. The tables live
 * in cluster/kubelet/host-netfilter.ts for now (the kubelet's transport was
 * their first user); this module is the network's view of them.
 */
export { netfilterOf, type Packet, type Verdict } from '../kubelet/host-netfilter.js';
