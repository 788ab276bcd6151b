import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AllowList, advisoriesIn, formatVerdict, judgeAdvisories } from '../../../../tools/release/security/advisories';

const root = resolve(__dirname, '../../../..');
const fixture = (name: string) => join(__dirname, 'fixtures', name);
// npm audit --omit=dev --json's report (auditReportVersion 2): js-yaml's advisory reaches electron-updater.
const report = JSON.parse(readFileSync(fixture('npm-audit-omit-dev.json'), 'utf8'));

const allow = (id: string, until = '2099-01-01') => ({
  id,
  package: 'js-yaml',
  reason: 'electron-updater parses only our own signed channel files with it',
  until
});

describe('npm audit of what Ledgerdesk ships', () => {
  it('lists each advisory once, by its GHSA id, not the packages that merely depend on it', () => {
    expect(advisoriesIn(report).map((advisory) => `${advisory.id} ${advisory.package} ${advisory.severity}`)).toEqual([
      'GHSA-c2qf-rxjj-qqgw semver high',
      'GHSA-mh29-5h37-fv8m js-yaml moderate'
    ]);
  });

  it('fails on an advisory not on the allow-list, naming it', () => {
    const verdict = judgeAdvisories(advisoriesIn(report), { advisories: [allow('GHSA-mh29-5h37-fv8m')] }, '2026-11-28');
    expect(verdict.passed).toBe(false);
    expect(verdict.refused.map((advisory) => advisory.id)).toEqual(['GHSA-c2qf-rxjj-qqgw']);
    expect(formatVerdict(verdict)).toContain('✗ GHSA-c2qf-rxjj-qqgw high in semver');
  });

  it('passes when every advisory is allowed with a reason, and says which entries are no longer needed', () => {
    const allowList = { advisories: [allow('GHSA-mh29-5h37-fv8m'), allow('GHSA-c2qf-rxjj-qqgw'), allow('GHSA-aaaa-bbbb-cccc')] };
    const verdict = judgeAdvisories(advisoriesIn(report), allowList, '2026-11-28');
    expect(verdict.passed).toBe(true);
    expect(verdict.stale.map((entry) => entry.id)).toEqual(['GHSA-aaaa-bbbb-cccc']);
    expect(formatVerdict(verdict)).toContain('GHSA-aaaa-bbbb-cccc (js-yaml) is on the allow-list but no longer reported: remove it');
  });

  it('fails on an advisory allowed past its date', () => {
    const allowList = { advisories: [allow('GHSA-mh29-5h37-fv8m', '2026-11-27'), allow('GHSA-c2qf-rxjj-qqgw')] };
    const verdict = judgeAdvisories(advisoriesIn(report), allowList, '2026-11-28');
    expect(verdict.passed).toBe(false);
    expect(verdict.expired.map(({ advisory }) => advisory.id)).toEqual(['GHSA-mh29-5h37-fv8m']);
  });

  it('fails, rather than passing on nothing, when npm could not get the advisories', () => {
    const unreachable = JSON.parse(readFileSync(fixture('npm-audit-unreachable.json'), 'utf8'));
    expect(() => advisoriesIn(unreachable)).toThrow(/got no advisories from the registry \(405 Method Not Allowed/);
  });

  it('accepts an allow-list entry only with an advisory id, a reason and a date to look again', () => {
    expect(AllowList.safeParse({ advisories: [allow('GHSA-mh29-5h37-fv8m')] }).success).toBe(true);
    expect(AllowList.safeParse({ advisories: [{ ...allow('GHSA-mh29-5h37-fv8m'), reason: 'ok' }] }).success).toBe(false);
    expect(AllowList.safeParse({ advisories: [{ ...allow('js-yaml') }] }).success).toBe(false);
    expect(AllowList.safeParse({ advisories: [{ ...allow('GHSA-mh29-5h37-fv8m'), until: 'someday' }] }).success).toBe(false);
  });

  it('holds the repository’s own allow-list to those rules', () => {
    expect(AllowList.safeParse(JSON.parse(readFileSync(join(root, 'tools/release/audit-allowlist.json'), 'utf8'))).success).toBe(true);
  });

  it('runs from a saved report without the network, and fails with what it found', () => {
    const run = spawnSync(
      process.execPath,
      [join(root, 'node_modules/tsx/dist/cli.mjs'), 'tools/release/audit.ts', '--from', fixture('npm-audit-omit-dev.json')],
      {
        cwd: root,
        encoding: 'utf8'
      }
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('✗ GHSA-mh29-5h37-fv8m moderate in js-yaml');
    expect(run.stdout).toContain('✗ npm audit --omit=dev found advisories not allowed.');
  });
});
