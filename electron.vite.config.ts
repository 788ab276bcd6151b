import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { build, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { BRIDGE_FILE } from './src/main/web/static';
import { changelogSection } from './tools/release/releasing/changelog';
import { importAliases } from './tools/import-aliases.mjs';

const bridgeEntry = resolve(__dirname, 'src/main/web/bridgePage.ts');

/**
 * Browser mode's bridge (window.api over HTTP, built by src/shared/windowApi.ts like the preload's)
 * bundled for the page: one classic script, an IIFE that leaves nothing global but window.api, so
 * the page's `script-src 'self'` loads it as a file and nothing is serialised from Node functions.
 */
export async function bundleWebBridge(): Promise<{ code: string; modules: string[] }> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    resolve: { alias: importAliases },
    build: {
      write: false,
      minify: true,
      modulePreload: false,
      rollupOptions: { input: bridgeEntry, output: { format: 'iife', entryFileNames: BRIDGE_FILE } }
    }
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((out) => ('output' in out ? out.output : []));
  const chunks = outputs.filter((out) => out.type === 'chunk');
  if (chunks.length !== 1 || !chunks[0]) throw new Error(`The bridge bundle must be one file, got ${outputs.length}`);
  return { code: chunks[0].code, modules: chunks[0].moduleIds.filter((id) => !id.startsWith('\0')) };
}

/** Adds the bridge bundle to main's output (out/main/web-bridge.js, beside web.js, which serves it). */
const webBridge = (): Plugin => ({
  name: 'ledgerdesk:web-bridge',
  apply: 'build',
  async buildStart() {
    const { code, modules } = await bundleWebBridge();
    for (const id of modules) this.addWatchFile(id);
    this.emitFile({ type: 'asset', fileName: BRIDGE_FILE, source: code });
  }
});

/**
 * Assets from the root (app://ledgerdesk/assets/..., /assets/... in browser mode), not relative to
 * the page: a screen two levels deep (/users/:id) reloaded or opened directly would otherwise look
 * for /users/assets/. electron-vite sets './' for production builds in its own plugin, before this one.
 */
const assetsFromRoot = (): Plugin => ({ name: 'ledgerdesk:assets-from-root', config: () => ({ base: '/' }) });

/** Help > Release notes: this version's section of CHANGELOG.md (Unreleased in a build between releases). */
function releaseNotes(): string {
  const changelog = readFileSync(resolve(__dirname, 'CHANGELOG.md'), 'utf8');
  const { version } = JSON.parse(readFileSync(resolve(__dirname, 'package.json'), 'utf8')) as { version: string };
  return changelogSection(changelog, version) || changelogSection(changelog, 'Unreleased') || '';
}

/**
 * Served in development only: @vitejs/plugin-react puts an inline module script (React Refresh's
 * preamble) in the page, which the page's own CSP refuses; the built page keeps script-src 'self'
 * (src/main/electron/security.ts DEV_CSP is the desktop window's header for the same server).
 */
const devInlineScripts = (): Plugin => ({
  name: 'ledgerdesk:dev-inline-scripts',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
});

/**
 * The renderer's Vite configuration: electron-vite builds and serves it, and `npm run dev` in browser
 * mode serves it with a proxy to the main process's web server (tools/devenv/start/devServer.ts).
 */
export const rendererConfig = (): UserConfig => ({
  root: resolve(__dirname, 'src/renderer'),
  plugins: [react(), tailwindcss(), assetsFromRoot(), devInlineScripts()],
  resolve: { alias: importAliases },
  build: {
    // electron-vite leaves output unminified by default; the page loads faster minified.
    minify: true,
    outDir: resolve(__dirname, 'out/renderer'),
    rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } }
  }
});

// main: two entries built from the same handlers, `index` for Electron and `web` for browser
// mode (plain Node), plus browser mode's page bridge. Dependencies stay external so Node resolves
// firebase with its `node` export condition (gRPC Firestore) at run time.
export default defineConfig({
  main: {
    plugins: [webBridge()],
    resolve: { alias: importAliases },
    define: { __LEDGERDESK_RELEASE_NOTES__: JSON.stringify(releaseNotes()) },
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/electron/index.ts'),
          web: resolve(__dirname, 'src/main/web/index.ts')
        }
      }
    }
  },
  preload: {
    resolve: { alias: importAliases },
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        // A sandboxed preload cannot require npm packages or its own chunks: one CommonJS file.
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false }
      }
    }
  },
  renderer: rendererConfig()
});
