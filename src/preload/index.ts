import { contextBridge, ipcRenderer } from 'electron';
import { buildApi } from './buildApi';

// Must match RPC_CHANNEL / EVENT_CHANNEL in src/main/electron/ipc.ts (a unit test checks); the
// preload may not import main-process code, so the names are repeated here.
const RPC_CHANNEL = 'ledgerdesk:rpc';
const EVENT_CHANNEL = 'ledgerdesk:event';

const api = buildApi(
  (method, input) => ipcRenderer.invoke(RPC_CHANNEL, method, input),
  (listener) => {
    // The IpcRendererEvent is dropped here: it exposes `sender` (ipcRenderer itself) to the page.
    const onEvent = (_event: unknown, name: unknown, payload: unknown): void => {
      if (typeof name === 'string') listener(name, payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, onEvent);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, onEvent);
    };
  }
);

contextBridge.exposeInMainWorld('api', api);
