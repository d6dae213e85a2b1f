#!/usr/bin/env node
// The CLI ships as one esbuild bundle for fast start-up (see PERFORMANCE.md).
import '../dist/kubedrill.js';
