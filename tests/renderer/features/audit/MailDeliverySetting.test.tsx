// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultPlatformSettings } from '@shared/domain/platformSettings';
import { MailDeliverySetting } from '@renderer/features/audit/components/MailDeliverySetting';
import { platformSettingsApi } from '../../../support/renderer/platformSettingsApi';
import { showInApp } from '../../../support/renderer/render';

// Who delivers queued e-mails (settings/ledgerdesk.mailDelivery), above the E-mail queue.

afterEach(() => {
  cleanup();
  delete (window as unknown as { api?: unknown }).api;
});

describe('who delivers queued e-mails', () => {
  it('says what the desktop’s delivery means, and hands it to the server only once the administrator confirms', async () => {
    const api = platformSettingsApi(defaultPlatformSettings);
    showInApp(<MailDeliverySetting />);
    const chooser = await screen.findByLabelText('Queued e-mails are delivered by');
    expect(chooser).toHaveProperty('value', 'desktop');
    expect(screen.getByText(/While no Ledgerdesk is open, they wait in the queue/)).toBeTruthy();

    await userEvent.selectOptions(chooser, 'server');
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toMatch(/only once the functions are deployed/);
    expect(api.save).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'The server delivers' }));

    await waitFor(() => expect(api.save).toHaveBeenCalledWith(expect.objectContaining({ changes: { mailDelivery: 'server' } })));
    expect(api.save.mock.calls[0]![0]).toHaveProperty('operationId', expect.stringMatching(/^[0-9a-f-]{36}$/));
    await waitFor(() => expect(screen.getByLabelText('Queued e-mails are delivered by')).toHaveProperty('value', 'server'));
    expect(screen.getByText(/with no desktop open, and retry failures on their own/)).toBeTruthy();
  });

  it('takes the queue back to the desktop without asking', async () => {
    const api = platformSettingsApi({ ...defaultPlatformSettings, mailDelivery: 'server' });
    showInApp(<MailDeliverySetting />);
    await userEvent.selectOptions(await screen.findByLabelText('Queued e-mails are delivered by'), 'desktop');
    await waitFor(() => expect(api.save).toHaveBeenCalledWith(expect.objectContaining({ changes: { mailDelivery: 'desktop' } })));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
