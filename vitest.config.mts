import { configDefaults, defineConfig } from 'vitest/config';
import { importAliases } from './tools/import-aliases.mjs';

/**
 * The unit files share one module cache (`isolate: false` below), which took the unit run from 78 s
 * to 26 s on two cores. A file that replaces a module (vi.mock), a global or the clock for the whole
 * file runs in a cache of its own (project `unit-isolated`), so what it replaced never reaches the
 * files after it. tests/unit/unit-isolation.test.ts keeps this list true: a file that mocks a module
 * and is not named here fails it.
 */
const NEEDS_ISOLATION = [
  'tests/renderer/modules/status/DecisionDialog.test.tsx',
  'tests/renderer/modules/review-list/txid-display.test.tsx',
  'tests/renderer/lib/drafts.test.tsx',
  'tests/unit/main/electron/entry.test.ts',
  'tests/unit/main/electron/quit.test.ts',
  'tests/unit/main/firebase/authGateway.test.ts',
  'tests/unit/main/firebase/inFilter.test.ts',
  'tests/unit/preload/index.test.ts',
  'tests/unit/main/web/transports.test.ts'
];

const UNIT = ['tests/unit/**/*.test.ts', 'tests/renderer/**/*.test.{ts,tsx}'];

/** Renderer tests draw the screens for a signed-in owner unless they sign in another role (tests/support/renderer/session.ts). */
const SIGNED_IN_OWNER = 'tests/support/renderer/signed-in-owner.ts';

export default defineConfig({
  // Every project below extends this root, so each resolves @shared, @renderer and @main.
  resolve: { alias: importAliases },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT,
          exclude: [...configDefaults.exclude, ...NEEDS_ISOLATION],
          environment: 'node',
          // One module cache for the files (NEEDS_ISOLATION above says why, and which not).
          isolate: false,
          setupFiles: [SIGNED_IN_OWNER]
        }
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          include: NEEDS_ISOLATION,
          environment: 'node',
          setupFiles: [SIGNED_IN_OWNER]
        }
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/integration/global-setup.ts'],
          setupFiles: ['tests/support/integration/emulators.ts'],
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
