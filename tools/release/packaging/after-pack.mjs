// electron-builder's `afterPack` hook (electron-builder.yml), run once per packaged folder.
import checkUpdateFeed from './check-update-feed.mjs';

/**
 * electron-builder writes the deb's `package-type` (how electron-updater chooses dpkg) into the
 * same unpacked folder an AppImage of the same run is made from: an AppImage built beside a deb
 * could then try to update itself with dpkg. `npm run dist` builds them in separate runs.
 */
export function refuseSharedLinuxFolder(context) {
  const names = (context.targets ?? []).map((target) => target.name);
  const packages = names.filter((name) => ['deb', 'rpm', 'pacman'].includes(name));
  if (names.includes('appImage') && packages.length > 0) {
    throw new Error(`Build the AppImage and the ${packages.join(', ')} in separate electron-builder runs (npm run dist does).`);
  }
}

export default async function afterPack(context) {
  refuseSharedLinuxFolder(context);
  await checkUpdateFeed(context);
}
