import type { Api } from '../shared/contract';

declare global {
  interface Window {
    /** Built by the preload (Electron) or the browser-mode bridge; the renderer's only way out. */
    readonly api: Api;
  }
}

export {};
