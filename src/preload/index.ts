import { contextBridge, ipcRenderer } from 'electron';
import { EVENT_CHANNEL, RPC_CHANNEL } from '../shared/methods';
import { buildApi } from '../shared/windowApi';

// window.api over Electron IPC. Everything but the transport is src/shared/windowApi.ts, the module
// browser mode's bridge uses too; the build bundles it in, into one sandboxed CommonJS file.
const api = buildApi({
  invoke: (method, input) => ipcRenderer.invoke(RPC_CHANNEL, method, input),
  subscribe: (listener) => {
    // The IpcRendererEvent is dropped here: it exposes `sender` (ipcRenderer itself) to the page.
    ipcRenderer.on(EVENT_CHANNEL, (_event: unknown, name: unknown, payload: unknown): void => {
      if (typeof name === 'string') listener(name, payload);
    });
  }
});

contextBridge.exposeInMainWorld('api', api);
