import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node'
        }
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/vitest-global-setup.ts'],
          // One set of emulators is shared, and tests reset it: run files one at a time.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 90_000
        }
      }
    ]
  }
});
