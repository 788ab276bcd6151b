import type { Check } from './inspect';

/** What pack:check found inside the AppImage (unsquashed) and what its AppRun did in a sandbox test. */
export interface AppImageFacts {
  /** Paths inside the image, relative, forward slashes. */
  files: string[];
  /** The Exec line of the image's .desktop file. */
  desktopExec: string | null;
  /** Arguments the AppRun gave the app where `unshare -Ur true` works, and where it fails. */
  argsWithUserNamespaces: string[];
  argsWithoutUserNamespaces: string[];
}

export interface DebFacts {
  files: string[];
  packageType: string | null;
  apparmorProfile: string | null;
  postinst: string | null;
}

export function inspectAppImage(facts: AppImageFacts): Check[] {
  const files = new Set(facts.files);
  return [
    {
      name: 'AppImage carries no package-type file (it updates itself, not through dpkg)',
      ok: !files.has('resources/package-type')
    },
    { name: 'AppImage carries its update feed (app-update.yml)', ok: files.has('resources/app-update.yml') },
    {
      name: 'AppImage keeps the Chromium sandbox where user namespaces work',
      ok: !facts.argsWithUserNamespaces.includes('--no-sandbox'),
      detail: facts.argsWithUserNamespaces.join(' ')
    },
    {
      name: 'AppImage starts without it where they are restricted (Ubuntu 24.04 and later)',
      ok: facts.argsWithoutUserNamespaces.includes('--no-sandbox'),
      detail: facts.argsWithoutUserNamespaces.join(' ')
    },
    {
      name: 'AppImage desktop entry does not turn the sandbox off',
      ok: facts.desktopExec !== null && !facts.desktopExec.includes('--no-sandbox'),
      detail: facts.desktopExec ?? 'no .desktop file'
    }
  ];
}

export function inspectDeb(facts: DebFacts, { executable, installDir }: { executable: string; installDir: string }): Check[] {
  const files = new Set(facts.files);
  return [
    { name: "deb's package-type says deb", ok: facts.packageType?.trim() === 'deb', detail: facts.packageType ?? 'missing' },
    { name: 'deb carries its update feed (app-update.yml)', ok: files.has(`${installDir}/resources/app-update.yml`) },
    {
      name: `deb ships its AppArmor profile, allowing user namespaces to ${installDir}/${executable}`,
      ok: facts.apparmorProfile !== null && facts.apparmorProfile.includes(`"${installDir}/${executable}"`) && /^\s*userns,/m.test(facts.apparmorProfile)
    },
    {
      name: 'deb installs that profile when installed (postinst)',
      ok: facts.postinst !== null && facts.postinst.includes('apparmor_parser') && facts.postinst.includes(`${installDir}/resources/apparmor-profile`)
    }
  ];
}

/** The merged latest-linux.yml must offer both packages: electron-updater picks its own by extension. */
export function inspectLinuxFeed(fileUrls: string[]): Check {
  const kinds = ['.AppImage', '.deb'].filter((ext) => fileUrls.some((url) => url.endsWith(ext)));
  return { name: 'latest-linux.yml lists the AppImage and the deb', ok: kinds.length === 2, detail: fileUrls.join(', ') };
}
