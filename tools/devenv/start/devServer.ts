import type { AddressInfo } from 'node:net';
import { createServer, type Plugin, type ProxyOptions } from 'vite';
import { rendererConfig } from '../../../electron.vite.config';
import { BRIDGE_PATH, withBridgeScript } from '../../../src/main/web/static';

/** What the page asks the main process's web server for (src/main/web/server.ts); everything else is the dev server's. */
export const MAIN_PATHS = ['/rpc/', '/events', '/launch', BRIDGE_PATH] as const;

/**
 * The dev server's proxy to browser mode's web server. The Host header is rewritten to the web
 * server's own, which it checks (a page elsewhere must not reach it through a DNS name).
 */
export function mainProxy(webOrigin: string): Record<string, ProxyOptions> {
  return Object.fromEntries(MAIN_PATHS.map((path) => [path, { target: webOrigin, changeOrigin: true }]));
}

/** The page served by Vite loads window.api's bridge first, as the web server's own page does. */
const bridgeFirst = (): Plugin => ({ name: 'ledgerdesk:bridge-first', transformIndexHtml: (html) => withBridgeScript(html) });

export interface RendererDevServer {
  /** http://127.0.0.1:<port>: the page, with hot reload; calls and events go on to the web server. */
  origin: string;
  close(): Promise<void>;
}

/**
 * `npm run dev` in browser mode: Vite serves the renderer from source with hot module reload, on
 * 127.0.0.1 only, and forwards /rpc, /events, /launch and the bridge script to the main process's
 * web server at `webOrigin`, which keeps checking the token and the Host as always.
 */
export async function startRendererDevServer(options: { webOrigin: string; port?: number; quiet?: boolean }): Promise<RendererDevServer> {
  const config = rendererConfig();
  const server = await createServer({
    ...config,
    configFile: false,
    clearScreen: false,
    logLevel: options.quiet ? 'warn' : 'info',
    plugins: [...(config.plugins ?? []), bridgeFirst()],
    server: { host: '127.0.0.1', port: options.port ?? 5173, strictPort: false, proxy: mainProxy(options.webOrigin) }
  });
  await server.listen();
  const { port } = server.httpServer?.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** An address the web server printed (its ready line, a launch address), moved to the dev server's origin. */
export function onDevServer(address: string, devOrigin: string): string {
  const url = new URL(address);
  const dev = new URL(devOrigin);
  url.protocol = dev.protocol;
  url.host = dev.host;
  return url.toString();
}
