// electron-builder `afterPack` hook (electron-builder.yml): refuses to build an installer whose
// baked-in update feed (resources/app-update.yml, written from LEDGERDESK_UPDATE_URL just before
// user hooks run) is plain http beyond this computer. Installed copies trust that feed for the
// code they run next. The rule itself is src/main/config/urls.ts, the one the app applies at run time.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

/** The `url:` of an app-update.yml (a flat YAML map; the value may be quoted), or null. */
export function feedUrlOf(yml) {
  const match = /^url:[ \t]*(.*?)[ \t]*$/m.exec(yml);
  if (!match) return null;
  const value = match[1];
  return /^(['"]).*\1$/.test(value) ? value.slice(1, -1) : value;
}

export default async function checkUpdateFeed(context) {
  const file = join(context.packager.getResourcesDir(context.appOutDir), 'app-update.yml');
  if (!existsSync(file)) return;
  const url = feedUrlOf(readFileSync(file, 'utf8'));
  if (url === null) return;
  const { updateFeedProblem } = await tsImport('../../../src/main/config/urls.ts', import.meta.url);
  const problem = updateFeedProblem('The update feed (LEDGERDESK_UPDATE_URL, baked into app-update.yml)', url);
  if (problem) throw new Error(problem);
}
