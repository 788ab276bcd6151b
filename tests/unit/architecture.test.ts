import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm run lint` enforces the layer rules of docs/architecture.md §5; these deliberate violations prove it bites.
const eslint = new ESLint({ cwd: resolve(__dirname, '../..') });

const errorsFor = async (filePath: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
};

describe('architecture boundaries', () => {
  it.each([
    ['the renderer importing firebase', 'src/renderer/src/x.ts', "import { getAuth } from 'firebase/auth';\nexport const a = getAuth;"],
    ['the renderer importing main', 'src/renderer/src/x.ts', "import { createDispatcher } from '../../main/rpc/dispatcher';\nexport const a = createDispatcher;"],
    ['the renderer importing electron', 'src/renderer/src/x.ts', "import { ipcRenderer } from 'electron';\nexport const a = ipcRenderer;"],
    ['a use-case importing firebase', 'src/main/app/x.ts', "import { getDoc } from 'firebase/firestore';\nexport const a = getDoc;"],
    ['main business code importing electron', 'src/main/session/x.ts', "import { app } from 'electron';\nexport const a = app;"],
    ['a use-case importing electron-updater', 'src/main/app/x.ts', "import { autoUpdater } from 'electron-updater';\nexport const a = autoUpdater;"],
    ['the renderer importing electron-log', 'src/renderer/src/x.ts', "import log from 'electron-log/main';\nexport const a = log;"],
    ['shared code importing node', 'src/shared/domain/x.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;"],
    ['shared code importing react', 'src/shared/x.ts', "import { useState } from 'react';\nexport const a = useState;"],
    ['the firebase layer importing electron', 'src/main/firebase/x.ts', "import { app } from 'electron';\nexport const a = app;"]
  ])('refuses %s', async (_label, file, code) => {
    expect(await errorsFor(file, code)).not.toEqual([]);
  });

  it.each([
    ['firebase inside src/main/firebase', 'src/main/firebase/x.ts', "import { getDoc } from 'firebase/firestore';\nexport const a = getDoc;"],
    ['electron inside src/main/electron', 'src/main/electron/x.ts', "import { app } from 'electron';\nexport const a = app;"],
    ['the contract inside the renderer', 'src/renderer/src/x.ts', "import { contract } from '../../shared/contract';\nexport const a = contract;"],
    ['main code using its firebase layer', 'src/main/app/x.ts', "import { connectFirebase } from '../firebase/connect';\nexport const a = connectFirebase;"]
  ])('allows %s', async (_label, file, code) => {
    expect(await errorsFor(file, code)).toEqual([]);
  });
});
