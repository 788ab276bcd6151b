import { installBridge, type BridgeWindow } from './bridge';

// The entry of the browser-mode page's bridge script: electron.vite.config.ts bundles it (with
// bridge.ts and src/shared/windowApi.ts) into one classic script, out/main/web-bridge.js, which
// the page loads before the app and which leaves nothing behind but window.api.
installBridge(globalThis as unknown as BridgeWindow);
