import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm run lint` enforces the layer rules of docs/architecture.md §5: eslint-plugin-boundaries says which of
// our folders may import which, no-restricted-imports which packages each may load. These deliberate
// violations, linted in memory at the paths they would have, prove each rule bites.
const eslint = new ESLint({ cwd: resolve(__dirname, '../..') });

const layerRules = new Set(['boundaries/dependencies', 'no-restricted-imports', '@typescript-eslint/no-restricted-imports']);

const errorsFor = async (filePath: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId !== null && layerRules.has(m.ruleId)).map((m) => m.message);
};

// The first lint loads both tsconfigs for the alias resolver: seconds on a busy machine.
describe('architecture boundaries', { timeout: 30_000 }, () => {
  it.each([
    // Our own folders (boundaries/dependencies).
    [
      'a use-case importing the firebase layer',
      'src/core/x.ts',
      "import { connectFirebase } from '../main/firebase/connect';\nexport const a = connectFirebase;"
    ],
    [
      'a use-case importing a firebase type',
      'src/core/ports/x.ts',
      "import type { FirebaseHandles } from '../../main/firebase/connect';\nexport type A = FirebaseHandles;"
    ],
    ['a use-case importing the composition root', 'src/core/x.ts', "import { startMainServices } from '../main/compose';\nexport const a = startMainServices;"],
    [
      'a handler importing the electron glue',
      'src/main/handlers/x.ts',
      "import { createMainWindow } from '../electron/window';\nexport const a = createMainWindow;"
    ],
    [
      'the renderer importing main',
      'src/renderer/src/x.ts',
      "import { createDispatcher } from '../../main/rpc/dispatcher';\nexport const a = createDispatcher;"
    ],
    [
      'the renderer importing a main type',
      'src/renderer/src/lib/x.ts',
      "import type { Handlers } from '../../../main/rpc/dispatcher';\nexport type A = Handlers;"
    ],
    ['the renderer importing the preload', 'src/renderer/src/lib/x.ts', "import '../../../preload/index';"],
    [
      'the renderer importing the backend host',
      'src/renderer/src/components/x.ts',
      "import { buildServer } from '../../../../server/app';\nexport const a = buildServer;"
    ],
    [
      'a feature importing another feature',
      'src/renderer/src/features/send-mail/x.ts',
      "import { customerListKeys } from '../customers/api/customers';\nexport const a = customerListKeys;"
    ],
    [
      'a generic component importing a feature',
      'src/renderer/src/components/x.ts',
      "import { customerListKeys } from '../features/customers/api/customers';\nexport const a = customerListKeys;"
    ],
    // The same, through the import aliases (@shared, @renderer, @main): judged by the folder they land in.
    [
      'the renderer importing main by its alias',
      'src/renderer/src/lib/x.ts',
      "import { createDispatcher } from '@main/rpc/dispatcher';\nexport const a = createDispatcher;"
    ],
    [
      'a generic component importing a feature by its alias',
      'src/renderer/src/components/x.ts',
      "import { customerListKeys } from '@renderer/features/customers/api/customers';\nexport const a = customerListKeys;"
    ],
    [
      'a use-case importing the firebase layer by its alias',
      'src/core/x.ts',
      "import { connectFirebase } from '@main/firebase/connect';\nexport const a = connectFirebase;"
    ],
    [
      'shared rules importing the renderer by its alias',
      'src/shared/domain/x.ts',
      "import { formatMoney } from '@renderer/lib/format';\nexport const a = formatMoney;"
    ],
    [
      'a generic component importing a module',
      'src/renderer/src/components/data-table/x.ts',
      "import { StatusBadge } from '../../modules/status/StatusBadge';\nexport const a = StatusBadge;"
    ],
    [
      'a module importing a feature',
      'src/renderer/src/modules/review-list/x.ts',
      "import { customerListKeys } from '../../features/customers/api/customers';\nexport const a = customerListKeys;"
    ],
    ['renderer lib code importing a component', 'src/renderer/src/lib/x.ts', "import { Button } from '../components/ui/Button';\nexport const a = Button;"],
    ['shared code importing the core', 'src/shared/domain/x.ts', "import { operationOf } from '../../core/operations';\nexport const a = operationOf;"],
    // One core, four hosts: the core knows no host, and the platform's hosts never reach into the desktop's.
    ['a use-case importing the session', 'src/core/x.ts', "import { SessionService } from '../main/session/session';\nexport const a = SessionService;"],
    [
      'the backend host importing src/main',
      'server/platform/x.ts',
      "import { startMainServices } from '../../src/main/compose';\nexport const a = startMainServices;"
    ],
    ['a function importing src/main', 'functions/src/x.ts', "import { createHandlers } from '../../src/main/handlers';\nexport const a = createHandlers;"],
    [
      'the backend host importing a client-SDK adapter',
      'server/x.ts',
      "import { firestoreRecordsReader } from '../src/main/firebase/recordsReader';\nexport const a = firestoreRecordsReader;"
    ],
    ['the preload importing main', 'src/preload/x.ts', "import { createDispatcher } from '../main/rpc/dispatcher';\nexport const a = createDispatcher;"],
    ['the dispatcher importing a handler', 'src/main/rpc/x.ts', "import { createHandlers } from '../handlers';\nexport const a = createHandlers;"],
    // Packages (no-restricted-imports).
    ['the renderer importing firebase', 'src/renderer/src/x.ts', "import { getAuth } from 'firebase/auth';\nexport const a = getAuth;"],
    ['the renderer importing electron', 'src/renderer/src/x.ts', "import { ipcRenderer } from 'electron';\nexport const a = ipcRenderer;"],
    ['a use-case importing firebase', 'src/core/x.ts', "import { getDoc } from 'firebase/firestore';\nexport const a = getDoc;"],
    [
      'a read the cache may answer, in the firebase layer',
      'src/main/firebase/x.ts',
      "import { getDocs } from 'firebase/firestore';\nexport const a = getDocs;"
    ],
    ['main business code importing electron', 'src/main/session/x.ts', "import { app } from 'electron';\nexport const a = app;"],
    ['a use-case importing electron-updater', 'src/core/x.ts', "import { autoUpdater } from 'electron-updater';\nexport const a = autoUpdater;"],
    ['the renderer importing electron-log', 'src/renderer/src/x.ts', "import log from 'electron-log/main';\nexport const a = log;"],
    ['shared code importing node', 'src/shared/domain/x.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;"],
    ['shared code importing react', 'src/shared/x.ts', "import { useState } from 'react';\nexport const a = useState;"],
    ['the firebase layer importing electron', 'src/main/firebase/x.ts', "import { app } from 'electron';\nexport const a = app;"],
    [
      'electron glue other than the entry loading electron',
      'src/main/electron/window.ts',
      "import { BrowserWindow } from 'electron';\nexport const a = BrowserWindow;"
    ],
    [
      'electron glue other than the entry loading electron-updater',
      'src/main/electron/updater.ts',
      "import { autoUpdater } from 'electron-updater';\nexport const a = autoUpdater;"
    ]
  ])('refuses %s', async (_label, file, code) => {
    expect(await errorsFor(file, code)).not.toEqual([]);
  });

  it.each([
    [
      'firebase inside src/main/firebase',
      'src/main/firebase/x.ts',
      "import { getDocFromServer } from 'firebase/firestore';\nexport const a = getDocFromServer;"
    ],
    [
      'the firebase layer implementing a port',
      'src/main/firebase/x.ts',
      "import type { UserRepository } from '../../core/ports/userRepository';\nexport type A = UserRepository;"
    ],
    ['electron in the Electron entry', 'src/main/electron/index.ts', "import { app } from 'electron';\nexport const a = app;"],
    ['an electron type in other glue', 'src/main/electron/window.ts', "import type { BrowserWindow } from 'electron';\nexport type A = BrowserWindow;"],
    ['the contract inside the renderer', 'src/renderer/src/x.ts', "import { contract } from '../../shared/contract';\nexport const a = contract;"],
    ['a feature using shared renderer code', 'src/renderer/src/features/customers/x.ts', "import { call } from '../../lib/api';\nexport const a = call;"],
    [
      'a feature using its own folder',
      'src/renderer/src/features/customers/components/x.ts',
      "import { customerListKeys } from '../api/customers';\nexport const a = customerListKeys;"
    ],
    [
      'a feature using a module',
      'src/renderer/src/features/customers/x.ts',
      "import { CustomerLink } from '../../modules/customers/CustomerLink';\nexport const a = CustomerLink;"
    ],
    [
      'a module using another module',
      'src/renderer/src/modules/review-list/x.ts',
      "import { StatusBadge } from '../status/StatusBadge';\nexport const a = StatusBadge;"
    ],
    [
      'a module using a generic component',
      'src/renderer/src/modules/customers/x.ts',
      "import { Button } from '../../components/ui/Button';\nexport const a = Button;"
    ],
    ['a generic component using lib', 'src/renderer/src/components/ui/x.ts', "import { cn } from '../../lib/cn';\nexport const a = cn;"],
    [
      'the composition root wiring firebase in',
      'src/main/compose.ts',
      "import { connectFirebase } from './firebase/connect';\nexport const a = connectFirebase;"
    ],
    [
      'the backend host running a use-case of the core',
      'server/platform/x.ts',
      "import { deliverQueuedMail } from '../../src/core/mailDelivery';\nexport const a = deliverQueuedMail;"
    ],
    [
      'a handler running a use-case of the core',
      'src/main/handlers/x.ts',
      "import { changeStatusWith } from '../../core/statusChanges';\nexport const a = changeStatusWith;"
    ],
    ['an entry point using the composition root', 'src/main/web/x.ts', "import { startMainServices } from '../compose';\nexport const a = startMainServices;"]
  ])('allows %s', async (_label, file, code) => {
    expect(await errorsFor(file, code)).toEqual([]);
  });
});
