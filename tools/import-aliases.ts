import { resolve } from 'node:path';

/**
 * The three import aliases, for the bundlers and the test runner (electron.vite.config.ts,
 * vitest.config.mts); the type checker, eslint and madge read the same from the tsconfigs' `paths`.
 * A file far from what it imports names it from its layer's root (`@shared/contract`) instead of
 * climbing `../../../../`; near imports stay relative.
 */
export const importAliases = {
  '@shared': resolve(__dirname, '../src/shared'),
  '@renderer': resolve(__dirname, '../src/renderer/src'),
  '@main': resolve(__dirname, '../src/main')
};
