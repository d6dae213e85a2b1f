import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 30_000,
    // Ink renders only the last frame when it thinks it runs in CI; the TUI tests wait on intermediate frames.
    env: { CI: 'false' },
  },
});
