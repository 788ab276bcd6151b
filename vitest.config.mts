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
          globalSetup: ['tests/support/integration-global-setup.ts'],
          setupFiles: ['tests/support/integration-emulators.ts'],
          // One file at a time: the files share the emulators' two cores with the end-to-end run.
          fileParallelism: false,
          // In CI a test that fails once is run once more; tools/test-all.ts names it as flaky.
          retry: process.env.CI ? 1 : 0,
          testTimeout: 60_000,
          hookTimeout: 90_000
        }
      }
    ]
  }
});
