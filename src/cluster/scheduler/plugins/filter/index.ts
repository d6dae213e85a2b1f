/**
 * The default profile's Filter plugins in upstream order
 * (`pkg/scheduler/apis/config/v1/default_plugins.go`): the framework stops at
 * the first plugin that rejects a node, so the order decides the reason shown.
 * Volume plugins are not simulated.
 */
import type { FilterPlugin } from './filter-plugin.js';
import { nodeAffinityFilter } from './node-affinity.js';
import { nodeNameFilter } from './node-name.js';
import { nodePortsFilter } from './node-ports.js';
import { nodeResourcesFitFilter } from './node-resources-fit.js';
import { nodeUnschedulable } from './node-unschedulable.js';
import { taintTolerationFilter } from './taint-toleration.js';

/** Filter plugins in the order the default profile runs them. */
export const DEFAULT_FILTER_PLUGINS: readonly FilterPlugin[] = [
  nodeUnschedulable,
  nodeNameFilter,
  taintTolerationFilter,
  nodeAffinityFilter,
  nodePortsFilter,
  nodeResourcesFitFilter,
];

export type { FilterPlugin } from './filter-plugin.js';
