/**
 * The unit files share one module cache (vitest.config.mts: `isolate: false`), which took the unit
 * run from 78 s to 26 s on two cores. A file that replaces a module (vi.mock), a global or the
 * clock for the whole file runs in a cache of its own (project `unit-isolated`), so what it
 * replaced never reaches the files after it. tests/unit/unit-isolation.test.ts keeps this list
 * true: a file that mocks a module and is not named here fails it.
 */
export const NEEDS_ISOLATION = [
  'tests/renderer/decision-dialog.test.tsx',
  'tests/renderer/txid-display.test.tsx',
  'tests/renderer/use-draft.test.tsx',
  'tests/unit/electron/entry.test.ts',
  'tests/unit/electron/quit.test.ts',
  'tests/unit/firebase/authGateway.test.ts',
  'tests/unit/firebase/inFilter.test.ts',
  'tests/unit/preload/index.test.ts',
  'tests/unit/web/transports.test.ts'
];

/** What replaces something for a whole file, as the isolation guard looks for it. */
export const REPLACES_FOR_THE_FILE = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/;
