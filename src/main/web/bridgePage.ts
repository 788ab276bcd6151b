import { installBridge, type BridgeWindow } from './bridge';

// The entry of the browser-mode page's bridge script: electron.vite.config.ts bundles it (with
// bridge.ts and src/shared/windowApi.ts) into one classic script, out/main/web-bridge.js, which
// the page loads before the app and which leaves nothing behind but window.api.
// This file is type-checked without the DOM's types (it lives with the main process); in the page its
// global object is the window, of which the bridge uses the parts BridgeWindow names.
const page: typeof globalThis & BridgeWindow = globalThis as typeof globalThis & BridgeWindow;

installBridge(page);
