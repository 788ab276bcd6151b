import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Architecture boundaries (docs/architecture.md §5): which of our folders may import which (boundaries),
// and which packages each may import (no-restricted-imports, below).

/** Our folders as layers; the first pattern that matches a file's folder names its layer. */
const elements = [
  { type: 'shared', pattern: 'src/shared' },
  { type: 'core', pattern: 'src/core' },
  { type: 'main-handlers', pattern: 'src/main/handlers' },
  { type: 'main-firebase', pattern: 'src/main/firebase' },
  { type: 'main-backend', pattern: 'src/main/backend' },
  { type: 'main-session', pattern: 'src/main/session' },
  { type: 'main-config', pattern: 'src/main/config' },
  { type: 'main-rpc', pattern: 'src/main/rpc' },
  { type: 'main-electron', pattern: 'src/main/electron' },
  { type: 'main-web', pattern: 'src/main/web' },
  { type: 'preload', pattern: 'src/preload' },
  { type: 'renderer-feature', pattern: 'src/renderer/src/features/*', capture: ['feature'] },
  { type: 'renderer-module', pattern: 'src/renderer/src/modules/*', capture: ['module'] },
  { type: 'renderer-components', pattern: 'src/renderer/src/components' },
  { type: 'renderer-lib', pattern: 'src/renderer/src/{lib,stores}' },
  { type: 'renderer-app', pattern: 'src/renderer/src/app' },
  // What is left directly in these folders: the composition root (compose.ts) and the page's entry (main.tsx).
  { type: 'compose', pattern: 'src/main' },
  { type: 'renderer-app', pattern: 'src/renderer/src' },
  { type: 'server', pattern: 'server' },
  { type: 'functions', pattern: 'functions' },
  { type: 'tools', pattern: 'tools' },
  { type: 'tests', pattern: 'tests' }
].map((element) => ({ ...element, partialMatch: false }));

const may = (from, to, message) => ({
  from: { element: { type: from } },
  allow: { to: { element: { types: { anyOf: to } } } },
  ...(message ? { message } : {})
});
const mainCore = ['core', 'main-handlers', 'main-firebase', 'main-backend', 'main-session', 'main-config', 'main-rpc'];
const layerRules = {
  'boundaries/dependencies': [
    'error',
    {
      default: 'disallow',
      message: 'docs/architecture.md §5: a {{from.element.type}} file may not import a {{to.element.type}} file.',
      policies: [
        may('shared', ['shared']),
        // The core: the use-cases every host runs, over their ports; never a host, never the code that implements a port.
        may('core', ['shared', 'core']),
        // The desktop's and browser mode's handlers: the contract's methods onto the core's use-cases, for the signed-in session.
        may('main-handlers', ['shared', 'core', 'main-session', 'main-config', 'main-rpc']),
        may('main-firebase', ['shared', 'core', 'main-config']),
        may('main-backend', ['shared', 'core']),
        may('main-session', ['shared', 'core', 'main-rpc']),
        may('main-config', ['shared', 'core']),
        may('main-rpc', ['shared']),
        may('compose', ['shared', ...mainCore]),
        may('main-electron', ['shared', 'compose', ...mainCore]),
        may('main-web', ['shared', 'compose', ...mainCore]),
        may('preload', ['shared']),
        // The renderer talks to everything else through window.api: it imports only src/shared. Inside it,
        // lib < components < modules < features < app: each layer sees the ones before it, never one after.
        may('renderer-app', ['shared', 'renderer-app', 'renderer-lib', 'renderer-components', 'renderer-module', 'renderer-feature']),
        may('renderer-lib', ['shared', 'renderer-lib']),
        // Parts that know nothing of the platform: no module, no feature.
        may('renderer-components', ['shared', 'renderer-lib', 'renderer-components']),
        // The platform's building blocks use each other and the generic parts; never a screen.
        may('renderer-module', ['shared', 'renderer-lib', 'renderer-components', 'renderer-module']),
        // A feature sees its own folder (not checked) and everything below it; never another feature.
        may('renderer-feature', ['shared', 'renderer-lib', 'renderer-components', 'renderer-module']),
        // The platform's handlers run the core's use-cases (delivering an e-mail, a reconciliation page) over firebase-admin; never src/main.
        may('server', ['shared', 'core', 'server']),
        // The functions only wire the platform's handlers (server/) to their triggers.
        may('functions', ['shared', 'core', 'server', 'functions']),
        may('tools', ['shared', ...mainCore, 'compose', 'main-web', 'main-electron', 'server', 'functions', 'tools']),
        may(
          'tests',
          elements.map((e) => e.type)
        )
      ]
    }
  ]
};

const firebase = {
  regex: '^(firebase|firebase-admin|@firebase/[^/]+)(/.*)?$',
  message: 'Only src/main/firebase (and server/, tools/, tests/) may import Firebase.'
};
const cachedReads = {
  name: 'firebase/firestore',
  importNames: ['getDoc', 'getDocs'],
  message: 'Read through ./reads (readDoc, readDocs), from the server: offline, getDoc and getDocs answer from the cache as if it were the platform.'
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
const intoMain = { regex: '(^|/)main(/|$)|^@main/', message: 'The renderer talks to main only through window.api.' };
const intoHost = {
  regex: '(^|/)main(/|$)|^@main/',
  message: 'The core, server/ and functions/ never import src/main, the desktop and browser mode host (docs/architecture.md §5).'
};
const intoPreload = { regex: '(^|/)preload(/|$)', message: 'Nothing imports the preload.' };
const intoRenderer = { regex: '(^|/)renderer(/|$)|^@renderer/', message: 'src/shared must not depend on the renderer.' };
const react = { regex: '^react(-dom)?(/.*)?$', message: 'src/shared is framework-free.' };

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.ledgerdesk/**', 'server/dist/**', 'functions/lib/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,mjs}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      // The TypeScript resolver follows the tsconfigs' aliases (@shared, @renderer, @core, @main), so an aliased import is judged by the
      // folder it lands in, like a relative one.
      'import/resolver': {
        typescript: { project: ['tsconfig.node.json', 'tsconfig.web.json'], noWarnOnMultipleProjects: true },
        node: { extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs'] }
      }
    },
    rules: layerRules
  },
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
  // Offline, getDoc and getDocs answer from the cache (the open listeners' documents) as if it were the platform: a list
  // would come back as a few rows given as the whole page. The firebase layer reads from the server.
  {
    files: ['src/main/firebase/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [electron, intoRenderer, intoPreload], paths: [cachedReads] }] }
  },
  { files: ['src/main/electron/**/*.ts'], rules: restrict(firebase, intoRenderer, intoPreload) },
  // Only the Electron entry loads electron at run time, so every other glue file runs under Node with fakes.
  {
    files: ['src/main/electron/**/*.ts'],
    ignores: ['src/main/electron/index.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: electron.regex,
              allowTypeImports: true,
              message: 'Only src/main/electron/index.ts loads electron; the other glue files take it as a parameter (import type only).'
            }
          ]
        }
      ]
    }
  },
  { files: ['src/preload/**/*.ts'], rules: restrict(firebase, intoMain, intoRenderer) },
  // The core runs in every host (the desktop, browser mode, the backend host, the functions): it knows none of them.
  { files: ['src/core/**/*.ts'], rules: restrict(firebase, electron, intoHost, intoRenderer, intoPreload) },
  { files: ['server/**/*.ts', 'functions/**/*.ts'], rules: restrict(electron, intoHost) },
  { files: ['src/renderer/**/*.{ts,tsx}'], rules: restrict(firebase, electron, nodeBuiltins, intoMain, intoPreload) },
  { files: ['src/shared/**/*.ts'], rules: restrict(firebase, electron, nodeBuiltins, react, intoMain, intoPreload, intoRenderer) },
  { files: ['tools/**/*.ts', 'tests/**/*.ts'], rules: restrict(electron) },
  // React's rules of hooks: hooks called unconditionally, and effects that list what they read (a stale
  // value in an effect is a bug a test rarely catches). The React Compiler's checks are on too, except
  // three that judge patterns which are right without the compiler (the page is not built with it):
  // a ref holding the latest handler, read at call time; state reset when what an effect watches changes;
  // and a note on libraries the compiler would skip (TanStack Table, react-hook-form's watch).
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'tests/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/incompatible-library': 'off'
    }
  }
);
