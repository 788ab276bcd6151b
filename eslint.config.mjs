import tseslint from 'typescript-eslint';

// Architecture boundaries (docs/architecture.md §5), enforced as import rules per folder.
const firebase = {
  regex: '^(firebase|firebase-admin|@firebase/[^/]+)(/.*)?$',
  message: 'Only src/main/firebase (and server/, scripts/, tests/) may import Firebase.'
};
// electron-updater and electron-log load electron themselves, so they count as electron.
const electron = {
  regex: '^electron(-updater|-log)?(/.*)?$',
  message: 'Only src/main/electron and src/preload may import electron (or electron-updater, electron-log).'
};
const nodeBuiltins = {
  regex: '^(node:|(fs|path|os|child_process|crypto|http|https|net|url|stream|events|util)$)',
  message: 'This code runs in the page (or must stay pure): no Node built-ins.'
};
const intoMain = { regex: '(^|/)main(/|$)', message: 'The renderer talks to main only through window.api.' };
const intoPreload = { regex: '(^|/)preload(/|$)', message: 'Nothing imports the preload.' };
const intoRenderer = { regex: '(^|/)renderer(/|$)', message: 'src/shared must not depend on the renderer.' };
const react = { regex: '^react(-dom)?(/.*)?$', message: 'src/shared is framework-free.' };

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.ledgerdesk/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }]
    }
  },
  {
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/firebase/**', 'src/main/electron/**'],
    rules: restrict(firebase, electron, intoRenderer, intoPreload)
  },
  { files: ['src/main/firebase/**/*.ts'], rules: restrict(electron, intoRenderer, intoPreload) },
  { files: ['src/main/electron/**/*.ts'], rules: restrict(firebase, intoRenderer, intoPreload) },
  { files: ['src/preload/**/*.ts'], rules: restrict(firebase, intoMain, intoRenderer) },
  { files: ['src/renderer/**/*.{ts,tsx}'], rules: restrict(firebase, electron, nodeBuiltins, intoMain, intoPreload) },
  { files: ['src/shared/**/*.ts'], rules: restrict(firebase, electron, nodeBuiltins, react, intoMain, intoPreload, intoRenderer) },
  { files: ['server/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts'], rules: restrict(electron) }
);
