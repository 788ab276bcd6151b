import { configDefaults, defineConfig } from 'vitest/config';
import { NEEDS_ISOLATION } from './tests/support/unit-isolation';

const UNIT = ['tests/unit/**/*.test.ts', 'tests/renderer/**/*.test.{ts,tsx}'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: UNIT,
          exclude: [...configDefaults.exclude, ...NEEDS_ISOLATION],
          environment: 'node',
          // One module cache for the files (tests/support/unit-isolation.ts says why and which not).
          isolate: false
        }
      },
      {
        test: {
          name: 'unit-isolated',
          include: NEEDS_ISOLATION,
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
