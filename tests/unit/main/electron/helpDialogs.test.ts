import { describe, expect, it } from 'vitest';
import { releaseNotesMessage, updateCheckMessage } from '@main/electron/helpDialogs';

describe('Help > Check for updates says what the check found', () => {
  it('up to date, downloading, ready, failed, or off in this copy', () => {
    expect(updateCheckMessage({ state: 'idle', version: null, message: null }, '0.3.1', 'beta')).toMatchObject({
      message: 'Ledgerdesk is up to date.',
      detail: 'Version 0.3.1 is the newest on the beta channel.'
    });
    expect(updateCheckMessage({ state: 'downloading', version: '0.4.0', message: null }, '0.3.1', 'stable').message).toBe('Ledgerdesk 0.4.0 is downloading.');
    expect(updateCheckMessage({ state: 'ready', version: '0.4.0', message: null }, '0.3.1', 'stable').message).toBe('Ledgerdesk 0.4.0 is ready to install.');
    expect(updateCheckMessage({ state: 'error', version: null, message: 'The update server could not be reached.' }, '0.3.1', 'stable')).toMatchObject({
      type: 'warning',
      detail: 'The update server could not be reached.'
    });
    expect(updateCheckMessage({ state: 'inactive', version: null, message: null }, '0.3.1', 'stable').message).toBe(
      'This copy of Ledgerdesk does not update itself.'
    );
  });
});

describe('Help > Release notes', () => {
  it("shows this version's changelog section as plain text", () => {
    const notes = '### Added\n\n- **Export diagnostics** in the Help menu.\n- `npm run dev` with hot reload.';
    expect(releaseNotesMessage('0.3.1', notes)).toEqual({
      type: 'info',
      title: 'Release notes',
      message: 'What is new in Ledgerdesk 0.3.1',
      detail: 'Added\n\n• Export diagnostics in the Help menu.\n• npm run dev with hot reload.'
    });
  });

  it('cuts a long section at a line and says where the rest is', () => {
    const notes = Array.from({ length: 100 }, (_, i) => `- Change number ${i} of this release, described at some length.`).join('\n');
    const { detail } = releaseNotesMessage('0.3.1', notes);
    expect(detail.length).toBeLessThan(2_700);
    expect(detail).toMatch(/\.\n…\nThe whole list is on the release's page and in CHANGELOG\.md\.$/);
  });

  it('says so when the build carries none', () => {
    expect(releaseNotesMessage('0.1.0', '').detail).toBe('This build carries no release notes; the changelog (CHANGELOG.md) of its source has them.');
  });
});
