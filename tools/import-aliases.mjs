import { fileURLToPath } from 'node:url';

/**
 * The four import aliases, for the bundlers and the test runner (electron.vite.config.ts,
 * vitest.config.mts); the type checker, eslint and madge read the same from the tsconfigs' `paths`.
 * A file far from what it imports names it from its layer's root (`@shared/contract`) instead of
 * climbing `../../../../`; near imports stay relative. Plain JavaScript, so both configuration
 * loaders (ESM and CommonJS) take it as it is.
 */
export const importAliases = {
  '@shared': fileURLToPath(new URL('../src/shared', import.meta.url)),
  '@renderer': fileURLToPath(new URL('../src/renderer/src', import.meta.url)),
  '@main': fileURLToPath(new URL('../src/main', import.meta.url)),
  '@core': fileURLToPath(new URL('../src/core', import.meta.url))
};
