import { describe, expect, it } from 'vitest';
import { inspectAppImage, inspectDeb, inspectLinuxFeed, type AppImageFacts, type DebFacts } from '../../../../tools/release/packaging/linux';

const appImage: AppImageFacts = {
  files: ['AppRun', 'ledgerdesk.desktop', 'ledgerdesk', 'resources/app.asar', 'resources/app-update.yml'],
  desktopExec: 'AppRun %U',
  argsWithUserNamespaces: ['--first-run-flag'],
  argsWithoutUserNamespaces: ['--no-sandbox', '--first-run-flag']
};
const deb: DebFacts = {
  files: ['/opt/Ledgerdesk/ledgerdesk', '/opt/Ledgerdesk/resources/app-update.yml', '/opt/Ledgerdesk/resources/package-type'],
  packageType: 'deb',
  apparmorProfile: 'abi <abi/4.0>,\nprofile "ledgerdesk" "/opt/Ledgerdesk/ledgerdesk" flags=(unconfined) {\n  userns,\n}\n',
  postinst: "APPARMOR_PROFILE_SOURCE='/opt/Ledgerdesk/resources/apparmor-profile'\napparmor_parser --replace ..."
};
const where = { executable: 'ledgerdesk', installDir: '/opt/Ledgerdesk' };
const failed = (checks: Array<{ name: string; ok: boolean }>) => checks.filter((check) => !check.ok).map((check) => check.name);

describe('the AppImage check', () => {
  it('passes an image that updates itself and keeps the sandbox where it can', () => {
    expect(failed(inspectAppImage(appImage))).toEqual([]);
  });

  it("fails an image that inherited the deb's package-type", () => {
    expect(failed(inspectAppImage({ ...appImage, files: [...appImage.files, 'resources/package-type'] }))).toEqual([
      'AppImage carries no package-type file (it updates itself, not through dpkg)'
    ]);
  });

  it('fails an image that drops the sandbox everywhere, or aborts where user namespaces are restricted', () => {
    expect(failed(inspectAppImage({ ...appImage, argsWithUserNamespaces: ['--no-sandbox'], desktopExec: 'AppRun --no-sandbox %U' }))).toHaveLength(2);
    expect(failed(inspectAppImage({ ...appImage, argsWithoutUserNamespaces: ['--first-run-flag'] }))).toEqual([
      'AppImage starts without it where they are restricted (Ubuntu 24.04 and later)'
    ]);
  });
});

describe('the deb check', () => {
  it('passes a deb that says deb and installs its AppArmor profile', () => {
    expect(failed(inspectDeb(deb, where))).toEqual([]);
  });

  it('fails a deb without its profile, or whose profile is for another path', () => {
    expect(failed(inspectDeb({ ...deb, apparmorProfile: null }, where))).toHaveLength(1);
    expect(failed(inspectDeb({ ...deb, apparmorProfile: deb.apparmorProfile!.replace('/opt/Ledgerdesk/', '/opt/Other/') }, where))).toHaveLength(1);
    expect(failed(inspectDeb({ ...deb, packageType: 'rpm' }, where))).toEqual(["deb's package-type says deb"]);
  });
});

describe('the merged Linux feed', () => {
  it('must offer both packages', () => {
    expect(inspectLinuxFeed(['a.AppImage', 'a.deb']).ok).toBe(true);
    expect(inspectLinuxFeed(['a.deb']).ok).toBe(false);
  });
});
