import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { startMainServices } from '../compose';
import { version } from '../../../package.json';
import { startWebServer } from './server';

/**
 * Browser mode entry (out/main/web.js), run with plain Node. It prints exactly one ready line,
 * which people open and scripts wait for.
 */
async function main(): Promise<void> {
  const port = process.env.LEDGERDESK_PORT ? Number(process.env.LEDGERDESK_PORT) : 5199;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`LEDGERDESK_PORT must be a port number, not "${process.env.LEDGERDESK_PORT}".`);
    process.exit(1);
  }
  const dataDir = resolve(process.env.LEDGERDESK_DATA_DIR ?? '.ledgerdesk');
  const services = await startMainServices({ transport: 'browser', dataDir, version, env: process.env });

  let server;
  try {
    server = await startWebServer({
      dispatch: services.dispatch,
      events: services.events,
      rendererDir: join(__dirname, '../renderer'),
      token: randomBytes(24).toString('base64url'),
      port,
      // Not a second ready line: scripts that wait for that one must not open this address.
      onNewAddress: (url) => {
        console.log('A launch address was used twice (or too late): for safety Ledgerdesk changed its access key, and the pages opened before are signed out.');
        console.log(`Ledgerdesk new address: ${url}`);
      }
    });
  } catch (error) {
    const inUse = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
    console.error(inUse ? `Port ${port} is already in use. Set LEDGERDESK_PORT to a free port.` : String(error));
    await services.dispose();
    process.exit(1);
  }

  if (services.config.mode === 'unconfigured') {
    console.error('No platform configured: Ledgerdesk will ask for one. See docs/operations/configuration.md.');
  }
  console.log(`Ledgerdesk ready: ${server.url}`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    await services.dispose();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error) => {
  console.error('Ledgerdesk could not start:', error);
  process.exit(1);
});
