// For `npm run pack:check` only (given with -c.afterPack): electron-builder runs user hooks after
// its own, so app-update.yml is written by now. Keep a copy where LEDGERDESK_CAPTURE_TO says and
// end the run: the installer itself (NSIS, downloaded by electron-builder) is not needed to read it.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';

export default async function captureAndStop(context) {
  const target = process.env.LEDGERDESK_CAPTURE_TO;
  if (!target) throw new Error('LEDGERDESK_CAPTURE_TO is not set.');
  copyFileSync(join(context.packager.getResourcesDir(context.appOutDir), 'app-update.yml'), target);
  process.exit(0);
}
