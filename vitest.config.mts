import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/renderer/**/*.test.{ts,tsx}'],
          environment: 'node'
        }
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/integration-emulators.ts'],
          // Each file starts its own emulators (Java, ~8 s): one file at a time keeps 2 cores usable.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 90_000
        }
      }
    ]
  }
});
