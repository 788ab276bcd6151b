import type { UpdateStatus } from '../../shared/contract';
import type { UpdateChannel } from '../../core/ports/prefsStore';

/** Electron's MessageBoxOptions, as much as the Help menu's answers use. */
export interface HelpMessage {
  type: 'info' | 'warning' | 'error';
  title: string;
  message: string;
  detail: string;
}

/** What Help > Check for updates answers, from the status the check left. */
export function updateCheckMessage(status: UpdateStatus, version: string, channel: UpdateChannel): HelpMessage {
  const title = 'Check for updates';
  switch (status.state) {
    case 'inactive':
      return {
        type: 'info',
        title,
        message: 'This copy of Ledgerdesk does not update itself.',
        detail: `Only an installed Ledgerdesk checks for updates; this is a development build (version ${version}).`
      };
    case 'idle':
      return { type: 'info', title, message: 'Ledgerdesk is up to date.', detail: `Version ${version} is the newest on the ${channel} channel.` };
    case 'checking':
      return { type: 'info', title, message: 'Still checking for updates…', detail: 'Ledgerdesk will say when an update is ready to install.' };
    case 'downloading':
      return {
        type: 'info',
        title,
        message: status.version ? `Ledgerdesk ${status.version} is downloading.` : 'An update is downloading.',
        detail: 'Once it is ready, a banner offers to restart and install it; otherwise it installs when you quit.'
      };
    case 'ready':
      return {
        type: 'info',
        title,
        message: status.version ? `Ledgerdesk ${status.version} is ready to install.` : 'An update is ready to install.',
        detail: 'Restart to update from the banner, or it installs when you quit.'
      };
    case 'error':
      return { type: 'warning', title, message: 'Ledgerdesk could not check for updates.', detail: status.message ?? 'The update feed did not answer.' };
  }
}

const MAX_NOTES = 2_500;

/**
 * Help > Release notes: this version's section of CHANGELOG.md, built into the app (electron.vite.config.ts),
 * as plain text a message box shows well, and cut short with a pointer to the rest.
 */
export function releaseNotesMessage(version: string, notes: string): HelpMessage {
  const text = notes
    .split('\n')
    .map((line) => line.replace(/^(\s*)[-*] /, '$1• ').replace(/^#+\s*/, ''))
    .join('\n')
    .replace(/\*\*|`/g, '')
    .trim();
  const detail = !text
    ? 'This build carries no release notes; the changelog (CHANGELOG.md) of its source has them.'
    : text.length > MAX_NOTES
      ? `${text.slice(0, text.lastIndexOf('\n', MAX_NOTES) > 0 ? text.lastIndexOf('\n', MAX_NOTES) : MAX_NOTES)}\n…\nThe whole list is on the release's page and in CHANGELOG.md.`
      : text;
  return { type: 'info', title: 'Release notes', message: `What is new in Ledgerdesk ${version}`, detail };
}
